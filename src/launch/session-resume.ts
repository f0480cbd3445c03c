/**
 * Which session a session launch continues. `resume` is either an hmux journal id — then that
 * session goes on: its id, state dir, folder, isolation, endpoint, turn count, waiting question
 * and "allow always" rules, and the harness's own id it recorded — or, with no such journal, the
 * harness's own session id, continued under a new hmux session. Refused: a journal of another
 * harness, one still live in another hmux, one whose turns ran but never named the harness's id.
 */
import { existsSync } from "node:fs";
import type { AllowRule } from "../core/control/allow-rules.js";
import type { WaitingQuestion } from "../core/control/machine-types.js";
import type { HarnessName } from "../core/harness-names.js";
import { harnessResumeOf } from "../core/launch/harness-resume.js";
import { RefusalError } from "../core/refusal.js";
import { journalPathIn, summarizeJournal } from "../session/journal.js";
import { checkSessionId } from "../session/session-id.js";
import { type JournaledSettings, readJournaledSettings } from "./continued-settings.js";
import type { LaunchPorts, SessionLaunchRequest } from "./types.js";

export interface SessionIdentity {
  readonly sessionId: string;
  /** The harness's own session to continue (absent: it starts fresh). */
  readonly resume?: string;
  /** Continuing hmux's own journal: everything below is the journal's. */
  readonly journal?: {
    readonly stateDir: string;
    readonly cwd: string;
    readonly isolate: boolean;
    readonly endpoint?: string;
    readonly turnsBefore: number;
    readonly waitingQuestion: WaitingQuestion | null;
    readonly rules: readonly AllowRule[];
    /** The settings it was started with: the resume goes on with them. */
    readonly settings: JournaledSettings;
  };
}

export function sessionIdentity(input: {
  readonly harness: HarnessName;
  /** A fresh session's id when the caller fixed one. */
  readonly sessionId?: string;
  readonly resume?: string;
  readonly newId: () => string;
  /** The sessions dir the journals are in (the context's paths.sessions). */
  readonly sessions: string;
}): SessionIdentity {
  // Validated journal or not: the id also names the control socket and its token file.
  const fresh = input.sessionId === undefined ? input.newId() : checkSessionId(input.sessionId);
  const { resume, harness } = input;
  if (resume === undefined) return { sessionId: fresh };
  const path = safeJournalPath(input.sessions, resume);
  if (!path || !existsSync(path)) return { sessionId: fresh, resume };
  const j = summarizeJournal(path);
  if (!j.meta || j.harness !== harness)
    throw new RefusalError(`journal ${resume} belongs to ${j.harness ?? "no harness"}, not ${harness}`, {
      issue: "unsupported-on-resume",
      harness,
    });
  // No turn ran: nothing of the harness's to resume; it starts fresh in this session (harnessResumeOf).
  if (!j.harnessSessionId && j.lastTurnNumber > 0)
    throw new RefusalError(
      `journal ${resume} never recorded the harness's own session id, so there is nothing to resume`,
      { issue: "unsupported-on-resume", harness },
    );
  if (j.state.startsWith("live"))
    throw new RefusalError(`session ${resume} is still live in hmux pid ${j.meta.runs.at(-1)?.pid}`, {
      issue: "unsupported-on-resume",
      harness,
      hint: `hmux control ${resume} -`,
    });
  const settings = readJournaledSettings(j.meta.settings);
  // Fail closed: a journal that does not say which sandbox and access its session ran with is not
  // resumed under today's defaults, which may be looser than what it was started with.
  if (!settings)
    throw new RefusalError(
      `journal ${resume} does not record the settings its session was started with (it predates hmux keeping them, or the record is unreadable), so hmux cannot resume it at the same safety level`,
      {
        issue: "unsupported-on-resume",
        harness,
        hint: j.harnessSessionId
          ? `continue the conversation in a new hmux session with the settings you want: hmux session ${harness} --resume ${j.harnessSessionId} [settings]`
          : `start a new session with the settings you want: hmux session ${harness} [settings]`,
      },
    );
  const harnessResume = harnessResumeOf({ resume: j.harnessSessionId ?? undefined, turnsBefore: j.lastTurnNumber });
  return {
    sessionId: j.sessionId,
    ...(harnessResume !== undefined ? { resume: harnessResume } : {}),
    journal: {
      stateDir: j.meta.stateDir,
      cwd: j.meta.cwd,
      isolate: j.meta.isolate,
      ...(j.meta.endpoint !== undefined ? { endpoint: j.meta.endpoint } : {}),
      turnsBefore: j.lastTurnNumber,
      waitingQuestion: j.waitingQuestion,
      rules: j.rules,
      settings,
    },
  };
}

function safeJournalPath(sessions: string, id: string): string | null {
  try {
    return journalPathIn(sessions, id);
  } catch {
    return null;
  }
}

/**
 * Where a session request starts: its harness (unknown ones refused before any worktree is made),
 * the session it continues, and its folder — a resumed session returns to its own unless the
 * caller named one. launch() and its dry run (plan-session.ts) both start here, so they agree.
 */
export function sessionStart(
  request: SessionLaunchRequest,
  ports: Pick<LaunchPorts, "launch" | "paths">,
  newId: () => string,
): { readonly harness: HarnessName; readonly identity: SessionIdentity; readonly cwd: string } {
  const harness = ports.launch.harness(request.harness).name;
  const identity = sessionIdentity({
    harness,
    ...(request.sessionId !== undefined ? { sessionId: request.sessionId } : {}),
    ...(request.resume !== undefined ? { resume: request.resume } : {}),
    newId,
    sessions: ports.paths.sessions,
  });
  const cwd = request.cwdGiven === false && identity.journal ? identity.journal.cwd : request.cwd;
  return { harness, identity, cwd };
}
