/** The changes view through the update function and the key dispatch: values in, values and effects out. */
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { ChangesData } from "../../../src/ui/changes-port.js";
import { headerParts } from "../../../src/ui/components/PaneHeader.js";
import { indexKeymap, keyIntent } from "../../../src/ui/keys/dispatch.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import { bodyLines, maxScroll } from "../../../src/ui/store/changes-state.js";
import type { Msg } from "../../../src/ui/store/messages.js";
import { initialUiState, type UiState } from "../../../src/ui/store/ui-state.js";
import { updateAt } from "../../helpers/ui-update.js";

const SUPPORT = { steer: false, inject: false, abstain: true, replace: true, denyReason: true };
const NOW = 1_700_000_000_000;
const WS = { name: "w", branch: "hmux/w", base: "main" };
const KEYS = indexKeymap(DEFAULT_KEYMAP);

const run = (state: UiState, ...msgs: Msg[]) => updateAt(NOW, state, ...msgs);

const open = (key: string, workspace = true): Msg => ({
  kind: "session-opened",
  key,
  info: { harness: "claude", settings: [], support: SUPPORT, ...(workspace ? { workspace: WS } : {}) },
});
const event = (key: string, e: SessionEvent): Msg => ({ kind: "session-event", key, event: e });
const idle = (key: string): Msg => event(key, { kind: "state", from: "starting", to: "idle" });

function data(over: Partial<ChangesData> = {}): ChangesData {
  return {
    scope: "base",
    turn: null,
    turns: 2,
    files: [{ path: "a.txt", added: 3, removed: 1 }],
    added: 3,
    removed: 1,
    patch: "diff --git a/a.txt b/a.txt\n@@ -1 +1,3 @@\n-old\n+new\n+more\n+lines\n",
    branch: "hmux/w",
    base: "main",
    status: { ahead: 1, behind: 0, dirty: 1 },
    ...over,
  };
}

/** A state with the view open on s1 and its first load answered. */
function opened(d: ChangesData = data(), rows = 24): UiState {
  const base = run(initialUiState(80, rows), open("s1"), idle("s1")).state;
  const o = run(base, { kind: "open-changes" });
  const seq = o.state.changes!.seq;
  return run(o.state, { kind: "changes-loaded", key: "s1", seq, data: d }).state;
}

const key = (state: UiState, name: string) => keyIntent(state, KEYS, name).intent;

