/** The update function alone: every transition is a value in, a value and effects out; no Ink, no port. */
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { Msg } from "../../../src/ui/store/messages.js";
import { focusedView, initialUiState, paneBody, type UiState } from "../../../src/ui/store/ui-state.js";
import { update } from "../../../src/ui/store/update.js";
import { updateAt } from "../../helpers/ui-update.js";

const SUPPORT = { steer: false, inject: false, abstain: true, replace: true, denyReason: true };
const NOW = 1_700_000_000_000;

const run = (state: UiState, ...msgs: Msg[]) => updateAt(NOW, state, ...msgs);

const open = (key: string, harness: "claude" | "codex" = "claude"): Msg => ({
  kind: "session-opened",
  key,
  info: { harness, settings: [], support: SUPPORT },
});
const openNative = (key: string): Msg => ({
  kind: "session-opened",
  key,
  info: { harness: "claude", label: "claude·native", settings: [], support: SUPPORT, native: true },
});
const event = (key: string, e: SessionEvent): Msg => ({ kind: "session-event", key, event: e });
const ask = (key: string, callId = "c1"): Msg =>
  event(key, {
    kind: "approval-request",
    call: { callId, tool: "Bash", input: { command: "ls" }, openedAt: 0, deadlineAt: null },
  });

/** Everything a state holds, Maps included, as plain data: equal snapshots mean nothing changed. */
function snapshot(state: UiState): string {
  return JSON.stringify(state, (_k, v) => (v instanceof Map ? [...v.entries()] : v instanceof Set ? [...v] : v));
}

