/**
 * At 80 columns the text that matters wraps instead of being cut: a pane's question and its keys,
 * the y/n questions with their keys, the inspector's rows, settings side by side, the race
 * dialog's title and the help overlay's descriptions.
 */
import { afterEach, describe, expect, it } from "vitest";
import { quitQuestion } from "../../../src/ui/components/overlays/QuitDialog.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const BORDERS = /[│┃╭╮╰╯┏┓┗┛─━]/g;

/** The cells of columns [from, to) of each frame row, borders dropped, read as one run of words. */
function readColumns(frame: string, from = 0, to = Number.POSITIVE_INFINITY): string {
  return frame
    .split("\n")
    .map((line) => [...line].slice(from, to).join("").replace(BORDERS, " "))
    .join(" ")
    .replace(/\s+/g, " ");
}

const three = () => [
  new FakePort({ harness: "claude" }),
  new FakePort({ harness: "codex" }),
  new FakePort({ harness: "pi" }),
];

describe("at 80×24 nothing that matters is cut", () => {
  it("a pane's question reads whole in a third of the screen, with the keys that answer it", async () => {
    const ports = three();
    m = await mount({ ports, columns: 80, rows: 24 });
    ports[0]!.emit({ kind: "state", from: "starting", to: "idle" });
    ports[0]!.emit({
      kind: "question",
      question: "Should I keep hmux-demo.txt?",
      options: ["keep it", "delete it"],
      recommended: "keep it",
    });
    await m.flush();
    const firstPane = readColumns(m.frame(), 0, 26);
    expect(firstPane).toContain("? Should I keep hmux-demo.txt?");
    expect(firstPane).toContain("1. keep it ★ recommended");
    expect(firstPane).toContain("2. delete it");
    expect(firstPane).toContain("1–2 choose · or type an answer and Enter");
  });

  it("the quit question under the panes ends with its keys, however long", async () => {
    const ports = [new FakePort({ detachable: true }), new FakePort({ detachable: true })];
    m = await mount({ ports, columns: 80, rows: 24 });
    for (const p of ports) p.emit({ kind: "state", from: "idle", to: "running" });
    await m.flush();
    await m.type(KEYS.ctrl("q"));
    const question = quitQuestion(DEFAULT_KEYMAP, true);
    expect(question.length).toBeGreaterThan(76);
    expect(readColumns(m.frame())).toContain(question);
    expect(m.frame().split("\n")).toHaveLength(24);
  });

  it("the inspector's rule row wraps under its number instead of being cut", async () => {
    const p = new FakePort({ harness: "codex" });
    m = await mount({ ports: [p], columns: 80, rows: 24 });
    const allows = "exec_command `npm test <args>` inside the workspace";
    const call = {
      callId: "c1",
      tool: "exec_command",
      input: { command: "/usr/local/bin/bash -lc 'npm test'" },
      openedAt: 0,
      deadlineAt: null,
      always: { allows },
    };
    p.emit({ kind: "approval-request", call });
    await m.flush();
    await m.type("A");
    // What the core says once it made the rule A asked for.
    const rule = {
      id: "r1",
      tool: "exec_command",
      match: { kind: "command" as const, words: ["npm", "test"] },
      allows,
    };
    p.emit({ kind: "rule", change: "added", rule, by: "person" });
    p.emit({ kind: "approval-cleared", callId: "c1", reason: "decided" });
    await m.flush();
    await m.type(KEYS.alt("i"));
    // The drawer is the right-hand part of the screen: 36 columns at 80.
    const drawer = readColumns(m.frame(), 44);
    expect(drawer).toContain(`1. r1 allows ${allows} · 1 revokes`);
  });

  it("settings side by side keep a gap after every name and line the tiers up in their own column", async () => {
    const settings = (endpoint: string, tier: "arg" | "profile") => [
      { key: "discovery.instructionFiles", value: true, tier },
      { key: "endpoint", value: endpoint, tier: "arg" as const },
      { key: "model", value: "hmux-model", tier: "default" as const },
    ];
    const ports = [
      new FakePort({ harness: "claude", settings: settings("http://127.0.0.1:4000/v1/long/path", "profile") }),
      new FakePort({ harness: "codex", settings: settings("http://127.0.0.1:4000", "arg") }),
      new FakePort({ harness: "pi", settings: settings("x", "arg") }),
    ];
    m = await mount({ ports, columns: 80, rows: 24 });
    await m.type(KEYS.alt("s"));
    const lines = m.frame().split("\n");
    const row = (key: string) => lines.find((l) => l.includes(key))!;
    // The name, cut or not, is followed by a space before the first value.
    expect(row("discovery.")).toMatch(/discovery\.\S*…? +true/);
    // Every cell's tier starts at the same column within its cell, whatever the value's length.
    const tierColumns = (l: string) =>
      [...l.matchAll(/\b(arg|prof|def|user|proj|harn)\b/g)].map((hit) => [...l.slice(0, hit.index)].length);
    const rows = ["discovery.", "endpoint", "model"].map((k) => tierColumns(row(k)));
    for (const r of rows) expect(r).toHaveLength(3);
    expect(rows[1]).toEqual(rows[0]);
    expect(rows[2]).toEqual(rows[0]);
  });
});
