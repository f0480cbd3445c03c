/**
 * A pane whose fresh worktree has a setup command (config workspace.setup) runs it when the
 * pane starts, not before the pane exists: each line of its output reaches the pane as a setup
 * notice, and a command that fails or hangs ends the launch there — the harness never starts,
 * the pane says how the command ended (exit code, last output), and the worktree made for it
 * is removed.
 */
import type { SessionEvent } from "../core/control/types.js";
import type { SessionListener, SessionPort } from "../ui/session-port.js";

export interface SetupStep {
  readonly command: string;
  /** Runs the command, passing its output on as it arrives; rejects when it fails or hangs. */
  run(onOutput: (text: string) => void): Promise<void>;
  /** Undoes what the launch made (the worktree), after a failed setup. */
  abandon(): Promise<void>;
}

export function setupFirst(inner: SessionPort, setup: SetupStep): SessionPort {
  const listeners = new Set<SessionListener>();
  const emit = (event: SessionEvent) => {
    for (const l of listeners) l(event);
  };
  const say = (line: string) => emit({ kind: "progress", label: "setup", detail: line });
  const port: SessionPort = {
    info: inner.info,
    subscribe: (listener) => {
      listeners.add(listener);
      const off = inner.subscribe(listener);
      return () => {
        listeners.delete(listener);
        off();
      };
    },
    async start() {
      say(`$ ${setup.command}`);
      let pending = "";
      try {
        await setup.run((text) => {
          pending += text;
          const lines = pending.split("\n");
          pending = lines.pop() ?? "";
          for (const line of lines) say(line);
        });
      } catch (err) {
        if (pending !== "") say(pending);
        await inner.close().catch(() => undefined);
        await setup.abandon().catch(() => undefined);
        throw err;
      }
      if (pending !== "") say(pending);
      say("setup finished; starting the agent");
      await inner.start?.();
    },
    send: (text, mode) => inner.send(text, mode),
    answer: (text) => inner.answer(text),
    decide: (callId, decision, scope) =>
      scope ? inner.decide(callId, decision, scope) : inner.decide(callId, decision),
    ...(inner.revokeRule ? { revokeRule: (ruleId: string) => inner.revokeRule!(ruleId) } : {}),
    interrupt: () => inner.interrupt(),
    halt: () => inner.halt(),
    close: () => inner.close(),
    ...(inner.control ? { control: () => inner.control?.() } : {}),
    ...(inner.resume ? { resume: () => inner.resume!() } : {}),
    ...(inner.changes ? { changes: inner.changes } : {}),
  };
  return port;
}
