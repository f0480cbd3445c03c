/**
 * A server whose sessions run in real git worktrees (a GitFixture's repository) and whose
 * harnesses are stand-ins the test drives: each writes its files into its worktree when its
 * first prompt arrives and ends that turn when the test says. Its races are the server's own
 * (src/server/races.ts), over the fixture's workspace ports.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ControlCommand } from "../../../src/core/control/machine-types.js";
import type { CommandOutcome, Disposition, SessionEvent } from "../../../src/core/control/types.js";
import type { ClosedEvent, LineAnswer, SessionHandle, SessionSnapshot } from "../../../src/core/exec/session-types.js";
import { systemClock } from "../../../src/main/system-clock.js";
import { RaceStore } from "../../../src/race/record.js";
import { journaledEvents, serverRaces } from "../../../src/server/races.js";
import { type Launcher, SessionTable } from "../../../src/server/session-table.js";
import { openWorkspace, releaseWorkspace } from "../../../src/workspace/lease.js";
import type { GitFixture } from "../workspace/git-fixture.js";

/** A harness that does what the test says: its first prompt writes `files`, `finish()` ends the turn. */
export class StandInSession implements SessionHandle {
  readonly closed: Promise<ClosedEvent>;
  readonly prompts: string[] = [];
  private readonly listeners = new Set<(event: SessionEvent) => void>();
  private resolveClosed: (event: ClosedEvent) => void = () => undefined;
  private ended = false;

  constructor(
    readonly sessionId: string,
    readonly harness: string,
    private readonly write: () => void,
  ) {
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(...events: SessionEvent[]): void {
    for (const e of events) for (const l of [...this.listeners]) l(e);
  }

  async start(): Promise<void> {
    this.emit({ kind: "state", from: "starting", to: "idle" });
  }

  async send(_id: string, text: string): Promise<Disposition> {
    this.prompts.push(text);
    this.write();
    this.emit({ kind: "state", from: "idle", to: "running" });
    return { disposition: "started" };
  }

  /** Ends the first turn: tokens used, then done. */
  finish(inputTokens = 10): void {
    this.emit({ kind: "usage", inputTokens, outputTokens: 1 }, { kind: "done", exitCode: 0, cause: "clean" });
    this.emit({ kind: "state", from: "running", to: "idle" });
  }

  answer(): Promise<Disposition> {
    return Promise.resolve({ disposition: "rejected", reason: "no-open-question" });
  }
  command(_c: ControlCommand): Promise<CommandOutcome> {
    return Promise.resolve({ result: "ok" });
  }
  handleLine(): Promise<LineAnswer> {
    return Promise.resolve(null);
  }
  note(event: SessionEvent): void {
    this.emit(event);
  }

  private end(cause: "clean" | "killed" | "failed"): Promise<ClosedEvent> {
    if (!this.ended) {
      this.ended = true;
      const closed: ClosedEvent = { kind: "closed", exitCode: null, cause };
      this.emit(closed);
      this.resolveClosed(closed);
    }
    return this.closed;
  }
  close(): Promise<ClosedEvent> {
    return this.end("clean");
  }
  abort(cause: "killed" | "failed"): Promise<ClosedEvent> {
    return this.end(cause);
  }
  snapshot(): SessionSnapshot {
    return {
      lifecycle: this.ended ? "closed" : "idle",
      turnId: null,
      pending: [],
      harnessSessionId: null,
      frame: null,
      posture: null,
      census: { allowed: 0, denied: 0, replaced: 0, abstained: 0, byDecider: {} },
    };
  }
}

/**
 * A table whose sessions open their worktree (`options.worktree`) in the fixture's repository,
 * held while they live, as the real launcher holds it; `refuse` names harnesses it refuses.
 */
export function worktreeTable(
  fx: GitFixture,
  work: Record<string, Record<string, string>>,
  refuse: readonly string[] = [],
) {
  const sessions = new Map<string, StandInSession>();
  const ws = fx.ports(process.pid);
  fx.livePids.add(process.pid);
  let n = 0;
  const launcher: Launcher = async (spec) => {
    if (refuse.includes(spec.harness)) throw new Error(`unknown harness ${spec.harness}`);
    const id = `race-session-${++n}`;
    const lease = await openWorkspace(
      ws,
      fx.request({ flag: spec.options.worktree, harness: spec.harness, sessionId: id, cwd: spec.cwd }),
    );
    const entry = lease!.entry;
    const session = new StandInSession(id, spec.harness, () => {
      for (const [path, text] of Object.entries(work[spec.harness] ?? {})) writeFileSync(join(entry.path, path), text);
    });
    void session.closed.then(() => releaseWorkspace(ws, lease!));
    sessions.set(spec.harness, session);
    return {
      handle: session,
      cwd: entry.path,
      notes: [],
      workspace: { name: entry.name, branch: entry.branch, base: entry.base, repo: entry.repo, path: entry.path },
      settings:
        spec.harness === "pi" ? [{ key: "memory", value: false, tier: "default", divergence: "pi cannot" }] : [],
    };
  };
  const table = new SessionTable({ launcher, killWaitMs: 1_000, clock: systemClock });
  const races = serverRaces({
    table,
    workspace: ws,
    store: new RaceStore(fx.env),
    checkEnv: { PATH: fx.env.PATH! },
    checkTimeoutMs: 30_000,
    journaled: journaledEvents(fx.env),
  });
  return { table, races, sessions };
}
