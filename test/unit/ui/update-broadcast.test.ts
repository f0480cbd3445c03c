/** Broadcast through the update function alone: marks, the one prompt, per-pane delivery and refusals. */
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { indexKeymap, keyIntent } from "../../../src/ui/keys/dispatch.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import type { BroadcastAct, Msg } from "../../../src/ui/store/messages.js";
import { confirmRows, initialUiState, type UiState } from "../../../src/ui/store/ui-state.js";
import { updateAt } from "../../helpers/ui-update.js";

const NOW = 1_700_000_000_000;
const INDEX = indexKeymap(DEFAULT_KEYMAP);

const run = (state: UiState, ...msgs: Msg[]) => updateAt(NOW, state, ...msgs);

const open = (key: string, harness: "claude" | "codex" | "pi", steer = false, native = false): Msg => ({
  kind: "session-opened",
  key,
  info: {
    harness,
    settings: [],
    support: { steer, inject: false, abstain: true, replace: true, denyReason: true },
    ...(native ? { native: true } : {}),
  },
});
const event = (key: string, e: SessionEvent): Msg => ({ kind: "session-event", key, event: e });
const idle = (key: string): Msg => event(key, { kind: "state", from: "starting", to: "idle" });
const running = (key: string): Msg => event(key, { kind: "state", from: "idle", to: "running" });
const b = (act: BroadcastAct): Msg => ({ kind: "broadcast", act });

/** Three idle panes: 1 claude, 2 codex, 3 pi. */
function three(): UiState {
  return run(
    initialUiState(),
    open("s1", "claude"),
    open("s2", "codex"),
    open("s3", "pi"),
    idle("s1"),
    idle("s2"),
    idle("s3"),
  ).state;
}

const userTexts = (state: UiState, key: string) =>
  (state.sessions.get(key)?.entries ?? []).flatMap((e) => (e.kind === "message" && e.role === "user" ? [e.text] : []));
const notices = (state: UiState, key: string) =>
  (state.sessions.get(key)?.entries ?? []).flatMap((e) => (e.kind === "notice" ? [e.text] : []));

