import type { PinnedVersion } from "../pinned-version.js";

export const pinned: PinnedVersion = Object.freeze({
  version: "2.1.332",
  basis: "npm-devDependency",
  note: "current release (engines node >=22); probed here 2026-12-01 (2.1.197, node 20's pick, probed 2026-11-29)",
  probedOn: "2026-12-01",
});
