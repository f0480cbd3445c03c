import { afterEach, describe, expect, it } from "vitest";
import { focusedView } from "../../../src/ui/store/ui-state.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const three = () => [
  new FakePort({ harness: "claude" }),
  new FakePort({ harness: "codex" }),
  new FakePort({ harness: "pi" }),
];
const focused = () => focusedView(m!.store.state)?.info.harness;

describe("pane numbers belong to sessions", () => {
  it("closing pane 2 and reopening it keeps codex as pane 2", async () => {
    m = await mount({ ports: three() });
    await m.type(KEYS.alt("2"), KEYS.alt("w"));
    expect(m.frame()).toContain("3 pi");
    expect(m.frame()).toContain("–:codex");
    await m.type(KEYS.alt("o"));
    expect(focused()).toBe("codex");
    const f = m.frame();
    expect(f).toContain("2 codex");
    expect(f).toContain("3 pi");
    expect(f.split("\n")[0]).toMatch(/1:claude .* 2:codex .* 3:pi/);
  });

  it("while codex's pane is closed Alt+3 still focuses pi, and Alt+2 brings codex back", async () => {
    m = await mount({ ports: three() });
    await m.type(KEYS.alt("2"), KEYS.alt("w"), KEYS.alt("1"), KEYS.alt("3"));
    expect(focused()).toBe("pi");
    await m.type(KEYS.alt("2"));
    expect(focused()).toBe("codex");
    expect(m.store.state.panes).toHaveLength(3);
  });
});
