import { afterEach, describe, expect, it } from "vitest";
import {
  cellText,
  compareLayout,
  compareRows,
  MIN_COLUMN,
} from "../../../src/ui/components/overlays/settings-table.js";
import type { ResolvedSettingView } from "../../../src/ui/session-port.js";
import { createSessionView } from "../../../src/ui/store/session-view.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const SUPPORT = { steer: false, inject: false, abstain: true, replace: true, denyReason: true };
const view = (key: string, harness: "claude" | "codex" | "pi", settings: ResolvedSettingView[]) =>
  createSessionView(key, { harness, settings, support: SUPPORT });

const CLAUDE: ResolvedSettingView[] = [
  { key: "effort", value: "high", tier: "arg" },
  { key: "model", value: "sonnet", tier: "arg" },
  { key: "sandbox", value: "workspace-write", tier: "default" },
];
const CODEX: ResolvedSettingView[] = [
  { key: "effort", value: "high", tier: "arg" },
  { key: "model", value: "gpt-5-codex", tier: "user-config" },
  { key: "sandbox", value: "workspace-write", tier: "default" },
];
const PI: ResolvedSettingView[] = [
  { key: "effort", value: "high", tier: "arg" },
  { key: "model", value: "sonnet", tier: "arg" },
  {
    key: "sandbox",
    value: "workspace-write",
    tier: "default",
    divergence: "not expressible on pi; the harness runs without a sandbox",
  },
  { key: "memory", value: false, tier: "default" },
];

describe("settings side by side: the table", () => {
  it("marks a row whose value differs across sessions, and a cell its harness cannot express", () => {
    const rows = compareRows([view("a", "claude", CLAUDE), view("b", "codex", CODEX), view("c", "pi", PI)]);
    const by = new Map(rows.map((r) => [r.key, r]));
    expect([...by.keys()]).toEqual(["effort", "memory", "model", "sandbox"]);
    expect(by.get("effort")).toMatchObject({ differs: false, diverges: false });
    expect(by.get("model")).toMatchObject({ differs: true, diverges: false });
    expect(by.get("model")?.cells.map((c) => [c.value, c.tier])).toEqual([
      ["sonnet", "arg"],
      ["gpt-5-codex", "user-config"],
      ["sonnet", "arg"],
    ]);
    // Same value everywhere, but pi cannot express it: diverging, not differing.
    expect(by.get("sandbox")).toMatchObject({ differs: false, diverges: true });
    expect(by.get("sandbox")?.cells[2]?.divergence).toContain("not expressible on pi");
    // A setting only one session reports differs (the others show "—").
    expect(by.get("memory")).toMatchObject({ differs: true });
    expect(by.get("memory")?.cells[0]).toEqual({ value: "—", tier: null });
  });

  it("a harness saying it runs a setting otherwise marks that cell, as a planned divergence does", () => {
    const codex = {
      ...view("b", "codex", CODEX),
      divergences: [{ key: "sandbox", asked: "workspace-write", runs: "none", notice: "no bubblewrap found" }],
    };
    const rows = compareRows([view("a", "claude", CLAUDE), codex]);
    const sandbox = rows.find((r) => r.key === "sandbox");
    expect(sandbox?.diverges).toBe(true);
    expect(sandbox?.cells[1]?.divergence).toBe("runs none: no bubblewrap found");
    expect(sandbox?.cells[0]?.divergence).toBeUndefined();
  });

  it("a cell is exactly its column wide, its tier kept and a long value cut with an ellipsis", () => {
    for (const width of [MIN_COLUMN, 20, 30, 48]) {
      const text = cellText(
        { value: "a-very-long-model-name-that-goes-on-and-on-past-any-column-width", tier: "user-config" },
        width,
      );
      expect([...text]).toHaveLength(width);
      expect(text).toContain("…");
      expect(text).toMatch(width < 24 ? /user\s*$/ : /user-config\s*$/);
    }
  });

  it("lays out as many columns as fit, at least one, and never wider than the room", () => {
    for (const [width, sessions] of [
      [76, 3],
      [76, 6],
      [156, 3],
      [156, 9],
      [30, 2],
    ] as const) {
      const l = compareLayout(width, sessions, 26);
      expect(l.visible).toBeGreaterThanOrEqual(1);
      expect(l.visible).toBeLessThanOrEqual(sessions);
      expect(l.keyWidth + l.visible * l.columnWidth).toBeLessThanOrEqual(Math.max(width, l.keyWidth + MIN_COLUMN));
    }
    expect(compareLayout(156, 3, 20).visible).toBe(3);
  });
});