describe("the changes view's update", () => {
  it("Alt+d opens the view on the focused pane and asks for its diff against the base", () => {
    const state = run(initialUiState(80, 24), open("s1")).state;
    const intent = key(state, "alt+d");
    expect(intent).toEqual({ kind: "open-changes" });
    const { state: next, effects } = run(state, intent!);
    expect(next.overlay).toEqual({ kind: "changes" });
    expect(effects).toEqual([{ kind: "changes-load", key: "s1", seq: next.changes!.seq, scope: { kind: "base" } }]);
  });

  it("a pane without a worktree opens the view with nothing asked of git", () => {
    const state = run(initialUiState(80, 24), open("s1", false)).state;
    const { state: next, effects } = run(state, { kind: "open-changes" });
    expect(next.overlay).toEqual({ kind: "changes" });
    expect(effects).toEqual([]);
    expect(run(next, { kind: "changes-commit" }).state.changes!.mode).toBe("browse");
    expect(run(next, { kind: "changes-merge" }).effects).toEqual([]);
  });

  it("an answer to an older request is dropped; the latest one is shown", () => {
    const base = run(initialUiState(80, 24), open("s1")).state;
    const o = run(base, { kind: "open-changes" }, { kind: "changes-scope" }).state;
    const latest = o.changes!.seq;
    const stale = run(o, { kind: "changes-loaded", key: "s1", seq: latest - 1, data: data() }).state;
    expect(stale.changes!.data).toBeNull();
    const fresh = run(stale, {
      kind: "changes-loaded",
      key: "s1",
      seq: latest,
      data: data({ scope: "turn", turn: 2 }),
    });
    expect(fresh.state.changes!.data?.turn).toBe(2);
    expect(fresh.state.changes!.loading).toBe(false);
  });

  it("t switches to this turn only, and [ ] step through the recorded turns within their range", () => {
    let s = opened();
    const toTurn = run(s, key(s, "t")!);
    expect(toTurn.effects).toEqual([
      { kind: "changes-load", key: "s1", seq: toTurn.state.changes!.seq, scope: { kind: "turn", turn: null } },
    ]);
    s = run(toTurn.state, {
      kind: "changes-loaded",
      key: "s1",
      seq: toTurn.state.changes!.seq,
      data: data({ scope: "turn", turn: 2 }),
    }).state;
    const back = run(s, key(s, "[")!);
    expect(back.effects[0]).toMatchObject({ kind: "changes-load", scope: { kind: "turn", turn: 1 } });
    // Past the last recorded turn there is nothing to load.
    expect(run(s, key(s, "]")!).effects).toEqual([]);
  });

  it("scrolling stays within the body: never above the top, never past the last page", () => {
    const long = data({ patch: `${Array.from({ length: 200 }, (_, i) => `+line ${i}`).join("\n")}\n` });
    const s = opened(long);
    const max = maxScroll(24, s.changes!);
    expect(max).toBe(bodyLines(long).length - (24 - 2 - 4));
    expect(run(s, { kind: "changes-scroll", rows: -5 }).state.changes!.scroll).toBe(0);
    expect(run(s, key(s, "end")!).state.changes!.scroll).toBe(max);
    expect(run(s, key(s, "pagedown")!).state.changes!.scroll).toBe(24 - 2 - 4);
  });

  it("commit opens the message field prefilled from the turn's prompt; Enter commits what was typed", () => {
    let s = run(opened(), event("s1", { kind: "message", role: "user", text: "add a login page\nwith tests" })).state;
    s = run(s, key(s, "c")!).state;
    expect(s.changes!.mode).toBe("commit");
    expect(s.changes!.message).toBe("add a login page");
    // While typing, letters belong to the field, not to the view's keys.
    expect(keyIntent(s, KEYS, "m").taken).toBe(false);
    const { state, effects } = run(s, { kind: "changes-commit-submit", text: "Add the login page" });
    expect(effects).toEqual([{ kind: "changes-act", key: "s1", action: "commit", message: "Add the login page" }]);
    expect(state.changes!.busy).toBe("commit");
  });

  it("an empty commit message is refused on screen, with no git call", () => {
    const s = run(opened(), { kind: "changes-commit" }).state;
    const { state, effects } = run(s, { kind: "changes-commit-submit", text: "  " });
    expect(effects).toEqual([]);
    expect(state.changes!.result?.text).toContain("needs a message");
  });

  it("discard asks first: only y discards, n keeps", () => {
    const s = opened();
    const asked = run(s, key(s, "D")!);
    expect(asked.effects).toEqual([]);
    expect(asked.state.changes!.mode).toBe("confirm-discard");
    expect(run(asked.state, key(asked.state, "n")!).state.changes!.mode).toBe("browse");
    expect(run(asked.state, key(asked.state, "x") ?? { kind: "changes-back" }).effects).toEqual([]);
    const yes = run(asked.state, key(asked.state, "y")!);
    expect(yes.effects).toEqual([{ kind: "changes-act", key: "s1", action: "discard" }]);
  });

  it("no action runs while the agent is mid-turn in the worktree", () => {
    const s = run(opened(), event("s1", { kind: "state", from: "idle", to: "running" })).state;
    const { state, effects } = run(s, { kind: "changes-merge" });
    expect(effects).toEqual([]);
    expect(state.changes!.result?.text).toContain("working in this worktree");
  });

  it("a merge conflict is shown with its files and hint; the view stays open", () => {
    const s = run(opened(), { kind: "changes-merge" }).state;
    const { state } = run(s, {
      kind: "changes-failed",
      key: "s1",
      action: "merge",
      message: "merging hmux/w into main stopped: conflicts in README.md",
      files: ["README.md"],
      hint: "resolve it yourself",
    });
    expect(state.overlay).toEqual({ kind: "changes" });
    expect(state.changes!.busy).toBeNull();
    expect(state.changes!.result).toMatchObject({ tone: "error", files: ["README.md"], hint: "resolve it yourself" });
  });

  it("a finished action reloads the view and refreshes the header's ahead/behind", () => {
    const s = run(opened(), { kind: "changes-merge" }).state;
    const { state, effects } = run(s, { kind: "changes-done", key: "s1", action: "merge", text: "merged" });
    expect(effects).toEqual([
      { kind: "changes-load", key: "s1", seq: state.changes!.seq, scope: { kind: "base" } },
      { kind: "branch-status", key: "s1" },
    ]);
    expect(state.changes!.result?.text).toBe("merged");
  });

  it("the header's ahead/behind is asked for when a worktree session opens and after each turn, not otherwise", () => {
    const opening = run(initialUiState(80, 24), open("s1"), open("s2", false));
    expect(opening.effects.filter((e) => e.kind === "branch-status")).toEqual([{ kind: "branch-status", key: "s1" }]);
    let s = opening.state;
    const started = run(
      s,
      event("s1", { kind: "turn", turnId: "t1", id: null }),
      event("s1", { kind: "token", text: "x" }),
    );
    expect(started.effects.filter((e) => e.kind === "branch-status")).toEqual([]);
    s = started.state;
    const ended = run(s, event("s1", { kind: "done", exitCode: 0, cause: "clean" }));
    expect(ended.effects.filter((e) => e.kind === "branch-status")).toEqual([{ kind: "branch-status", key: "s1" }]);
    const status = run(ended.state, { kind: "branch-status", key: "s1", status: { ahead: 2, behind: 1, dirty: 0 } });
    expect(status.state.branchStatus.get("s1")).toEqual({ ahead: 2, behind: 1, dirty: 0 });
  });

  it("Esc leaves the message field first, then closes the view", () => {
    const s = run(opened(), { kind: "changes-commit" }).state;
    const back = run(s, key(s, "escape")!).state;
    expect([back.overlay, back.changes?.mode]).toEqual([{ kind: "changes" }, "browse"]);
    const closed = run(back, key(back, "escape")!).state;
    expect([closed.overlay, closed.changes]).toEqual([null, null]);
  });
});

describe("the pane header", () => {
  it("shows the worktree branch's ahead/behind once known, nothing made up before, uncut at 80 columns", () => {
    const view = run(initialUiState(80, 24), open("s1")).state.sessions.get("s1")!;
    expect(headerParts(view, 0, null, 80).who).toContain("⎇ hmux/w");
    expect(headerParts(view, 0, null, 80).ahead).toBe("");
    expect(headerParts(view, 0, null, 80, undefined, { ahead: 3, behind: 1, dirty: 0 }).ahead).toBe(" ↑3 ↓1");
    // A pane too narrow for the name drops the ahead/behind before cutting the name below its minimum.
    expect(headerParts(view, 0, null, 20, undefined, { ahead: 3, behind: 1, dirty: 0 }).ahead).toBe("");
  });
});
