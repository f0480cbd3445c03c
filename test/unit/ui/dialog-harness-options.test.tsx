/**
 * The new-session dialog offers a harness's own settings as fields, from what the server's plan
 * names (the harness module's option spec in the server's registry): no table of harnesses in the
 * UI. What they hold goes in the request as that harness's options; the server checks them, and
 * the dialog shows its refusal.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { HarnessField, NewSessionRequest, PlanVerdict } from "../../../src/ui/session-launcher.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const RIGHT = "\u001b[C";

/** What a server whose registry has a harness "agent" with two settings of its own says of them. */
const AGENT_FIELDS: readonly HarnessField[] = [
  {
    key: "sandbox",
    flag: "--agent-sandbox",
    describe: "what the agent's sandbox lets it touch",
    allowed: "read-only, workspace-write",
    kind: "string",
    choices: ["read-only", "workspace-write"],
  },
  {
    key: "maxSteps",
    flag: "--agent-max-steps",
    describe: "steps per turn",
    allowed: "a whole number",
    kind: "integer",
  },
];

/** The server's plan: "agent" has AGENT_FIELDS and refuses a maxSteps below 1; "plain" has none. */
function plan(r: NewSessionRequest): Promise<PlanVerdict> {
  const fields = r.harness === "agent" ? { fields: AGENT_FIELDS } : {};
  const steps = r.harnessOptions?.agent?.maxSteps;
  if (typeof steps !== "number" || steps >= 1)
    return Promise.resolve({ ok: true, harness: r.harness, cwd: "/work", settings: [], notes: [], ...fields });
  return Promise.resolve({
    ok: false,
    refusals: [{ message: `agent.maxSteps ${steps} is below 1`, issue: "invalid-option-value" }],
    ...fields,
  });
}

function launcher(launched: NewSessionRequest[], planned: NewSessionRequest[]) {
  return {
    defaultHarness: "plain",
    harnesses: ["plain", "agent"],
    plan: (r: NewSessionRequest) => (planned.push(r), plan(r)),
    launch: async (r: NewSessionRequest) => (launched.push(r), new FakePort()),
  };
}

describe("the new-session dialog's harness options", () => {
  it("are the fields the server's plan names for the harness chosen, and what they hold is sent as its options", async () => {
    const launched: NewSessionRequest[] = [];
    const planned: NewSessionRequest[] = [];
    m = await mount({ ports: [new FakePort()], columns: 100, rows: 30, launcher: launcher(launched, planned) });
    await m.type(KEYS.alt("n"));
    await m.flush();
    expect(m.frame()).not.toContain("sandbox");
    // agent, then the cursor moves on: its plan names its own settings, which follow the common fields.
    await m.type(RIGHT, KEYS.tab);
    await m.flush();
    expect(m.frame()).toMatch(/sandbox\s+\(default\)/);
    expect(m.frame()).toMatch(/maxSteps\s+\(default\)/);
    // Down to sandbox (past model's six neighbours), ←/→ steps through the words its module takes.
    await m.type(...Array<string>(6).fill(KEYS.tab));
    expect(m.frame()).toContain(
      "--agent-sandbox: what the agent's sandbox lets it touch (←/→ read-only · workspace-write)",
    );
    await m.type(RIGHT, RIGHT, KEYS.tab, "4");
    await m.type(KEYS.enter);
    await m.flush();
    expect(launched).toEqual([
      { harness: "agent", harnessOptions: { agent: { sandbox: "workspace-write", maxSteps: 4 } } },
    ]);
  });

  it("a value the server's check refuses is shown as its refusal, and nothing starts", async () => {
    const launched: NewSessionRequest[] = [];
    const planned: NewSessionRequest[] = [];
    m = await mount({ ports: [new FakePort()], columns: 100, rows: 30, launcher: launcher(launched, planned) });
    await m.type(KEYS.alt("n"), RIGHT, KEYS.tab);
    await m.flush();
    await m.type(...Array<string>(7).fill(KEYS.tab), "0", KEYS.tab);
    await m.flush();
    expect(m.frame()).toContain("refused (invalid-option-value): agent.maxSteps 0 is below 1");
    expect(planned.at(-1)?.harnessOptions).toEqual({ agent: { maxSteps: 0 } });
    await m.type(KEYS.enter);
    await m.flush();
    expect(launched).toEqual([]);
  });
});
