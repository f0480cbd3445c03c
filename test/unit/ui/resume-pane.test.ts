/**
 * The resume action on an ended pane: the update function asks for it only where it can work,
 * the effect runner reaches the port, the ended pane's hint names the key, and a local pane's
 * port reopens the same session (same id, the harness's own id) with its subscribers moved over.
 */
import { describe, expect, it } from "vitest";
import { CLAUDE_SESSION_CAPABILITIES } from "../../../src/adapters/claude/session-bridge.js";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { SessionHandle } from "../../../src/core/exec/session-types.js";
import { HandleSessionPort, type PaneResumer } from "../../../src/ui/handle-session-port.js";
import { indexKeymap, keyIntent } from "../../../src/ui/keys/dispatch.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import { runEffect } from "../../../src/ui/store/effects.js";
import type { Msg } from "../../../src/ui/store/messages.js";
import { initialUiState, type UiState } from "../../../src/ui/store/ui-state.js";
import { updateAt } from "../../helpers/ui-update.js";

const SUPPORT = { steer: false, inject: false, abstain: true, replace: true, denyReason: true };
const NOW = 1_700_000_000_000;

const run = (state: UiState, ...msgs: Msg[]) => updateAt(NOW, state, ...msgs);

const open = (resumable: boolean): Msg => ({
  kind: "session-opened",
  key: "k1",
  info: { harness: "claude", settings: [], support: SUPPORT, ...(resumable ? { resumable: true } : {}) },
});
const ended: Msg = { kind: "session-event", key: "k1", event: { kind: "closed", exitCode: null, cause: "killed" } };

describe("the resume key", () => {
  it("is bound in the keymap and turns into the resume intent", () => {
    expect(DEFAULT_KEYMAP["session.resume"]).toEqual(["alt+r"]);
    const { state } = run(initialUiState(), open(true));
    expect(keyIntent(state, indexKeymap(DEFAULT_KEYMAP), "alt+r")).toMatchObject({ intent: { kind: "resume" } });
  });

  it("an ended, resumable pane asks its port to resume; a running one or one that cannot is told why", () => {
    const running = run(initialUiState(), open(true), { kind: "resume" });
    expect(running.effects).toEqual([]);
    expect(running.state.flash?.text).toMatch(/still running/);
    const resumable = run(initialUiState(), open(true), ended, { kind: "resume" });
    expect(resumable.effects).toEqual([{ kind: "resume", key: "k1" }]);
    const cannot = run(initialUiState(), open(false), ended, { kind: "resume" });
    expect(cannot.effects).toEqual([]);
    expect(cannot.state.flash?.text).toMatch(/cannot be resumed/);
  });

  it("the effect runner calls the port's resume and reports a failure back as a message", async () => {
    const msgs: Msg[] = [];
    let resumed = 0;
    const port = { resume: async () => (resumed++, { result: "ok" as const }) };
    const deps = { port: () => port as never, open: () => undefined, dispatch: (m: Msg) => msgs.push(m) };
    runEffect({ kind: "resume", key: "k1" }, deps);
    await new Promise((r) => setTimeout(r, 0));
    expect(resumed).toBe(1);
    runEffect({ kind: "resume", key: "k1" }, { ...deps, port: () => ({}) as never });
    await new Promise((r) => setTimeout(r, 0));
    expect(msgs.at(-1)).toMatchObject({ kind: "outcome-failed", what: "resume" });
  });
});

/** A handle that emits what the test tells it to, and ends when told. */
function fakeHandle(sessionId: string, lifecycle: { now: string }) {
  const listeners = new Set<(e: SessionEvent) => void>();
  let started = 0;
  const handle = {
    sessionId,
    harness: "claude",
    subscribe: (l: (e: SessionEvent) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    start: async () => void (started += 1),
    abort: async () => ({ kind: "closed" }),
    snapshot: () => ({ lifecycle: lifecycle.now, harnessSessionId: null }),
  } as unknown as SessionHandle;
  const emit = (e: SessionEvent) => {
    for (const l of [...listeners]) l(e);
  };
  return { handle, emit, started: () => started, listeners };
}

describe("a local pane's port resumes its session", () => {
  it("reopens the same session with the harness's own id and the turns so far; subscribers follow", async () => {
    const state = { now: "idle" };
    const first = fakeHandle("pane-1", state);
    const asked: unknown[] = [];
    const second = fakeHandle("pane-1", { now: "starting" });
    let released = 0;
    const resumer: PaneResumer = {
      relaunch: (from) => {
        asked.push(from);
        return second.handle;
      },
      release: () => void (released += 1),
    };
    const port = new HandleSessionPort(first.handle, CLAUDE_SESSION_CAPABILITIES, {}, resumer);
    expect(port.info.resumable).toBe(true);
    const seen: SessionEvent[] = [];
    port.subscribe((e) => seen.push(e));
    first.emit({ kind: "identity", sessionId: "claude-own" } as SessionEvent);
    first.emit({ kind: "turn", turnId: "pane-1:turn-1", id: "p1" });
    await expect(port.resume()).rejects.toThrow(/only an ended session resumes/);
    state.now = "closed";
    await expect(port.resume()).resolves.toEqual({ result: "ok" });
    expect(asked).toEqual([{ sessionId: "pane-1", harnessSessionId: "claude-own", turnsBefore: 1 }]);
    expect(second.started()).toBe(1);
    // The old session's subscription is gone; the new one's events reach the same subscriber.
    first.emit({ kind: "warning", code: "x", message: "old" });
    second.emit({
      kind: "session",
      sessionId: "pane-1",
      harness: "claude",
      origin: "resumed",
      escalateQuestions: true,
    });
    expect(seen.map((e) => e.kind)).toEqual(["identity", "turn", "session"]);
    await port.close();
    expect(released).toBe(1);
  });

  it("a session that ran a turn but never said its own id is not resumed", async () => {
    const first = fakeHandle("pane-1", { now: "failed" });
    const port = new HandleSessionPort(
      first.handle,
      CLAUDE_SESSION_CAPABILITIES,
      {},
      {
        relaunch: () => {
          throw new Error("must not relaunch");
        },
        release: () => undefined,
      },
    );
    first.emit({ kind: "turn", turnId: "pane-1:turn-1", id: "p1" });
    await expect(port.resume()).rejects.toThrow(/never said its own session id/);
  });

  it("a session that ran no turn resumes with no harness id: its harness starts fresh in the same session", async () => {
    const first = fakeHandle("pane-1", { now: "closed" });
    const asked: unknown[] = [];
    const port = new HandleSessionPort(
      first.handle,
      CLAUDE_SESSION_CAPABILITIES,
      {},
      {
        relaunch: (from) => {
          asked.push(from);
          return fakeHandle("pane-1", { now: "starting" }).handle;
        },
        release: () => undefined,
      },
    );
    await expect(port.resume()).resolves.toEqual({ result: "ok" });
    expect(asked).toEqual([{ sessionId: "pane-1", harnessSessionId: null, turnsBefore: 0 }]);
  });
});
