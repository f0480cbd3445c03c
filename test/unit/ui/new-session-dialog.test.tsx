import { afterEach, describe, expect, it } from "vitest";
import { cycleChoice } from "../../../src/ui/components/overlays/dialog-form.js";
import type { NewSessionRequest } from "../../../src/ui/session-launcher.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const LEFT = "\u001b[D";
const RIGHT = "\u001b[C";

function launcher(seen: NewSessionRequest[]) {
  return {
    defaultHarness: "claude",
    harnesses: ["claude", "codex", "pi", "my-agent", "shell"],
    defaultEndpoint: "http://127.0.0.1:4100",
    defaultCwd: "/work/repo",
    validate: (r: NewSessionRequest) => (seen.push(r), { ok: false as const, message: "checked" }),
    launch: async () => new FakePort(),
  };
}

describe("the new-session dialog", () => {
  it("shows the endpoint a session inherits from the TUI, as it shows the cwd", async () => {
    m = await mount({ ports: [new FakePort()], columns: 100, rows: 30, launcher: launcher([]) });
    await m.type(KEYS.alt("n"));
    expect(m.frame()).toMatch(/endpoint\s+\(default: http:\/\/127\.0\.0\.1:4100\)/);
    expect(m.frame()).toMatch(/cwd\s+\(default: \/work\/repo\)/);
  });

  it("lists the launcher's harnesses and ←/→ step through them on the harness field", async () => {
    const seen: NewSessionRequest[] = [];
    m = await mount({ ports: [new FakePort()], columns: 100, rows: 30, launcher: launcher(seen) });
    await m.type(KEYS.alt("n"));
    expect(m.frame()).toContain("[claude] · codex · pi · my-agent · shell");
    await m.type(RIGHT, RIGHT, RIGHT);
    expect(m.frame()).toContain("claude · codex · pi · [my-agent] · shell");
    await m.type(LEFT, KEYS.enter);
    expect(seen).toEqual([{ harness: "pi" }]);
  });

  it("steps from a typed harness to the list's first or last", () => {
    const list = ["claude", "codex", "pi"];
    expect(cycleChoice(list, "pi", 1)).toBe("claude");
    expect(cycleChoice(list, "claude", -1)).toBe("pi");
    expect(cycleChoice(list, "mine", 1)).toBe("claude");
    expect(cycleChoice(list, "mine", -1)).toBe("pi");
    expect(cycleChoice([], "x", 1)).toBeUndefined();
  });
});
