/**
 * The race port of a TUI that runs its sessions in its own process: the race is decided by
 * src/race (session-races.ts) here, as the hmux server decides it for its clients, each
 * contestant a pane the pane launcher opens in its own worktree. Only the opening and the ending
 * of a contestant's session are this file's.
 */
import type { SessionEvent } from "../core/control/types.js";
import { RaceStore } from "../race/record.js";
import { discardText, type OpenedContestant, pickText, SessionRaces } from "../race/session-races.js";
import type { RaceContestantStart, RacePort } from "../ui/race-port.js";
import type { SessionLauncher } from "../ui/session-launcher.js";
import type { SessionPort } from "../ui/session-port.js";
import type { WorkspacePorts } from "../workspace/lease.js";

export interface LocalRaceOptions {
  readonly workspace: WorkspacePorts;
  readonly launcher: Pick<SessionLauncher, "launch">;
  /** Where the race starts: the repository's checkout the TUI runs in. */
  readonly cwd: string;
  readonly checkTimeoutMs?: number;
}

/** Halts a pane's session; resolves once it has closed (its worktree lease goes with it), or the halt was refused. */
function haltClosed(port: SessionPort): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = port.subscribe((e) => {
      if (e.kind === "closed" || (e.kind === "state" && e.to === "closed")) {
        unsubscribe();
        resolve();
      }
    });
    port.halt().then(
      (o) => (o.result === "refused" ? resolve() : undefined),
      () => resolve(),
    );
  });
}

export function localRacePort(options: LocalRaceOptions): RacePort {
  const ws = options.workspace;
  const checkEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(ws.env)) if (typeof v === "string") checkEnv[k] = v;
  const ports = new Map<string, SessionPort>();
  // The pane launcher's own settings (endpoint, isolation) are every contestant's: the race adds none.
  const races = new SessionRaces<undefined>({
    workspace: ws,
    store: new RaceStore(ws.env),
    checkEnv,
    ...(options.checkTimeoutMs !== undefined ? { checkTimeoutMs: options.checkTimeoutMs } : {}),
    async open(request, onEvent: (event: SessionEvent) => void): Promise<OpenedContestant> {
      const port = await options.launcher.launch({
        harness: request.harness,
        cwd: request.cwd,
        prompt: request.prompt,
        worktree: request.worktree,
      });
      // Subscribed before the pane is: the race hears every event first.
      port.subscribe(onEvent);
      const workspace = port.info.workspace?.name;
      if (workspace === undefined) {
        await port.halt();
        throw new Error("its session opened without a worktree of its own");
      }
      const session = port.info.id ?? `${request.worktree}`;
      ports.set(session, port);
      return {
        session,
        workspace,
        planDivergences: port.info.settings.flatMap((s) =>
          s.divergence ? [{ key: s.key, value: s.value, reason: s.divergence }] : [],
        ),
        halt: () => haltClosed(port),
      };
    },
  });
  return {
    async start(request) {
      const started = await races.start({
        options: undefined,
        cwd: options.cwd,
        name: request.name,
        prompt: request.prompt,
        harnesses: request.harnesses,
        check: request.check,
      });
      const contestants = started.contestants.map((c): RaceContestantStart => {
        if ("failed" in c) return c;
        const port = ports.get(c.session);
        ports.delete(c.session);
        return port ? { harness: c.harness, port } : { harness: c.harness, failed: "its pane was lost" };
      });
      return { race: started.race, contestants, notes: started.notes };
    },
    score: (race) => races.score(race),
    pick: async (race, harness) => pickText(race, await races.pick(race, harness)),
    discard: async (race) => discardText(race, await races.discard(race)),
  };
}
