/** A race through the update function alone: started by its runner, tallied for its progress, scored by the runner once every turn ended, pick and discard asked first. */
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { Scorecard } from "../../../src/race/scorecard-schema.js";
import { indexKeymap, keyIntent } from "../../../src/ui/keys/dispatch.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import type { Effect, Msg, RaceAct } from "../../../src/ui/store/messages.js";
import { initialUiState, type UiState } from "../../../src/ui/store/ui-state.js";
import { updateTimed } from "../../helpers/ui-update.js";

const T0 = 1_700_000_000_000;
const INDEX = indexKeymap(DEFAULT_KEYMAP);
const SUPPORT = { steer: false, inject: false, abstain: true, replace: true, denyReason: true };

const run = (state: UiState, msgs: Array<[Msg, number?]>) =>
  updateTimed(
    state,
    msgs.map(([m, at]) => [m, at ?? T0]),
  );

const race = (act: RaceAct): Msg => ({ kind: "race", act });
const open = (key: string, harness: "claude" | "codex", workspace: string, divergence?: string): Msg => ({
  kind: "session-opened",
  key,
  info: {
    harness,
    settings: [{ key: "memory", value: false, tier: "default", ...(divergence ? { divergence } : {}) }],
    support: SUPPORT,
    workspace: { name: workspace, branch: `hmux/${workspace}`, base: "main" },
  },
});
const event = (key: string, e: SessionEvent): Msg => ({ kind: "session-event", key, event: e });
const done = (key: string): Msg => event(key, { kind: "done", cause: "clean", exitCode: 0 } as SessionEvent);
const usage = (key: string, input: number): Msg =>
  event(key, { kind: "usage", inputTokens: input, outputTokens: 5 } as SessionEvent);

/** A race of claude and codex whose panes have opened. */
function started(): { state: UiState; effects: Effect[]; name: string } {
  const r = run(initialUiState(), [
    [race({ do: "start", prompt: "fix slug", harnesses: ["claude", "codex"], check: "npm test" })],
  ]);
  const name = r.state.race!.name;
  const s = run(r.state, [
    [open("s1", "claude", `${name}-claude`)],
    [race({ do: "opened", harness: "claude", key: "s1", workspace: `${name}-claude` })],
    [open("s2", "codex", `${name}-codex`, "not expressible on codex")],
    [race({ do: "opened", harness: "codex", key: "s2", workspace: `${name}-codex` })],
  ]);
  return { state: s.state, effects: r.effects, name };
}

const CARD = (name: string): Scorecard =>
  ({
    contestants: [
      { kind: "contestant", harness: "claude" },
      { kind: "contestant", harness: "codex" },
    ],
    summary: { kind: "summary", race: name, base: { name: "main", commit: "abc" } },
  }) as unknown as Scorecard;

