/**
 * Where a harness's most-recent pick will look, computed purely from its descriptor's
 * sessionStore fact, the spawn cwd and the env the harness will see. `--resume-last` emits
 * (docs/harness-facts.md#reference-resume-last): one fixed warning, a `store root <root> for scope <cwd>` diagnostic,
 * and - where sessions are filed per cwd (claude, pi, cursor) - a warning when that folder is
 * absent, which the caller decides through its own file system. Never a refusal.
 */
import { createHash } from "node:crypto";
import type { CwdFolderRule, SessionStoreShape } from "./descriptor.js";
import type { HarnessEvent } from "./events.js";
import type { HarnessName } from "./harness-names.js";

export const RESUME_LAST_WARNING =
  "--resume-last: the harness picks its most recent session for this cwd; it may be a fresh session or another run's " +
  "(killed, failed or unrelated). The identity event carries the id it picked; use --resume <id> for strict continuation.";

export interface StoreLocation {
  /** The folder the harness files sessions in. */
  readonly root: string;
  /** The per-cwd folder below root, or null when the harness does not file per cwd. */
  readonly cwdDir: string | null;
}

function join(base: string, ...parts: string[]): string {
  return [base.replace(/\/+$/, ""), ...parts].join("/");
}

/** claude's 31-multiplier string hash (signed 32-bit), as its folder names use it. */
function stringHash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

export function cwdFolderName(rule: CwdFolderRule, cwd: string): string {
  switch (rule.kind) {
    case "non-alphanumeric-to-dash": {
      const name = cwd.replace(/[^a-zA-Z0-9]/g, "-");
      return name.length <= rule.maxLength
        ? name
        : `${name.slice(0, rule.maxLength)}-${Math.abs(stringHash(cwd)).toString(36)}`;
    }
    case "double-dash-wrapped":
      return `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
    case "md5-hex":
      return createHash("md5").update(cwd).digest("hex");
  }
}

export function sessionStoreLocation(
  store: SessionStoreShape,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): StoreLocation {
  const relocated = store.dirEnv ? env[store.dirEnv] : undefined;
  const own = relocated && relocated !== "" ? relocated : join(env.HOME || "~", store.homeDir);
  const root = join(own, store.sessions);
  return { root, cwdDir: store.perCwd ? join(root, cwdFolderName(store.perCwd, cwd)) : null };
}

export interface ResumeLastNotice {
  /** The fixed warning and the store-root diagnostic, in that order. */
  readonly events: readonly HarnessEvent[];
  /** The per-cwd folder to check for existence, when the harness files per cwd. */
  readonly cwdDir: string | null;
}

export function resumeLastNotice(
  harness: HarnessName,
  store: SessionStoreShape | null,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): ResumeLastNotice {
  const events: HarnessEvent[] = [{ kind: "error", message: RESUME_LAST_WARNING }];
  if (!store) {
    events.push({
      kind: "progress",
      label: "resume-last",
      detail: `store root unknown for ${harness} for scope ${cwd}`,
    });
    return { events, cwdDir: null };
  }
  const location = sessionStoreLocation(store, cwd, env);
  events.push({ kind: "progress", label: "resume-last", detail: `store root ${location.root} for scope ${cwd}` });
  return { events, cwdDir: location.cwdDir };
}

/** The warning for an absent per-cwd folder: the harness has no session here and will likely start a fresh one. */
export function absentStoreWarning(harness: HarnessName, cwdDir: string, cwd: string): HarnessEvent {
  return {
    kind: "error",
    message: `--resume-last: ${harness} has no session folder for ${cwd} (${cwdDir} does not exist); it will start a new session or fail`,
  };
}
