/**
 * The status line says what the last key did, or clears itself: the person's next key replaces or
 * clears a message, and an announcement of work under way goes once the state it announced arrives.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { Scorecard } from "../../../src/race/scorecard-schema.js";
import type { Msg, RaceAct } from "../../../src/ui/store/messages.js";
import { initialUiState } from "../../../src/ui/store/ui-state.js";
import { updateAt } from "../../helpers/ui-update.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const statusLine = () => m!.frame().split("\n").at(-1) ?? "";

describe("the status line's one rule", () => {
  it("in an empty TUI, a later key that does nothing clears what Alt+a said", async () => {
    m = await mount({ ports: [], columns: 80, rows: 24 });
    await m.type(KEYS.alt("a"));
    expect(statusLine()).toContain("nothing is waiting for you");
    for (const key of ["d", "z", "x"]) {
      await m.type(KEYS.alt("a"));
      expect(statusLine()).toContain("nothing is waiting for you");
      await m.type(KEYS.alt(key));
      expect(statusLine()).not.toContain("nothing is waiting for you");
    }
  });

  it("'halting claude' goes once the session has ended, with no key pressed", async () => {
    const port = new FakePort({ harness: "claude" });
    m = await mount({ ports: [port], columns: 80, rows: 24 });
    port.emit({ kind: "state", from: "starting", to: "idle" });
    await m.flush();
    await m.type(KEYS.alt("x"));
    expect(statusLine()).toContain("halting claude");
    port.emit({ kind: "closed", cause: "killed", exitCode: null } as SessionEvent);
    await m.flush();
    expect(m.frame()).toContain("closed");
    expect(statusLine()).not.toContain("halting claude");
  });

  it("a race's 'running the check and scoring' goes when the scorecard arrives, and the pick's result at the next key", () => {
    const T0 = 1_700_000_000_000;
    const support = { steer: false, inject: false, abstain: true, replace: true, denyReason: true };
    const race = (act: RaceAct): Msg => ({ kind: "race", act });
    const started = updateAt(
      T0,
      initialUiState(80, 24),
      race({ do: "start", prompt: "fix slug", harnesses: ["claude"], check: null }),
    ).state;
    const name = started.race!.name;
    const workspace = `${name}-claude`;
    const scoring = updateAt(
      T0,
      started,
      {
        kind: "session-opened",
        key: "s1",
        info: { harness: "claude", settings: [], support, workspace: { name: workspace, branch: "b", base: "main" } },
      },
      race({ do: "opened", harness: "claude", key: "s1", workspace }),
      { kind: "session-event", key: "s1", event: { kind: "done", cause: "clean", exitCode: 0 } as SessionEvent },
    ).state;
    expect(scoring.flash?.text).toContain("every turn ended; running the check and scoring");
    const card = {
      contestants: [{ kind: "contestant", harness: "claude" }],
      summary: { kind: "summary", race: name, base: { name: "main", commit: "abc" } },
    } as unknown as Scorecard;
    const scored = updateAt(T0, scoring, race({ do: "scored", scorecard: card })).state;
    expect(scored.overlay?.kind).toBe("scorecard");
    expect(scored.flash).toBeNull();
    const picked = updateAt(
      T0,
      scored,
      race({ do: "ask", what: "pick" }),
      race({ do: "confirm" }),
      race({ do: "ended", text: "race: claude picked" }),
    ).state;
    expect(picked.flash?.text).toBe("race: claude picked");
    expect(updateAt(T0, picked, race({ do: "cancel" })).state.flash).toBeNull();
  });
});