describe("update", () => {
  it("never changes the state it is given, whatever the message", () => {
    const msgs: Msg[] = [
      open("s1"),
      open("s2", "codex"),
      event("s1", { kind: "state", from: "starting", to: "idle" }),
      event("s1", { kind: "token", text: "hel" }),
      event("s1", { kind: "token", text: "lo" }),
      ask("s2"),
      { kind: "set-draft", key: "s2", text: "x" },
      { kind: "start-compose", compose: "deny" },
      { kind: "focus", index: 0 },
      { kind: "submit-input", text: "go on" },
      { kind: "close-pane" },
      { kind: "reopen-pane" },
      { kind: "toggle-zoom" },
      event("s2", { kind: "raw", stream: "stderr", text: "a warning" }),
      { kind: "toggle-notices" },
      openNative("s3"),
      { kind: "native-keys", to: "hmux" },
      { kind: "native-keys", to: "pane" },
      { kind: "focus", index: 0 },
      { kind: "scroll-pages", pages: -1 },
      { kind: "halt-all" },
      { kind: "clock" },
    ];
    let state = initialUiState(120, 40);
    for (const m of msgs) {
      const before = snapshot(state);
      const next = update(state, m, NOW).state;
      expect(snapshot(state)).toBe(before);
      state = next;
    }
  });

  it("Enter on an idle session shows the prompt and asks for one send, nothing more", () => {
    const { state, effects } = run(
      initialUiState(),
      open("s1"),
      event("s1", { kind: "state", from: "starting", to: "idle" }),
      { kind: "set-draft", key: "s1", text: "fix it" },
      { kind: "submit-input", text: "fix it" },
    );
    expect(effects).toEqual([{ kind: "send", key: "s1", text: "fix it", mode: "turn", what: "prompt" }]);
    expect(focusedView(state)!.entries.at(-1)).toMatchObject({ role: "user", text: "fix it" });
    expect(state.drafts.get("s1")).toBeUndefined();
  });

  it("a deny without a reason sends nothing and says why; with one it decides the head call", () => {
    const base = run(initialUiState(), open("s1"), ask("s1"), { kind: "start-compose", compose: "deny" });
    const empty = run(base.state, { kind: "submit-input", text: "  " });
    expect(empty.effects).toEqual([]);
    expect(empty.state.flash?.text).toContain("a deny needs a reason");
    const sent = run(base.state, { kind: "submit-input", text: "not that dir" });
    expect(sent.effects).toEqual([
      {
        kind: "decide",
        key: "s1",
        callId: "c1",
        decision: { decision: "deny", reason: "not that dir" },
        what: "deny Bash",
      },
    ]);
    expect(sent.state.compose).toBeNull();
  });

  it("a refused outcome reaches the status line with its code and reason", () => {
    const { state } = run(initialUiState(), {
      kind: "outcome",
      what: "allow Bash",
      outcome: { result: "refused", refused: { code: "TOO_LATE", reason: "the deadline passed" } },
    });
    expect(state.flash).toMatchObject({ text: "allow Bash refused (TOO_LATE): the deadline passed", tone: "warn" });
  });

  it("halt-all asks each live session to halt once and skips closed ones", () => {
    const { effects } = run(
      initialUiState(),
      open("s1"),
      open("s2"),
      open("s3"),
      event("s2", { kind: "closed", exitCode: 0, cause: "clean" }),
      { kind: "halt-all" },
    );
    expect(effects.filter((e) => e.kind === "halt").map((e) => e.key)).toEqual(["s1", "s3"]);
  });

  it("a session newly needing you is announced once, naming its pane", () => {
    const { effects } = run(
      initialUiState(),
      open("s1"),
      open("s2", "codex"),
      { kind: "terminal-focus", focused: false },
      ask("s2", "c1"),
      ask("s2", "c2"),
    );
    expect(effects).toEqual([
      { kind: "notify", key: "s2", title: "codex (pane 2)", reason: "approval needed: Bash", why: "approval" },
    ]);
  });

  it("the focused pane in a focused terminal is not announced; another pane, or the same with the window elsewhere, is", () => {
    const notified = (...msgs: Msg[]) =>
      run(initialUiState(), open("s1"), open("s2", "codex"), ...msgs).effects.filter((e) => e.kind === "notify");
    // s2 is focused (the last opened) and the terminal has focus until it says otherwise.
    expect(notified(ask("s2"))).toEqual([]);
    expect(notified(ask("s1")).map((e) => e.key)).toEqual(["s1"]);
    expect(notified({ kind: "terminal-focus", focused: false }, ask("s2")).map((e) => e.key)).toEqual(["s2"]);
    expect(
      notified({ kind: "terminal-focus", focused: false }, { kind: "terminal-focus", focused: true }, ask("s2")),
    ).toEqual([]);
  });

  it("a half-typed deny is dropped, and said so, when the call closes elsewhere", () => {
    const { state } = run(
      initialUiState(),
      open("s1"),
      ask("s1"),
      { kind: "start-compose", compose: "deny" },
      { kind: "set-draft", key: "s1", text: "half a rea" },
      event("s1", { kind: "approval-cleared", callId: "c1", reason: "decided" }),
    );
    expect(state.compose).toBeNull();
    expect(state.drafts.get("s1")).toBeUndefined();
    expect(state.flash?.text).toContain("closed before you sent it");
  });

  it("an event that shows nothing keeps the same state object, so nothing redraws", () => {
    const { state } = run(initialUiState(), open("s1"));
    const next = update(state, event("s1", { kind: "warning", code: "x", message: "y" } as SessionEvent), NOW).state;
    expect(next).toBe(state);
  });

  it("a start from the dialog asks the server's plan first, launches only on its acceptance, one at a time", () => {
    const request = { harness: "pi" };
    const dialog = run(initialUiState(), { kind: "open-overlay", overlay: { kind: "new-session" } });
    const asked = run(dialog.state, { kind: "plan", requests: [request], next: { kind: "launch", request } });
    expect(asked.effects).toEqual([{ kind: "plan", seq: 1, requests: [request] }]);
    const verdict = { ok: true as const, harness: "pi", cwd: "/w", settings: [], notes: [] };
    const started = run(asked.state, { kind: "planned", seq: 1, verdicts: [verdict] });
    expect(started.effects).toEqual([{ kind: "launch", request }]);
    expect(started.state.launching).toBe(true);
    // A second start while one is under way asks nothing.
    expect(
      run(started.state, { kind: "plan", requests: [request], next: { kind: "launch", request } }).effects,
    ).toEqual([]);
    const failed = run(started.state, { kind: "launch-failed", message: "pi is not installed" });
    expect(failed.state).toMatchObject({ launching: false, launchFailure: "pi is not installed" });
    expect(failed.state.overlay).toEqual({ kind: "new-session" });
    const done = run(started.state, { kind: "launched" });
    expect(done.state).toMatchObject({ launching: false, overlay: null });
  });

  it("a refused plan starts nothing, and a stale or failed reply changes nothing it should not", () => {
    const request = { harness: "nope" };
    const asked = run(initialUiState(), { kind: "plan", requests: [request], next: { kind: "launch", request } });
    const refusal = { ok: false as const, refusals: [{ message: "unknown harness nope" }] };
    const refused = run(asked.state, { kind: "planned", seq: 1, verdicts: [refusal] });
    expect(refused.effects).toEqual([]);
    expect(refused.state.planCheck?.verdicts).toEqual([refusal]);
    expect(run(refused.state, { kind: "planned", seq: 0, verdicts: [refusal] }).state).toBe(refused.state);
    const again = run(refused.state, { kind: "plan", requests: [request], next: { kind: "launch", request } });
    const lost = run(again.state, { kind: "plan-failed", seq: 2, message: "not connected" });
    expect(lost.state.planCheck).toMatchObject({ seq: 2, failure: "not connected", verdicts: null });
    expect(lost.effects).toEqual([]);
  });

  it("a preview never replaces a plan that will start something", () => {
    const request = { harness: "pi" };
    const asked = run(initialUiState(), { kind: "plan", requests: [request], next: { kind: "launch", request } });
    const preview = run(asked.state, { kind: "plan", requests: [request], next: { kind: "preview" } });
    expect(preview.state).toBe(asked.state);
    expect(preview.effects).toEqual([]);
  });

  it("the notices key opens the focused pane's notices in rows taken from its transcript, and folds them again", () => {
    const lines = ["one", "two", "three"].map((text) => event("s1", { kind: "raw", stream: "stderr", text }));
    const base = run(initialUiState(120, 40), open("s1"), ...lines).state;
    const folded = paneBody(base, 0)!.height;
    const opened = run(base, { kind: "toggle-notices" }).state;
    expect(opened.noticesOpen.has("s1")).toBe(true);
    expect(paneBody(opened, 0)!.height).toBe(folded - 3);
    const again = run(opened, { kind: "toggle-notices" }).state;
    expect(again.noticesOpen.has("s1")).toBe(false);
    expect(paneBody(again, 0)!.height).toBe(folded);
    // Without notices the pane keeps every row, and nothing opens.
    const quiet = run(initialUiState(120, 40), open("s2"), { kind: "toggle-notices" }).state;
    expect(quiet.noticesOpen.size).toBe(0);
    expect(quiet.flash?.text).toMatch(/no harness notices/);
    expect(paneBody(quiet, 0)!.height).toBe(folded + 1);
  });
});

