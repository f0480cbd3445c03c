/** The inspector shows the session's part of the audit trail: each decision and who made it, through which client. */
import { afterEach, describe, expect, it } from "vitest";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

describe("the inspector's decisions", () => {
  it("lists each decision with its decider, the client a person used, and a rule's text", async () => {
    const p = new FakePort({ harness: "claude" });
    m = await mount({ ports: [p], columns: 160, rows: 48 });
    const ask = (callId: string, command: string) =>
      p.emit({
        kind: "approval-request",
        call: { callId, tool: "Bash", input: { command }, openedAt: 0, deadlineAt: null },
      });
    ask("c1", "touch a");
    p.emit({
      kind: "approval-disposition",
      callId: "c1",
      decision: { decision: "allow" },
      decider: "person",
      via: "hmux decide on box",
      status: "sent",
    });
    ask("c2", "touch b");
    p.emit({
      kind: "approval-disposition",
      callId: "c2",
      decision: { decision: "allow" },
      decider: "rule:r1",
      rule: { id: "r1", allows: "Bash `touch <args>` inside the workspace" },
      status: "sent",
    });
    await m.flush();
    await m.type(KEYS.alt("i"));
    const flat = m.frame().replace(/[│┃\s]+/g, " ");
    expect(flat).toContain("decisions (2)");
    expect(flat).toContain("Bash#c1 allow by person via hmux decide on box");
    expect(flat).toContain("Bash#c2 allow by rule r1 (allows Bash `touch <args>` inside the workspace)");
  });
});