/** The rows of the overlay's frame between its borders. */
const inner = (frame: string) =>
  frame
    .split("\n")
    .filter((l) => l.startsWith("│"))
    .map((l) => l.slice(1, -1));

async function threePanes(columns: number, rows: number): Promise<Mounted> {
  return mount({
    ports: [
      new FakePort({ harness: "claude", settings: CLAUDE }),
      new FakePort({ harness: "codex", settings: CODEX }),
      new FakePort({ harness: "pi", settings: PI }),
    ],
    columns,
    rows,
  });
}

describe("settings side by side: the overlay", () => {
  it("at 160×48 shows every session's column with values, tiers and the marks", async () => {
    m = await threePanes(160, 48);
    await m.type(KEYS.alt("s"));
    const rows = inner(m.frame());
    expect(rows[0]).toContain("settings side by side · 3 sessions · 2 differ (≠) · 1 not expressible (⚠)");
    expect(rows[1]).toMatch(/setting\s+1 claude\s+2 codex\s+3 pi/);
    const model = rows.find((r) => r.includes("model")) ?? "";
    expect(model).toMatch(/≠ model\s+sonnet\s+arg\s+gpt-5-codex\s+user-config\s+sonnet\s+arg/);
    const sandbox = rows.find((r) => r.includes("sandbox")) ?? "";
    expect(sandbox).toMatch(/^ {3}sandbox/);
    expect(sandbox).toContain("⚠ workspace-write");
    for (const l of m.frame().split("\n")) expect([...l].length).toBeLessThanOrEqual(160);
  });

  it("at 80×24 abbreviates tiers, spells the chosen row out in full below, and d keeps only ≠/⚠ rows", async () => {
    m = await threePanes(80, 24);
    await m.type(KEYS.alt("s"));
    let frame = m.frame();
    for (const l of frame.split("\n")) expect([...l].length).toBeLessThanOrEqual(80);
    expect(inner(frame).find((r) => r.includes("≠ model"))).toMatch(/user\b/);
    // effort, memory, model, sandbox: go down to sandbox and read pi's reason in full.
    await m.type("\u001b[B", "\u001b[B", "\u001b[B");
    frame = m.frame();
    expect(frame).toContain("sandbox — 1 claude: workspace-write [default]");
    expect(frame.replace(/[│\n ]+/g, " ")).toContain("not expressible on pi; the harness runs without a sandbox");
    await m.type("d");
    frame = m.frame();
    expect(inner(frame).some((r) => /^ {3}effort/.test(r))).toBe(false);
    expect(inner(frame).some((r) => r.includes("≠ model"))).toBe(true);
    await m.type(KEYS.escape);
    expect(m.frame()).not.toContain("settings side by side");
  });

  it("more sessions than fit at 80 columns scroll sideways", async () => {
    const ports = ["claude", "codex", "pi", "claude", "codex", "pi"].map(
      (h) => new FakePort({ harness: h as "claude", settings: CLAUDE }),
    );
    m = await mount({ ports, columns: 80, rows: 24 });
    await m.type(KEYS.alt("s"));
    let head = inner(m.frame())[1] ?? "";
    expect(head).toContain("1 claude");
    expect(head).not.toContain("6 pi");
    expect(m.frame()).toMatch(/more →/);
    for (let i = 0; i < 6; i++) await m.type("\u001b[C");
    head = inner(m.frame())[1] ?? "";
    expect(head).toContain("6 pi");
    expect(head).not.toContain("1 claude");
  });

  it("opens from the inspector, and for the panes marked for a broadcast", async () => {
    m = await threePanes(160, 48);
    await m.type(KEYS.alt("i"));
    expect(m.frame()).toContain("Alt+s side by side");
    await m.type(KEYS.alt("s"));
    expect(inner(m.frame())[0]).toContain("3 sessions");
    await m.type(KEYS.escape, KEYS.alt("b"), "1", "3", KEYS.alt("s"));
    const head = inner(m.frame())[1] ?? "";
    expect(inner(m.frame())[0]).toContain("2 sessions");
    expect(head).toMatch(/1 claude\s+3 pi/);
    expect(head).not.toContain("codex");
  });
});
