/**
 * The server's races: src/race's SessionRaces with each contestant a session of the server's
 * table, opened as `create` opens one (its own worktree, the first prompt sent by the server),
 * and watched from its first event. A client — a TUI on this machine or another (`--host`) —
 * only asks for a race and shows what the server says of it: the check, git's diff, the
 * scorecard and the merge all run here, where the worktrees are. A race a server before this one
 * ran is scored from its record and its contestants' journals (their sessions' own, on disk).
 */

import type { SessionEvent } from "../core/control/types.js";
import { unreachable } from "../core/invariant.js";
import type { CreateOptions } from "../protocol/index.js";
import type { JournaledEvent } from "../race/journaled-turn.js";
import type { RaceStore } from "../race/record.js";
import { type OpenedContestant, type SessionRacePorts, SessionRaces } from "../race/session-races.js";
import { journalRecordsOf } from "./restore.js";
import type { SessionTable } from "./session-table.js";

export interface ServerRaceDeps {
  readonly table: SessionTable;
  /** git, the workspace registry, a spawner for the check: the server's own. */
  readonly workspace: SessionRacePorts["workspace"];
  readonly store: RaceStore;
  /** The environment the check command runs with: the server's. */
  readonly checkEnv: Readonly<Record<string, string>>;
  readonly checkTimeoutMs?: number;
  /** A contestant session's journal (journaledEvents below, over the server's journal folder). */
  readonly journaled: (session: string) => readonly JournaledEvent[] | null;
}

/** A session's journal as a race reads it: each event with when its record says it was emitted. */
export function journaledEvents(
  env: Readonly<Record<string, string | undefined>>,
): (session: string) => readonly JournaledEvent[] | null {
  return (session) => journalRecordsOf(session, env)?.map((r) => ({ event: r.event, at: Date.parse(r.time) })) ?? null;
}

/**
 * The server's races, made by the first race op that needs them: the race modules (the check, the
 * scorecard, the merge) are not loaded by a server whose clients never race.
 */
export type RacesLoader = () => Promise<SessionRaces<RaceCreateOptions>>;

/** What a race's contestants are created with besides their worktree and first prompt (a TUI's pane defaults). */
export type RaceCreateOptions = Omit<CreateOptions, "worktree" | "prompt" | "base" | "resume">;

export function serverRaces(deps: ServerRaceDeps): SessionRaces<RaceCreateOptions> {
  const { table } = deps;
  return new SessionRaces<RaceCreateOptions>({
    workspace: deps.workspace,
    store: deps.store,
    checkEnv: deps.checkEnv,
    ...(deps.checkTimeoutMs !== undefined ? { checkTimeoutMs: deps.checkTimeoutMs } : {}),
    journaled: deps.journaled,
    async open(request, onEvent: (event: SessionEvent, at: number) => void): Promise<OpenedContestant> {
      const opened = await table.create(
        {
          harness: request.harness,
          cwd: request.cwd,
          options: {
            ...request.options,
            worktree: request.worktree,
            prompt: request.prompt,
            ...(request.base !== undefined ? { base: request.base } : {}),
          },
        },
        undefined,
        // The race watches from the session's first event, before any client's attach does, with
        // the time the table stamped on it.
        (event, at) => onEvent(event, at),
      );
      const row = opened.summary;
      if (!row.workspace) {
        await table.kill(row.id).catch(() => undefined);
        unreachable("a race contestant's session opens in a worktree of its own");
      }
      return {
        session: row.id,
        workspace: row.workspace.name,
        planDivergences: (row.settings ?? []).flatMap((s) =>
          s.divergence ? [{ key: s.key, value: s.value, reason: s.divergence }] : [],
        ),
        // Ended, not forgotten: its row stays (closed), so the panes showing it keep its transcript.
        async halt() {
          if (!table.has(row.id)) return;
          const handle = table.handle(row.id);
          await handle.abort("killed");
        },
      };
    },
  });
}
