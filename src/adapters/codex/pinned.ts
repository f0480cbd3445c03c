import type { PinnedVersion } from "../pinned-version.js";

export const pinned: PinnedVersion = Object.freeze({
  version: "0.171.0",
  basis: "npm-devDependency",
  note: "current release; probed here 2026-11-29 (help, features list, exec resume --help) and again 2026-12-01 on node 22",
  probedOn: "2026-11-29",
});
