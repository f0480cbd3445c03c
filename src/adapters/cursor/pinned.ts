import type { PinnedVersion } from "../pinned-version.js";

export const pinned: PinnedVersion = Object.freeze({
  version: "docs-2026-11-29",
  basis: "vendor-docs",
  note: "not installed here and not on a registry (script install, binary `agent`); facts are doc-derived from cursor.com/docs/cli, read 2026-11-29, until a real capture replaces them",
});
