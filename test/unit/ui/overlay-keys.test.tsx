/**
 * The keys inside questions and overlays (yes/no, the quit question's detach and halt all, the
 * scorecard's open/pick/discard, settings side by side's filter) are keymap commands: a key
 * rebound in the config's ui.keys is the one the screen names and the one that acts, and the
 * old letter stops acting.
 */
import { afterEach, describe, expect, it } from "vitest";
import { uiSchema } from "../../../src/core/config/ui-schema.js";
import { selectKeysText } from "../../../src/ui/components/overlays/BroadcastBar.js";
import { helpRows } from "../../../src/ui/components/overlays/HelpOverlay.js";
import { scorecardKeys, scorecardQuestion } from "../../../src/ui/components/overlays/ScorecardOverlay.js";
import { buildKeymap, UiConfigError, uiConfigFrom } from "../../../src/ui/config/ui-config.js";
import { indexKeymap, keyIntent } from "../../../src/ui/keys/dispatch.js";
import { COMMAND_HELP, DEFAULT_KEYMAP, type Keymap, OVERLAY_COMMANDS } from "../../../src/ui/keys/keymap.js";
import { initialUiState, type UiState } from "../../../src/ui/store/ui-state.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const configured = (keys: Record<string, string>): Keymap => uiConfigFrom(uiSchema.parse({ keys })).keymap;
const running = (p: FakePort) => p.emit({ kind: "state", from: "idle", to: "running" });
const ALT_SHIFT_X = "\u001bX";

async function withRunning(keymap: Keymap, ports: FakePort[]): Promise<Mounted> {
  const mounted = await mount({ ports, keymap, columns: 120 });
  for (const p of ports) running(p);
  await mounted.flush();
  return mounted;
}

describe("question keys from the config", () => {
  it("a rebound yes key is named by the halt-all question and halts; y no longer does", async () => {
    const ports = [new FakePort(), new FakePort()];
    m = await withRunning(configured({ yes: "j" }), ports);
    await m.type(ALT_SHIFT_X);
    expect(m.frame()).toContain("Halt every session? Pending calls are denied. j halt all · n cancel");
    await m.type("y");
    expect(m.store.state.overlay).toEqual({ kind: "halt-all" });
    expect(ports.flatMap((p) => p.intents)).toEqual([]);
    await m.type("j");
    expect(ports.map((p) => p.intents)).toEqual([[{ kind: "halt" }], [{ kind: "halt" }]]);
  });

  it("a rebound no key is named by the local quit question and cancels it; n no longer does", async () => {
    m = await withRunning(configured({ no: "k" }), [new FakePort()]);
    await m.type(KEYS.ctrl("q"));
    expect(m.frame()).toContain("Quit and halt them? y quit · k stay");
    await m.type("n");
    expect(m.store.state.overlay).toEqual({ kind: "quit" });
    await m.type("k");
    expect(m.store.state.overlay).toBeNull();
    expect(m.store.state.quitRequested).toBe(false);
  });

  it("a rebound halt-all key is named by the server quit question and halts them all; h no longer does", async () => {
    m = await withRunning(configured({ "quit-halt-all": "z" }), [new FakePort({ detachable: true })]);
    await m.type(KEYS.ctrl("q"));
    expect(m.frame()).toContain("Enter/Ctrl+q detach (they keep running; hmux attach) · z halt all · Esc cancel");
    await m.type("h");
    expect(m.store.state.quitRequested).toBe(false);
    await m.type("z");
    expect(m.store.state.quitRequested).toBe(true);
    expect(m.store.state.quitHalts).toBe(true);
  });

  it("a rebound detach key detaches; d no longer does", async () => {
    m = await withRunning(configured({ "quit-detach": "l" }), [new FakePort({ detachable: true })]);
    await m.type(KEYS.ctrl("q"), "d");
    expect(m.store.state.quitRequested).toBe(false);
    await m.type("l");
    expect(m.store.state.quitRequested).toBe(true);
    expect(m.store.state.quitHalts).toBe(false);
  });
});

