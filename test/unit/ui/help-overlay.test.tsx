import { afterEach, describe, expect, it } from "vitest";
import { helpRows } from "../../../src/ui/components/overlays/HelpOverlay.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import { draftOf, focusedKey } from "../../../src/ui/store/ui-state.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const F1 = ["\u001bOP", "\u001b[11~"];
const lastRow = () => helpRows(DEFAULT_KEYMAP).at(-1)![1];
const firstRow = () => helpRows(DEFAULT_KEYMAP)[0]![1];

describe("help overlay", () => {
  for (const seq of F1) {
    it(`F1 (${JSON.stringify(seq)}) opens help, and closes it again`, async () => {
      m = await mount({ ports: [new FakePort()] });
      await m.type(seq);
      expect(m.store.state.overlay).toEqual({ kind: "help" });
      await m.type(seq);
      expect(m.store.state.overlay).toBeNull();
    });
  }

  it("F1 opens help even while a prompt is being typed; ? there is text", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    p.emit({ kind: "state", from: "starting", to: "idle" });
    await m.flush();
    await m.type("why", "?");
    expect(m.store.state.overlay).toBeNull();
    expect(draftOf(m.store.state, focusedKey(m.store.state))).toBe("why?");
    await m.type(F1[0]!);
    expect(m.store.state.overlay).toEqual({ kind: "help" });
  });

  it("at 80×24 the list says how much is left and PgDn reaches its last row", async () => {
    m = await mount({ ports: [new FakePort()], columns: 80, rows: 24 });
    await m.type("?");
    let frame = m.frame();
    expect(frame).toContain(firstRow());
    expect(frame).not.toContain(lastRow());
    expect(frame).toMatch(/↓ \d+ more · PgDn/);
    await m.type(KEYS.pageDown, KEYS.pageDown, KEYS.pageDown);
    frame = m.frame();
    expect(frame).toContain(lastRow());
    expect(frame).toContain("end of list · PgUp back");
    await m.type(KEYS.pageUp, KEYS.pageUp, KEYS.pageUp);
    expect(m.frame()).toContain(firstRow());
    expect(m.frame().split("\n")).toHaveLength(24);
  });

  it("at 160×48 everything fits and nothing says more", async () => {
    m = await mount({ ports: [new FakePort()], columns: 160, rows: 48 });
    await m.type("?");
    const frame = m.frame();
    expect(frame).toContain(firstRow());
    expect(frame).toContain(lastRow());
    expect(frame).not.toContain("more · PgDn");
  });
});
