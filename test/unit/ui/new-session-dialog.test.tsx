import { afterEach, describe, expect, it } from "vitest";
import { cycleChoice } from "../../../src/ui/components/overlays/dialog-form.js";
import type { NewSessionRequest, PlanVerdict } from "../../../src/ui/session-launcher.js";
import { acceptedPlan, refusedPlan } from "./fake-launcher.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const LEFT = "\u001b[D";
const RIGHT = "\u001b[C";

function launcher(
  launched: NewSessionRequest[],
  plan: (r: NewSessionRequest) => Promise<PlanVerdict> = () => refusedPlan({ message: "checked" }),
  planned: NewSessionRequest[] = [],
) {
  return {
    defaultHarness: "claude",
    harnesses: ["claude", "codex", "pi", "my-agent", "shell"],
    defaultEndpoint: "http://127.0.0.1:4100",
    defaultCwd: "/work/repo",
    plan: (r: NewSessionRequest) => (planned.push(r), plan(r)),
    launch: async (r: NewSessionRequest) => (launched.push(r), new FakePort()),
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
    const launched: NewSessionRequest[] = [];
    m = await mount({ ports: [new FakePort()], columns: 100, rows: 30, launcher: launcher(launched, acceptedPlan) });
    await m.type(KEYS.alt("n"));
    expect(m.frame()).toContain("[claude] · codex · pi · my-agent · shell");
    await m.type(RIGHT, RIGHT, RIGHT);
    expect(m.frame()).toContain("claude · codex · pi · [my-agent] · shell");
    await m.type(LEFT, KEYS.enter);
    await m.flush();
    expect(launched).toEqual([{ harness: "pi" }]);
  });

  it("shows the server's refusal with its hint and alternatives, and starts nothing", async () => {
    const launched: NewSessionRequest[] = [];
    const refuse = () =>
      refusedPlan({
        message: "codex has no effort level 'max'",
        hint: "use high",
        issue: "unknown-effort",
        supported: ["low", "medium", "high"],
      });
    m = await mount({ ports: [new FakePort()], columns: 100, rows: 30, launcher: launcher(launched, refuse) });
    await m.type(KEYS.alt("n"), KEYS.enter);
    await m.flush();
    expect(m.frame()).toContain("refused (unknown-effort): codex has no effort level 'max'");
    expect(m.frame()).toContain("hint: use high");
    expect(m.frame()).toContain("supported: low, medium, high");
    expect(launched).toEqual([]);
  });

  it("previews the settings the server resolved, with the tier of each, before Enter", async () => {
    const planned: NewSessionRequest[] = [];
    const resolve = (r: NewSessionRequest) =>
      acceptedPlan({ ...r, cwd: "/work/repo" }, [
        { key: "model", value: r.model ?? "sonnet", tier: r.model ? "arg" : "user-config" },
        { key: "effort", value: "max", tier: "project-config", divergence: "pi has no effort levels" },
      ]);
    const launched: NewSessionRequest[] = [];
    m = await mount({
      ports: [new FakePort()],
      columns: 120,
      rows: 30,
      launcher: launcher(launched, resolve, planned),
    });
    await m.type(KEYS.alt("n"));
    await m.flush();
    expect(m.frame()).toContain("claude in /work/repo");
    expect(m.frame()).toContain("model sonnet (user-config) · effort max (project-config) !");
    await m.type(KEYS.tab, "opus", KEYS.tab);
    await m.flush();
    expect(m.frame()).toContain("model opus (arg)");
    expect(planned).toEqual([{ harness: "claude" }, { harness: "claude", model: "opus" }]);
    expect(launched).toEqual([]);
  });

  it("says the server could not be asked when the plan fails, and starts nothing", async () => {
    const launched: NewSessionRequest[] = [];
    const lost = () => Promise.reject(new Error("not connected: the server stopped"));
    m = await mount({ ports: [new FakePort()], columns: 100, rows: 30, launcher: launcher(launched, lost) });
    await m.type(KEYS.alt("n"), KEYS.enter);
    await m.flush();
    expect(m.frame()).toContain("could not ask the server: not connected: the server stopped");
    expect(launched).toEqual([]);
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
