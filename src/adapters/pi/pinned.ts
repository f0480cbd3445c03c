import type { PinnedVersion } from "../pinned-version.js";

export const pinned: PinnedVersion = Object.freeze({
  version: "1.6.0",
  basis: "npm-devDependency",
  note: "current release (engines node >=22.19); probed here 2026-12-01. The old package stops at 0.73.1",
  probedOn: "2026-12-01",
});