describe("whose keys they are on a native pane", () => {
  it("a native pane opened with the focus takes the keyboard; a transcript pane never does", () => {
    expect(run(initialUiState(), openNative("n1")).state.typingInto).toBe("n1");
    expect(run(initialUiState(), open("s1")).state.typingInto).toBeNull();
    expect(run(initialUiState(), openNative("n1"), open("s1")).state.typingInto).toBeNull();
  });

  it("the chord hands the keys to hmux and Enter takes them back, each saying so on the status line", () => {
    const released = run(initialUiState(), openNative("n1"), { kind: "native-keys", to: "hmux" });
    expect(released.state.typingInto).toBeNull();
    expect(released.state.flash?.text).toMatch(/^hmux keys on claude·native/);
    expect(released.effects).toEqual([]);
    const typing = update(released.state, { kind: "native-keys", to: "pane" }, NOW).state;
    expect(typing.typingInto).toBe("n1");
    expect(typing.flash?.text).toMatch(/^typing into claude·native/);
  });

  it("asking a transcript pane to take the keys changes nothing", () => {
    const { state } = run(initialUiState(), open("s1"));
    expect(update(state, { kind: "native-keys", to: "pane" }, NOW).state).toBe(state);
  });

  it("a native pane whose process has exited takes no more keys", () => {
    const { state } = run(
      initialUiState(),
      openNative("n1"),
      { kind: "native-keys", to: "hmux" },
      event("n1", { kind: "closed", exitCode: 0, cause: "clean" }),
      { kind: "native-keys", to: "pane" },
    );
    expect(state.typingInto).toBeNull();
  });

  it("focus moving away hands the keys back, and coming back does not retake them", () => {
    const { state } = run(initialUiState(), open("s1"), openNative("n1"), { kind: "focus", index: 0 });
    expect(state.typingInto).toBeNull();
    expect(update(state, { kind: "focus", index: 1 }, NOW).state.typingInto).toBeNull();
  });

  it("closing the pane being typed into hands the keys back", () => {
    const { state } = run(initialUiState(), open("s1"), openNative("n1"), { kind: "close-pane" });
    expect(state.typingInto).toBeNull();
  });
});
