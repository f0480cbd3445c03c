/**
 * At 80 columns the text that matters wraps instead of being cut: a pane's question and its keys,
 * the y/n questions with their keys, the inspector's rows, settings side by side, the race
 * dialog's title and the help overlay's descriptions.
 */
import { afterEach, describe, expect, it } from "vitest";
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
});
