import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { HookReport } from "../../../src/native/hooks/report-schema.js";
import { interruptKeyOf } from "../../../src/native/native-plan.js";
import { NativeTerminal } from "../../../src/native/native-terminal.js";
import { NativeSessionPort } from "../../../src/ui/native/native-port.js";
import { fakeFactory } from "./fake-pty.js";

let ports: NativeSessionPort[] = [];
afterEach(() => {
  for (const p of ports) p.terminal.dispose();
  ports = [];
});

function make(kind: "claude" | "codex" | "pi" | "shell", hooks: boolean) {
  const fake = fakeFactory();
  const terminal = new NativeTerminal({ argv: ["x"], cwd: "/", env: {}, cols: 20, rows: 3, spawn: fake.factory });
  const port = new NativeSessionPort({ kind, interruptKey: interruptKeyOf(kind), terminal, hooks, now: () => 1000 });
  ports.push(port);
  const events: SessionEvent[] = [];
  port.subscribe((e) => events.push(e));
  return { port, events, pty: fake.pty() };
}

const r = (event: HookReport["event"], extra: Partial<HookReport> = {}): HookReport => ({
  v: 1,
  pane: "p",
  at: 0,
  event,
  ...extra,
});

describe("native session port", () => {
  it("hook reports become lifecycle states: running, then idle", () => {
    const { port, events } = make("claude", true);
    port.report(r("UserPromptSubmit", { sessionId: "s-1" }));
    port.report(r("PreToolUse", { tool: "Bash" }));
    port.report(r("Stop"));
    expect(events).toEqual([
      { kind: "session", sessionId: "s-1", harness: "claude", origin: "fresh", escalateQuestions: false },
      { kind: "state", from: "starting", to: "running", reason: "hook UserPromptSubmit" },
      { kind: "state", from: "running", to: "idle", reason: "hook Stop" },
    ]);
  });

  it("a permission request raises an approval the rail can show, cleared when the harness moves on", () => {
    const { port, events } = make("claude", true);
    port.report(r("UserPromptSubmit"));
    port.report(r("PermissionRequest", { tool: "Bash", toolInput: { command: "touch x" } }));
    port.report(r("PostToolUse", { tool: "Bash" }));
    expect(events.slice(1)).toEqual([
      { kind: "state", from: "running", to: "awaiting-approval", reason: "hook PermissionRequest" },
      {
        kind: "approval-request",
        call: { callId: "native-1", tool: "Bash", input: { command: "touch x" }, openedAt: 1000, deadlineAt: null },
      },
      { kind: "approval-cleared", callId: "native-1", reason: "native-resolved" },
      { kind: "state", from: "awaiting-approval", to: "running", reason: "hook PostToolUse" },
    ]);
  });

  it("decisions from hmux are refused: the native dialog is where to answer", async () => {
    const { port } = make("claude", true);
    const outcome = await port.decide("native-1", { decision: "allow" });
    expect(outcome).toMatchObject({ result: "refused", refused: { code: "UNSUPPORTED_CONTROL" } });
    expect(await port.send()).toMatchObject({ disposition: "rejected" });
  });

  it("a pane without hooks says its state is unknown and never reports one", () => {
    const { port, events } = make("pi", false);
    expect(port.stateKnown).toBe(false);
    expect(port.state.phase).toBe("unknown");
    expect(events).toEqual([]);
  });

  it("interrupt sends the UI's own key: Esc to a harness, Ctrl-C to a shell", async () => {
    const claude = make("claude", true);
    await claude.port.interrupt();
    expect(claude.pty.written).toContain("\u001b");
    const shell = make("shell", false);
    await shell.port.interrupt();
    expect(shell.pty.written).toContain("\u0003");
  });

  it("Esc typed while a dialog waits makes the state unknown until the next hook, instead of a stale needs-you", () => {
    const { port, events, pty } = make("codex", true);
    port.report(r("UserPromptSubmit"));
    port.report(r("PermissionRequest", { tool: "exec_command" }));
    port.input("\u001b");
    expect(pty.written).toContain("\u001b");
    expect(port.stateKnown).toBe(false);
    expect(events.slice(-2)).toEqual([
      { kind: "approval-cleared", callId: "native-1", reason: "native-resolved" },
      {
        kind: "state",
        from: "awaiting-approval",
        to: "starting",
        reason: "interrupted from the keyboard: state unknown until the next hook",
      },
    ]);
    port.report(r("UserPromptSubmit"));
    expect(port.stateKnown).toBe(true);
    expect(events.at(-1)).toEqual({ kind: "state", from: "starting", to: "running", reason: "hook UserPromptSubmit" });
  });

  it("ordinary typing and escape sequences leave a known state alone", () => {
    const { port } = make("claude", true);
    port.report(r("UserPromptSubmit"));
    port.input("\u001b[A");
    port.input("x");
    expect(port.state.phase).toBe("running");
    port.report(r("Stop"));
    port.input("\u001b");
    expect(port.state.phase).toBe("idle");
  });

  it("the process exiting closes the session, clearing an open approval", () => {
    const { port, events, pty } = make("claude", true);
    port.report(r("PermissionRequest", { tool: "Bash" }));
    pty.end({ code: 0, signal: null });
    expect(events.slice(-2)).toEqual([
      { kind: "approval-cleared", callId: "native-1", reason: "process-ended" },
      { kind: "closed", exitCode: 0, cause: "clean" },
    ]);
  });
});

describe("native pane in the store", () => {
  it("a hook's permission request notifies like any session, naming the pane and the tool", async () => {
    const { AppStore } = await import("../../../src/ui/store/app-store.js");
    const { Notifier } = await import("../../../src/ui/notify/notifier.js");
    const out: string[] = [];
    const notifier = new Notifier(
      { enabled: true, method: "osc9", cooldownSeconds: 0 },
      { write: (s) => out.push(s), now: () => 0, env: {} },
    );
    const store = new AppStore({
      scheduler: { now: () => 0, every: () => () => undefined, after: () => () => undefined },
      notifier,
    });
    const { port } = make("claude", true);
    store.addSession(port);
    port.report(r("UserPromptSubmit"));
    expect(out).toEqual([]);
    port.report(r("PermissionRequest", { tool: "Bash", toolInput: { command: "touch x" } }));
    expect(out).toEqual(["\u001b]9;hmux: claude·native (pane 1) — approval needed: Bash\u0007"]);
  });
});
