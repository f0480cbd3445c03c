/**
 * The real TUI (runTui, as `hmux` mounts it) on three sessions that each said a fixed transcript
 * and went idle: a screen that depends only on the terminal's size, so a window resized to a size
 * can be compared with one started at it. resize-tmux.test.ts runs it on the checkout's Node, which
 * strips the types itself, against the compiled TUI in dist/ (what `hmux` runs, with the bundled Ink);
 * so no TypeScript-only syntax here (no parameter properties, no enums).
 */
import type { CommandOutcome, SessionEvent } from "../../src/core/control/types.js";
import type { SessionInfo, SessionListener, SessionPort } from "../../src/ui/session-port.js";

const OK: CommandOutcome = { result: "ok" };

class StaticSession implements SessionPort {
  private readonly listeners = new Set<SessionListener>();
  readonly info: SessionInfo;
  private readonly n: number;
  constructor(harness: SessionInfo["harness"], n: number) {
    this.n = n;
    this.info = {
      harness,
      settings: [],
      support: { steer: false, inject: false, abstain: true, replace: true, denyReason: true },
    };
  }
  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  async start(): Promise<void> {
    const events: SessionEvent[] = [{ kind: "state", from: "starting", to: "idle" }];
    for (let i = 1; i <= 30; i++)
      events.push({
        kind: "message",
        role: "assistant",
        text: `pane ${this.n} line ${i}: ${"the quick brown fox jumps over the lazy dog ".repeat(1 + (i % 3))}`.trim(),
      });
    for (const e of events) for (const l of this.listeners) l(e);
  }
  send = async (): Promise<CommandOutcome> => OK;
  answer = async (): Promise<CommandOutcome> => OK;
  decide = async (): Promise<CommandOutcome> => OK;
  interrupt = async (): Promise<CommandOutcome> => OK;
  halt = async (): Promise<CommandOutcome> => OK;
  close = async (): Promise<void> => undefined;
}

// As src/main/load-open-tui.ts does before Ink loads: a terminal gets the live screen even under CI.
delete process.env.CI;
process.env.NODE_ENV ??= "production";
// A computed specifier: dist/ has no type declarations, and the call below is checked by hand.
const compiledTui = new URL("../../dist/ui/run-tui.js", import.meta.url).href;
const { runTui } = (await import(compiledTui)) as typeof import("../../src/ui/run-tui.js");
const compiledScheduler = new URL("../../dist/main/system-scheduler.js", import.meta.url).href;
const { systemScheduler } = (await import(compiledScheduler)) as typeof import("../../src/main/system-scheduler.js");
await runTui({
  env: process.env,
  scheduler: systemScheduler,
  ports: [new StaticSession("claude", 1), new StaticSession("codex", 2), new StaticSession("pi", 3)],
});
process.exit(0);