describe("broadcast update", () => {
  it("sends one typed prompt as a turn to every marked idle pane, and to no unmarked one", () => {
    const { state, effects } = run(
      three(),
      b({ do: "toggle" }),
      b({ do: "mark", number: 1 }),
      b({ do: "mark", number: 3 }),
      b({ do: "compose" }),
      b({ do: "send", text: "  fix the bug  " }),
    );
    const sends = effects.filter((e) => e.kind === "send");
    expect(sends.map((e) => [e.key, e.kind === "send" && e.text, e.kind === "send" && e.mode])).toEqual([
      ["s1", "fix the bug", "turn"],
      ["s3", "fix the bug", "turn"],
    ]);
    expect(userTexts(state, "s1")).toEqual(["fix the bug"]);
    expect(userTexts(state, "s3")).toEqual(["fix the bug"]);
    expect(userTexts(state, "s2")).toEqual([]);
    expect(state.broadcast).toBeNull();
    expect(state.flash?.text).toBe("broadcast sent to 1 claude, 3 pi");
  });

  it("steers a busy pane that can steer, and refuses a busy one that cannot, in that pane and on the status line", () => {
    let s = run(initialUiState(), open("s1", "claude", true), open("s2", "codex"), idle("s1"), idle("s2")).state;
    s = run(s, running("s1"), running("s2")).state;
    const { state, effects } = run(
      s,
      b({ do: "toggle" }),
      b({ do: "mark-all" }),
      b({ do: "compose" }),
      b({ do: "send", text: "also add tests" }),
    );
    expect(effects.filter((e) => e.kind === "send").map((e) => [e.key, e.kind === "send" && e.mode])).toEqual([
      ["s1", "steer"],
    ]);
    expect(notices(state, "s2")).toEqual([
      "broadcast not delivered: codex is busy with a turn and cannot take input mid-turn",
    ]);
    expect(userTexts(state, "s2")).toEqual([]);
    expect(state.flash).toMatchObject({ tone: "warn" });
    expect(state.flash?.text).toContain("refused by 2 codex");
  });

  it("keeps marks in session order and toggles a mark off when marked again", () => {
    const s = run(
      three(),
      b({ do: "toggle" }),
      b({ do: "mark", number: 3 }),
      b({ do: "mark", number: 1 }),
      b({ do: "mark", number: 2 }),
      b({ do: "mark", number: 2 }),
    ).state;
    expect(s.broadcast?.marked).toEqual(["s1", "s3"]);
  });

  it("marks the focused pane with no number, and mark-all unmarks when every pane is marked", () => {
    let s = run(three(), { kind: "focus", index: 1 }, b({ do: "toggle" }), b({ do: "mark" })).state;
    expect(s.broadcast?.marked).toEqual(["s2"]);
    s = run(s, b({ do: "mark-all" })).state;
    expect(s.broadcast?.marked).toEqual(["s1", "s2", "s3"]);
    s = run(s, b({ do: "mark-all" })).state;
    expect(s.broadcast?.marked).toEqual([]);
  });

  it("will not type a prompt with nothing marked, and says so", () => {
    const s = run(three(), b({ do: "toggle" }), b({ do: "compose" })).state;
    expect(s.broadcast?.phase).toBe("select");
    expect(s.flash?.text).toBe("mark at least one pane first");
  });

  it("never marks a native pane, whose keys go to the harness's own UI", () => {
    const s = run(
      initialUiState(),
      open("s1", "claude"),
      open("s2", "claude", false, true),
      b({ do: "toggle" }),
      b({ do: "mark", number: 2 }),
      b({ do: "mark-all" }),
    ).state;
    expect(s.broadcast?.marked).toEqual(["s1"]);
  });

  it("a pane closed after it was marked gets nothing", () => {
    const { effects } = run(
      three(),
      b({ do: "toggle" }),
      b({ do: "mark-all" }),
      b({ do: "compose" }),
      { kind: "focus", index: 1 },
      { kind: "close-pane" },
      b({ do: "send", text: "go" }),
    );
    expect(effects.filter((e) => e.kind === "send").map((e) => e.key)).toEqual(["s1", "s3"]);
  });

  it("Esc steps back from the prompt to the marks, then out; an empty prompt sends nothing", () => {
    let s = run(three(), b({ do: "toggle" }), b({ do: "mark", number: 1 }), b({ do: "compose" })).state;
    const empty = run(s, b({ do: "send", text: "   " }));
    expect(empty.effects).toEqual([]);
    expect(empty.state.broadcast?.phase).toBe("compose");
    s = run(s, b({ do: "back" })).state;
    expect(s.broadcast).toMatchObject({ phase: "select", marked: ["s1"] });
    s = run(s, b({ do: "back" })).state;
    expect(s.broadcast).toBeNull();
  });

  it("the bar takes rows under the panes only while the broadcast is under way", () => {
    const s = run(three(), b({ do: "toggle" })).state;
    expect(confirmRows(three())).toBe(0);
    expect(confirmRows(s)).toBeGreaterThan(0);
  });

  it("while marking, digits and letters mark instead of reaching the input line; while typing, every key is the bar's", () => {
    const select = run(three(), b({ do: "toggle" })).state;
    expect(keyIntent(select, INDEX, "2").intent).toEqual({ kind: "broadcast", act: { do: "mark", number: 2 } });
    expect(keyIntent(select, INDEX, " ").intent).toEqual({ kind: "broadcast", act: { do: "mark" } });
    expect(keyIntent(select, INDEX, "x")).toEqual({ taken: true });
    expect(keyIntent(select, INDEX, "alt+right").intent).toEqual({ kind: "focus-direction", direction: "right" });
    const typing = run(select, b({ do: "mark", number: 1 }), b({ do: "compose" })).state;
    expect(keyIntent(typing, INDEX, "2")).toEqual({ taken: true });
    expect(keyIntent(typing, INDEX, "escape").intent).toEqual({ kind: "broadcast", act: { do: "back" } });
    expect(keyIntent(three(), INDEX, "alt+b").intent).toEqual({ kind: "broadcast", act: { do: "toggle" } });
  });
});