describe("race update", () => {
  it("asks the runner to start the race: one request, every harness, the same prompt and check, a name", () => {
    const { effects, name } = started();
    expect(name).toMatch(/^race-[0-9a-z]+$/);
    expect(effects).toEqual([
      {
        kind: "race-start",
        request: { name, prompt: "fix slug", harnesses: ["claude", "codex"], check: "npm test" },
      },
    ]);
  });

  it("takes the runner's name for the race (a taken one suffixed) and binds each contestant's pane by its worktree", () => {
    const r = run(initialUiState(), [
      [race({ do: "start", prompt: "p", harnesses: ["claude", "codex"], check: null })],
    ]);
    const asked = r.state.race!.name;
    const s = run(r.state, [
      [race({ do: "started", race: `${asked}-2`, notes: [`race: the name ${asked} is taken; using ${asked}-2`] })],
      [open("s1", "claude", `${asked}-2-claude`)],
    ]).state;
    expect(s.race?.name).toBe(`${asked}-2`);
    expect(s.race?.contestants[0]?.key).toBe("s1");
    expect(s.flash?.text).toContain("is taken");
  });

  it("a race refused as a whole fails with the runner's words, and nothing waits for it", () => {
    const r = run(initialUiState(), [
      [race({ do: "start", prompt: "p", harnesses: ["claude", "codex"], check: null })],
    ]);
    const s = run(r.state, [[race({ do: "start-failed", message: "/tmp/x is not in a git repository" })]]).state;
    expect(s.race).toMatchObject({ phase: "failed", message: "/tmp/x is not in a git repository" });
  });

  it("asks the runner for the scorecard only once every contestant's turn has ended", () => {
    const { state, name } = started();
    const one = run(state, [
      [usage("s1", 100), T0 + 1000],
      [done("s1"), T0 + 4000],
    ]);
    expect(one.effects.filter((e) => e.kind === "race-score")).toEqual([]);
    const both = run(one.state, [
      [usage("s2", 7), T0 + 5000],
      [done("s2"), T0 + 9000],
    ]);
    expect(both.effects.filter((e) => e.kind === "race-score")).toEqual([{ kind: "race-score", race: name }]);
    expect(both.state.race?.phase).toBe("scoring");
    // Its progress, as shown while the server scores: which turns ended (their times are the server's).
    expect(both.state.race?.contestants.map((c) => c.ended)).toEqual([true, true]);
  });

  it("a turn that waited for a person is only marked ended: the TUI works out no time of its own", () => {
    const { state } = started();
    const call = { callId: "c1", tool: "Write", input: {}, openedAt: T0 + 1000, deadlineAt: null };
    const r = run(state, [
      [event("s1", { kind: "approval-request", call }), T0 + 1000],
      [
        event("s1", {
          kind: "approval-disposition",
          callId: "c1",
          decision: { decision: "allow" },
          decider: "person",
          status: "sent",
        } as SessionEvent),
        T0 + 7000,
      ],
      [done("s1"), T0 + 8000],
    ]);
    const c = r.state.race?.contestants[0];
    expect(c?.ended).toBe(true);
    expect(Object.keys(c ?? {})).not.toContain("wallMs");
  });

  it("events after a contestant's first turn are not counted", () => {
    const { state } = started();
    const s = run(state, [[usage("s1", 100)], [done("s1")], [usage("s1", 900)]]).state;
    expect(s.race?.contestants[0]?.tally.inputTokens).toBe(100);
  });

  it("a contestant that could not start is left out of the scoring, not waited for", () => {
    const r = run(initialUiState(), [
      [race({ do: "start", prompt: "p", harnesses: ["claude", "codex"], check: null })],
    ]);
    const name = r.state.race!.name;
    const { effects } = run(r.state, [
      [open("s1", "claude", `${name}-claude`)],
      [race({ do: "opened", harness: "claude", key: "s1", workspace: `${name}-claude` })],
      [race({ do: "launch-failed", harness: "codex", message: "no git" })],
      [done("s1")],
    ]);
    expect(effects.filter((e) => e.kind === "race-score")).toEqual([{ kind: "race-score", race: name }]);
  });

  it("the scorecard opens when scored; pick asks first, and only y asks the runner to pick the selected contestant", () => {
    const { state, name } = started();
    let s = run(state, [[done("s1")], [done("s2")], [race({ do: "scored", scorecard: CARD(name) })]]).state;
    expect(s.overlay).toEqual({ kind: "scorecard", selected: 0, confirm: null, scroll: 0 });
    s = run(s, [[race({ do: "select", delta: 1 })], [race({ do: "ask", what: "pick" })]]).state;
    expect(s.overlay).toMatchObject({ selected: 1, confirm: "pick" });
    const no = run(s, [[race({ do: "cancel" })]]);
    expect(no.effects).toEqual([]);
    expect(no.state.overlay).toMatchObject({ confirm: null });
    const yes = run(s, [[race({ do: "confirm" })]]);
    expect(yes.effects).toEqual([{ kind: "race-pick", race: name, harness: "codex" }]);
    expect(yes.state.race?.busy).toBe("pick");
  });

  it("discard all asks first too; the keys map to the steps", () => {
    const { state, name } = started();
    const s = run(state, [[done("s1")], [done("s2")], [race({ do: "scored", scorecard: CARD(name) })]]).state;
    expect(keyIntent(s, INDEX, "x").intent).toEqual({ kind: "race", act: { do: "ask", what: "discard" } });
    expect(keyIntent(s, INDEX, "p").intent).toEqual({ kind: "race", act: { do: "ask", what: "pick" } });
    expect(keyIntent(s, INDEX, "right").intent).toEqual({ kind: "race", act: { do: "select", delta: 1 } });
    const asked = run(s, [[race({ do: "ask", what: "discard" })]]).state;
    // While asked, p does nothing and only y / n answer.
    expect(keyIntent(asked, INDEX, "p")).toEqual({ taken: true });
    expect(keyIntent(asked, INDEX, "y").intent).toEqual({ kind: "race", act: { do: "confirm" } });
    const yes = run(asked, [[race({ do: "confirm" })]]);
    expect(yes.effects).toEqual([{ kind: "race-discard", race: name }]);
  });

  it("pick cannot be asked before the race is scored", () => {
    const { state } = started();
    const s = run(state, [[race({ do: "open-scorecard" })], [race({ do: "ask", what: "pick" })]]).state;
    expect(s.overlay).toEqual({ kind: "scorecard", selected: 0, confirm: null, scroll: 0 });
  });
});
