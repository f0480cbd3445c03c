import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { HookReport } from "../../../src/native/hooks/report-schema.js";
import type { NativeSession } from "../../../src/native/native-session.js";
import { NativeTerminal } from "../../../src/native/native-terminal.js";
import { LocalNativePort } from "../../../src/ui/native/native-port.js";
import { FakeClock } from "../exec/fakes.js";
import { fakeFactory } from "./fake-pty.js";
import { nativeSession } from "./native-fixture.js";

let sessions: NativeSession[] = [];
afterEach(() => {
  for (const s of sessions) s.terminal.dispose();
  sessions = [];
});

function make(kind: "claude" | "codex" | "pi" | "shell", hooks: boolean) {
  const fake = fakeFactory();
  const terminal = new NativeTerminal({
    argv: ["x"],
    cwd: "/",
    env: {},
    cols: 20,
    rows: 3,
    spawn: fake.factory,
    clock: new FakeClock(),
  });
  const clock = new FakeClock();
  clock.advance(1000);
  const session = nativeSession(terminal, kind, hooks, clock);
  sessions.push(session);
  const events: SessionEvent[] = [];
  session.subscribe((e) => events.push(e));
  return { session, port: new LocalNativePort(session), events, pty: fake.pty() };
}

const r = (event: HookReport["event"], extra: Partial<HookReport> = {}): HookReport => ({
  v: 1,
  pane: "p",
  at: 0,
  event,
  ...extra,
});

describe("native session", () => {
  it("hook reports become lifecycle states: running, then idle", () => {
    const { session, events } = make("claude", true);
    session.report(r("UserPromptSubmit", { sessionId: "s-1" }));
    session.report(r("PreToolUse", { tool: "Bash" }));
    session.report(r("Stop"));
    expect(events).toEqual([
      { kind: "session", sessionId: "s-1", harness: "claude", origin: "fresh", escalateQuestions: false },
      { kind: "state", from: "starting", to: "running", reason: "hook UserPromptSubmit" },
      { kind: "state", from: "running", to: "idle", reason: "hook Stop" },
    ]);
  });

  it("a permission request raises an approval the rail can show, cleared when the harness moves on", () => {
    const { session, events } = make("claude", true);
    session.report(r("UserPromptSubmit"));
    session.report(r("PermissionRequest", { tool: "Bash", toolInput: { command: "touch x" } }));
    session.report(r("PostToolUse", { tool: "Bash" }));
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
    const { session, events } = make("pi", false);
    expect(session.stateKnown).toBe(false);
    expect(session.summary().stateKnown).toBe(false);
    expect(events).toEqual([]);
  });

  it("interrupt sends the UI's own key: Esc to a harness, Ctrl-C to a shell, and the row names it for clients", async () => {
    const claude = make("claude", true);
    await claude.port.interrupt();
    expect(claude.pty.written).toContain("\u001b");
    expect(claude.session.summary().interruptKey).toBe("\u001b");
    const shell = make("shell", false);
    expect(await shell.session.command({ command: "interrupt", id: "i-1", reason: "test" })).toEqual({ result: "ok" });
    expect(shell.pty.written).toContain("\u0003");
    expect(shell.session.summary().interruptKey).toBe("\u0003");
  });

  it("Esc typed while a dialog waits makes the state unknown until the next hook, instead of a stale needs-you", () => {
    const { session, port, events, pty } = make("codex", true);
    session.report(r("UserPromptSubmit"));
    session.report(r("PermissionRequest", { tool: "exec_command" }));
    port.input("\u001b");
    expect(pty.written).toContain("\u001b");
    expect(port.stateKnown).toBe(false);
    expect(session.snapshot().pending).toEqual([]);
    expect(events.slice(-2)).toEqual([
      { kind: "approval-cleared", callId: "native-1", reason: "native-resolved" },
      {
        kind: "state",
        from: "awaiting-approval",
        to: "starting",
        reason: "interrupted from the keyboard: state unknown until the next hook",
      },
    ]);
    session.report(r("UserPromptSubmit"));
    expect(port.stateKnown).toBe(true);
    expect(events.at(-1)).toEqual({ kind: "state", from: "starting", to: "running", reason: "hook UserPromptSubmit" });
  });

  it("ordinary typing and escape sequences leave a known state alone", () => {
    const { session } = make("claude", true);
    session.report(r("UserPromptSubmit"));
    session.write("\u001b[A");
    session.write("x");
    expect(session.snapshot().lifecycle).toBe("running");
    session.report(r("Stop"));
    session.write("\u001b");
    expect(session.snapshot().lifecycle).toBe("idle");
  });

  it("the snapshot the server's table reads is the lifecycle the events told: state, the open call, the harness's id", () => {
    const { session } = make("claude", true);
    session.report(r("UserPromptSubmit", { sessionId: "s-9" }));
    session.report(r("PermissionRequest", { tool: "Bash" }));
    expect(session.snapshot()).toMatchObject({
      lifecycle: "awaiting-approval",
      harnessSessionId: "s-9",
      pending: [{ callId: "native-1", tool: "Bash", openedAt: 1000 }],
    });
  });

  it("prompts, answers and stdin lines are refused with where to type instead", async () => {
    const { session } = make("claude", true);
    expect(await session.send()).toMatchObject({
      disposition: "rejected",
      reason: expect.stringContaining("type into it"),
    });
    expect(await session.handleLine()).toMatchObject({
      kind: "error",
      message: expect.stringContaining("native pane"),
    });
    expect(await session.command({ command: "steer", id: "s", text: "x" })).toMatchObject({
      result: "refused",
      refused: { code: "UNSUPPORTED_CONTROL" },
    });
  });

  it("the process exiting closes the session, clearing an open approval, and resolves closed", async () => {
    const { session, events, pty } = make("claude", true);
    session.report(r("PermissionRequest", { tool: "Bash" }));
    pty.end({ code: 0, signal: null });
    expect(events.slice(-2)).toEqual([
      { kind: "approval-cleared", callId: "native-1", reason: "process-ended" },
      { kind: "closed", exitCode: 0, cause: "clean" },
    ]);
    expect(await session.closed).toEqual({ kind: "closed", exitCode: 0, cause: "clean" });
    expect(session.snapshot()).toMatchObject({ lifecycle: "closed", pending: [] });
    expect(session.interrupt()).toMatchObject({ result: "refused", refused: { code: "TOO_LATE" } });
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
    const { port, session } = make("claude", true);
    store.addSession(port);
    // The pane is the focused one: the person is in another window, or nothing would be announced.
    store.dispatch({ kind: "terminal-focus", focused: false });
    session.report(r("UserPromptSubmit"));
    expect(out).toEqual([]);
    session.report(r("PermissionRequest", { tool: "Bash", toolInput: { command: "touch x" } }));
    expect(out).toEqual(["\u001b]9;hmux: claude·native (pane 1) — approval needed: Bash\u0007"]);
  });
});
