/** Every key a screen names is the key the config binds: hints are read from the keymap, never written in. */
import { afterEach, describe, expect, it } from "vitest";
import { uiSchema } from "../../../src/core/config/ui-schema.js";
import { uiConfigFrom } from "../../../src/ui/config/ui-config.js";
import { focusKeys } from "../../../src/ui/keys/hints.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const keymapFrom = (keys: Record<string, string>) => uiConfigFrom(uiSchema.parse({ keys })).keymap;

const approval = (p: FakePort) => {
  p.emit({
    kind: "approval-request",
    call: { callId: "c1", tool: "Bash", input: { command: "ls" }, openedAt: 0, deadlineAt: null },
  });
  p.emit({ kind: "state", from: "running", to: "awaiting-approval" });
};

describe("key hints follow the keymap", () => {
  it("approve rebound to y in config: the widget offers y, y allows, and a decides nothing", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p], keymap: keymapFrom({ approve: "y" }) });
    approval(p);
    await m.flush();
    expect(m.frame()).toContain("y allow · d deny");
    expect(m.frame()).not.toContain("a allow");
    await m.type("a");
    expect(p.intents).toEqual([]);
    expect(m.frame()).toContain("y allow · d deny");
    await m.type("y");
    expect(p.intents).toEqual([{ kind: "decide", callId: "c1", decision: { decision: "allow" } }]);
  });

  it("the full view offers the rebound keys too", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p], keymap: keymapFrom({ approve: "y", deny: "n" }) });
    approval(p);
    await m.flush();
    await m.type("f");
    expect(m.frame()).toContain("y allow · n deny");
  });

  it("rebound global keys show on the status line and in the closed-pane flash", async () => {
    const keymap = keymapFrom({ zoom: "ctrl+alt+z", "close-pane": "alt+k" });
    m = await mount({ ports: [new FakePort(), new FakePort({ harness: "codex" })], keymap });
    expect(m.frame()).toContain("Ctrl+Alt+z zoom");
    expect(m.frame()).not.toMatch(/(?<!\+)Alt\+z zoom/);
    await m.type(KEYS.alt("k"));
    expect(m.frame()).toContain("pane closed; codex keeps running (Alt+o reopens)");
  });

  it("an ended pane that can resume names the resume key as bound, and the key resumes it", async () => {
    const p = new FakePort({ resumable: true });
    m = await mount({ ports: [p], keymap: keymapFrom({ resume: "alt+y" }) });
    p.emit({ kind: "closed", exitCode: null, cause: "killed" });
    await m.flush();
    expect(m.frame()).toContain("Alt+y resumes");
    await m.type(KEYS.alt("r"));
    expect(p.intents).toEqual([]);
    await m.type(KEYS.alt("y"));
    expect(p.intents).toEqual([{ kind: "resume" }]);
  });

  it("the focus keys fold into one label, and an unbound group drops out", () => {
    expect(focusKeys(DEFAULT_KEYMAP)).toBe("Alt+arrows/1-9");
    expect(focusKeys({ ...DEFAULT_KEYMAP, "focus.left": [] })).toBe("Alt+1-9");
  });
});
