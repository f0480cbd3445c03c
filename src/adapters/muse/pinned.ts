import type { PinnedVersion } from "../pinned-version.js";

export const pinned: PinnedVersion = Object.freeze({
  version: "0.1.0",
  basis: "recorded-streams",
  note: "not on a registry; facts from the recorded exec --json streams (schema_version 1) in test/unit/decode/hcn-fixtures/harnesses/muse*.ndjson, captured against Muse Code 0.1.0",
});
