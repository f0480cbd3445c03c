/**
 * A fresh worktree's setup command (config workspace.setup) runs as its pane starts: the output
 * shows in the pane line by line; a failing or hanging command shows its exit code and output,
 * the harness never starts and the worktree made for it is abandoned.
 */
import { describe, expect, it } from "vitest";
import { setupFirst } from "../../../src/main/setup-first-port.js";
import { systemClock } from "../../../src/spawn/clock.js";
import { createPipeSpawner } from "../../../src/spawn/pipes.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import type { SessionView } from "../../../src/ui/store/session-view.js";
import { runSetup } from "../../../src/workspace/setup.js";
import { FakePort } from "../ui/fake-port.js";

function setupStep(command: string, timeoutMs = 10_000) {
  const calls = { abandoned: 0 };
  const step = {
    command,
    run: (onOutput: (text: string) => void) =>
      runSetup(
        { spawner: createPipeSpawner(), clock: systemClock },
        { command, cwd: process.cwd(), env: { PATH: process.env.PATH ?? "/usr/bin:/bin" }, timeoutMs, onOutput },
      ),
    abandon: async () => {
      calls.abandoned++;
    },
  };
  return { step, calls };
}

class StartingPort extends FakePort {
  started = 0;
  async start(): Promise<void> {
    this.started++;
  }
}

function notices(view: SessionView | undefined): string[] {
  return (view?.entries ?? []).flatMap((e) => (e.kind === "notice" ? [e.text] : []));
}

async function settle(store: AppStore, test: (v: SessionView | undefined) => boolean): Promise<SessionView> {
  const end = Date.now() + 15_000;
  while (Date.now() < end) {
    const view = store.state.sessions.get("s1");
    if (test(view)) return view!;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`pane never settled: ${JSON.stringify(notices(store.state.sessions.get("s1")))}`);
}

describe("a worktree's setup command in its pane", () => {
  it("shows each line of the output, then starts the agent", async () => {
    const inner = new StartingPort();
    const { step, calls } = setupStep("echo installing; echo ready >&2");
    const store = new AppStore();
    store.addSession(setupFirst(inner, step));
    const view = await settle(store, () => inner.started === 1);
    expect(notices(view)).toEqual(expect.arrayContaining(["setup │ installing", "setup │ ready"]));
    expect(notices(view)[0]).toBe("setup │ $ echo installing; echo ready >&2");
    expect(calls.abandoned).toBe(0);
  });

  it("a failing command shows its exit code and output; the agent never starts and the worktree is abandoned", async () => {
    const inner = new StartingPort();
    const { step, calls } = setupStep("echo npm ERR missing lockfile; exit 7");
    const store = new AppStore();
    store.addSession(setupFirst(inner, step));
    const view = await settle(store, (v) => notices(v).some((n) => n.includes("did not start")));
    const said = notices(view).join("\n");
    expect(said).toContain("setup │ npm ERR missing lockfile");
    expect(said).toMatch(/exited with code 7/);
    expect(inner.started).toBe(0);
    expect(inner.intents).toContainEqual({ kind: "close" });
    expect(calls.abandoned).toBe(1);
  });

  it("a hanging command is stopped at its timeout and reported the same way", async () => {
    const inner = new StartingPort();
    const { step, calls } = setupStep("echo waiting; sleep 30", 500);
    const store = new AppStore();
    store.addSession(setupFirst(inner, step));
    const view = await settle(store, (v) => notices(v).some((n) => n.includes("did not start")));
    expect(notices(view).join("\n")).toMatch(/did not finish within 0.5 s/);
    expect(inner.started).toBe(0);
    expect(calls.abandoned).toBe(1);
  });
});
