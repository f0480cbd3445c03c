/**
 * The ONE place the harness versions hmux is verified against live. package.json pins the
 * same npm versions as devDependencies (a unit test keeps the two in step); descriptors,
 * `hmux ls`, `hmux check` and `npm run capture` read them from here.
 */
import type { HarnessName } from "../core/harness-names.js";

export interface PinnedVersion {
  readonly version: string;
  /** npm package for registry drift checks; null for harnesses installed outside npm. */
  readonly npmPackage: string | null;
  /** How the pinned version was established. */
  readonly basis: "npm-devDependency" | "recorded-streams" | "vendor-docs";
  readonly note: string;
  /** The day the facts were last checked on this version: no fact naming it may be dated earlier. */
  readonly probedOn?: string;
  /** npm packages this harness was published under before `npmPackage` (they get no new releases). */
  readonly formerNpmPackages?: readonly string[];
}

export const PINNED_VERSIONS: Readonly<Record<HarnessName, PinnedVersion>> = Object.freeze({
  claude: Object.freeze({
    version: "2.1.332",
    npmPackage: "@anthropic-ai/claude-code",
    basis: "npm-devDependency",
    note: "current release (engines node >=22); probed here 2026-12-01 (2.1.197, node 20's pick, probed 2026-11-29)",
    probedOn: "2026-12-01",
  }),
  codex: Object.freeze({
    version: "0.171.0",
    npmPackage: "@openai/codex",
    basis: "npm-devDependency",
    note: "current release; probed here 2026-11-29 (help, features list, exec resume --help) and again 2026-12-01 on node 22",
    probedOn: "2026-11-29",
  }),
  pi: Object.freeze({
    version: "1.6.0",
    npmPackage: "@earendil-works/pi-coding-agent",
    basis: "npm-devDependency",
    note: "current release (engines node >=22.19); probed here 2026-12-01. The old package stops at 0.73.1",
    formerNpmPackages: ["@mariozechner/pi-coding-agent"],
    probedOn: "2026-12-01",
  }),
  muse: Object.freeze({
    version: "0.1.0",
    npmPackage: null,
    basis: "recorded-streams",
    note: "not on a registry; facts from the recorded exec --json streams (schema_version 1) in shared/fixtures/hcn/harnesses/muse*.ndjson, captured against Muse Code 0.1.0",
  }),
  cursor: Object.freeze({
    version: "docs-2026-11-29",
    npmPackage: null,
    basis: "vendor-docs",
    note: "not installed here and not on a registry (script install, binary `agent`); facts are doc-derived from cursor.com/docs/cli, read 2026-11-29, until a real capture replaces them",
  }),
});

export function pinnedVersion(harness: HarnessName): PinnedVersion {
  return PINNED_VERSIONS[harness];
}
