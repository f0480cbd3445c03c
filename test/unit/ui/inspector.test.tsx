import { afterEach, describe, expect, it } from "vitest";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

/** What pi's pane reports in the demo: a long key, an unset value, two divergences. */
const PI_SETTINGS = [
  {
    key: "contextWindow",
    value: undefined,
    tier: "default" as const,
    divergence: "not expressible on pi; 0 flags; the harness default applies",
  },
  { key: "discovery.extensions", value: true, tier: "default" as const },
  { key: "discovery.instructionFiles", value: true, tier: "default" as const },
  { key: "discovery.skills", value: true, tier: "default" as const },
  { key: "effort", value: "medium", tier: "arg" as const },
  { key: "endpoint", value: "http://127.0.0.1:4000", tier: "arg" as const },
  { key: "escalateQuestions", value: true, tier: "arg" as const },
  {
    key: "memory",
    value: false,
    tier: "default" as const,
    divergence: "not expressible on pi; pass it as a prompt instead, the harness default applies",
  },
  { key: "model", value: "hmux-model", tier: "arg" as const },
  { key: "permissions", value: "ask", tier: "default" as const },
  { key: "sandbox", value: "workspace-write", tier: "default" as const },
  { key: "systemPrompt", value: "", tier: "default" as const },
  { key: "tools", value: ["read", "bash"], tier: "default" as const },
];

/** The drawer's rows (the text right of the grid), one per terminal row. */
const drawer = (frame: string) =>
  frame
    .split("\n")
    .slice(1, -1)
    .map((l) => {
      const start = l.lastIndexOf("│", l.length - 2);
      return l.slice(start + 1, -1).trim();
    });

describe("inspector drawer", () => {
  it("at 80×24 keeps its title, puts each divergence under its own setting, and scrolls to every row", async () => {
    const p = new FakePort({ harness: "pi", settings: PI_SETTINGS });
    m = await mount({ ports: [new FakePort(), new FakePort(), p], columns: 80, rows: 24 });
    await m.type(KEYS.alt("i"));
    const seen: string[] = [];
    let rows = drawer(m.frame());
    expect(rows[1]).toMatch(/^inspector · pi/);
    // The drawer's own rows: not its bottom border, nor the line above it that says what is left.
    const content = (r: string[]) => r.slice(2, -1).filter((l) => !/^(↓ \d+ more|end · PgUp)/.test(l));
    for (let i = 0; i < 6; i++) {
      seen.push(...content(rows));
      await m.type(KEYS.pageDown);
      rows = drawer(m.frame());
      expect(rows[1]).toMatch(/^inspector · pi/);
    }
    for (const s of PI_SETTINGS) expect(seen.some((r) => r.includes(s.key.slice(0, 12)))).toBe(true);
    // A setting's divergence comes right after the setting's own rows (its tier may wrap onto a second).
    const divergenceOf = (at: number) => seen.slice(at + 1, at + 3).find((r) => r.startsWith("↳"));
    const memory = seen.findIndex((r) => r.includes("⚠ memory"));
    expect(divergenceOf(memory)).toMatch(/^↳ not expressible on pi;/);
    expect(seen.slice(memory + 1, memory + 5).join(" ")).toContain("pass it as a prompt");
    const context = seen.findIndex((r) => r.includes("⚠ contextWindow"));
    expect(divergenceOf(context)).toMatch(/^↳ not expressible on pi; 0/);
    expect(seen.some((r) => r.startsWith("command.result log"))).toBe(true);
    expect(m.frame().split("\n")).toHaveLength(24);
  });

  it("at 160 columns a long key keeps a gap before its value and an unset value says so", async () => {
    const p = new FakePort({ harness: "pi", settings: PI_SETTINGS });
    m = await mount({ ports: [p], columns: 160, rows: 48 });
    await m.type(KEYS.alt("i"));
    const f = m.frame();
    expect(f).toMatch(/discovery\.instructionFiles +true/);
    expect(f).not.toContain("undefined");
    expect(f).toMatch(/contextWindow +unset/);
  });

  it("at 160 columns a list too long for its row wraps under itself and still ends with its tier", async () => {
    const commands = ["cat", "head", "tail", "wc", "ls", "pwd", "grep", "rg", "git status", "git diff"];
    const p = new FakePort({
      harness: "pi",
      settings: [...PI_SETTINGS, { key: "policy.allowCommands", value: commands, tier: "default" as const }],
    });
    m = await mount({ ports: [new FakePort(), p], columns: 160, rows: 48 });
    await m.type(KEYS.alt("i"));
    const rows = drawer(m.frame());
    const at = rows.findIndex((r) => r.startsWith("policy.allowCommands"));
    expect(at).toBeGreaterThan(-1);
    const shown = rows.slice(at, at + 3).join(" ");
    for (const c of commands) expect(shown).toContain(c);
    expect(shown).toContain("[default]");
  });
});