describe("scorecard keys from the config", () => {
  const keymap = configured({ "scorecard-pick": "P", "scorecard-discard": "X", "scorecard-open": "O", yes: "j" });
  const index = indexKeymap(keymap);
  const at = (confirm: "pick" | "discard" | null): UiState => ({
    ...initialUiState(),
    overlay: { kind: "scorecard", selected: 0, confirm, scroll: 0 },
  });

  it("the key line and the questions name the rebound keys", () => {
    expect(scorecardKeys(keymap, true)).toBe("←/→ choose · O its changes · P pick · X discard all · Esc closes");
    expect(scorecardKeys(DEFAULT_KEYMAP, true)).toBe(
      "←/→ choose · o its changes · p pick · x discard all · Esc closes",
    );
    expect(scorecardQuestion(keymap, "pick", "pi", "main")).toMatch(/^Pick pi\? .* j pick · n cancel$/);
    expect(scorecardQuestion(keymap, "discard", undefined, undefined)).toMatch(/ j discard · n cancel$/);
  });

  it("the rebound keys act and the old letters do not", () => {
    expect(keyIntent(at(null), index, "P").intent).toEqual({ kind: "race", act: { do: "ask", what: "pick" } });
    expect(keyIntent(at(null), index, "X").intent).toEqual({ kind: "race", act: { do: "ask", what: "discard" } });
    expect(keyIntent(at(null), index, "O").intent).toEqual({ kind: "race", act: { do: "open-contestant" } });
    for (const old of ["p", "x", "o"]) expect(keyIntent(at(null), index, old).intent).toBeUndefined();
    expect(keyIntent(at("pick"), index, "j").intent).toEqual({ kind: "race", act: { do: "confirm" } });
    expect(keyIntent(at("pick"), index, "y").intent).toBeUndefined();
  });
});

describe("settings side by side's filter key from the config", () => {
  it("the footer names the rebound key and it filters; d no longer does", async () => {
    const mk = (model: string) =>
      new FakePort({
        settings: [
          { key: "effort", value: "high", tier: "arg" },
          { key: "model", value: model, tier: "arg" },
        ],
      });
    m = await mount({ ports: [mk("a"), mk("b")], keymap: configured({ "compare-only-differing": "f" }), columns: 120 });
    await m.type(KEYS.alt("s"));
    expect(m.frame()).toContain("f only ≠/⚠");
    await m.type("d");
    expect(m.frame()).toContain("f only ≠/⚠");
    expect(m.frame()).toMatch(/ effort /);
    await m.type("f");
    expect(m.frame()).toContain("f all rows");
    expect(m.frame()).not.toMatch(/ effort /);
  });
});

describe("the broadcast's mark-all key from the config", () => {
  it("the bar names the rebound key and it marks every pane; a no longer does", () => {
    const keymap = configured({ "broadcast-mark-all": "m" });
    const marking: UiState = { ...initialUiState(), broadcast: { phase: "select", marked: [], draft: "" } };
    expect(selectKeysText(keymap)).toContain("m all");
    expect(selectKeysText(keymap)).not.toContain("a all");
    const index = indexKeymap(keymap);
    expect(keyIntent(marking, index, "m").intent).toEqual({ kind: "broadcast", act: { do: "mark-all" } });
    expect(keyIntent(marking, index, "a").intent).toBeUndefined();
  });
});

describe("configured keys inside one view or question stand for one thing", () => {
  it("a configured key another command of the same question has by default is taken from it; two configured ones are refused", () => {
    const detach = buildKeymap({ "quit-detach": "n" });
    expect(detach["quit.detach"]).toEqual(["n"]);
    expect(detach["confirm.no"]).toEqual(["N"]);
    expect(buildKeymap({ yes: "N" })["confirm.no"]).toEqual(["n"]);
    expect(() => buildKeymap({ "quit-detach": "k", "quit-halt-all": "k" })).toThrow(
      /"k" is bound to both (quit-detach and quit-halt-all|quit-halt-all and quit-detach) in the quit question/,
    );
  });

  it("a key the view reads by itself is refused", () => {
    expect(() => buildKeymap({ "scorecard-pick": "q" })).toThrow(UiConfigError);
    expect(() => buildKeymap({ "changes-commit": "space" })).toThrow(/read by the changes view itself/);
  });

  it("views never open together may share a key, in the schema and the keymap alike", () => {
    const keymap = configured({ "scorecard-pick": "j", "compare-only-differing": "j", "changes-merge": "j" });
    expect([keymap["scorecard.pick"], keymap["compare.onlyDiffering"], keymap["changes.merge"]]).toEqual([
      ["j"],
      ["j"],
      ["j"],
    ]);
  });
});

describe("help", () => {
  it("lists every command read inside a view or question, with its key as bound", () => {
    const rows = helpRows(configured({ "scorecard-pick": "P" }));
    for (const c of OVERLAY_COMMANDS) expect(rows.map(([, does]) => does)).toContain(COMMAND_HELP[c]);
    expect(rows).toContainEqual(["P", COMMAND_HELP["scorecard.pick"]]);
    expect(rows).toContainEqual(["y, Y", COMMAND_HELP["confirm.yes"]]);
  });
});
