/**
 * The phase0 and phase7 fixtures are hcn's own normalized output (HarnessEvent NDJSON), not native
 * streams. Their events, minus hcn's `done`, go through concludeTurn: phase0 turns stay clean; the
 * phase7 turns were captured before question detection existed (they say `clean`) and must now end
 * awaiting-input with the question the model asked.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { concludeTurn } from "../../../src/core/conclude.js";
import type { HarnessEvent } from "../../../src/core/events.js";
import { HCN_FIXTURES, ofKind } from "./helpers.js";

function recorded(file: string): { events: HarnessEvent[]; recordedDone: HarnessEvent } {
  const all = readFileSync(`${HCN_FIXTURES}/${file}`, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as HarnessEvent);
  const recordedDone = all.at(-1)!;
  return { events: all.slice(0, -1), recordedDone };
}

describe("hcn-normalized recordings conclude the same way here", () => {
  for (const h of ["claude", "codex", "pi", "muse"]) {
    it(`phase0/bare-${h} stays clean`, () => {
      const { events, recordedDone } = recorded(`phase0/bare-${h}.ndjson`);
      expect(recordedDone).toMatchObject({ kind: "done", cause: "clean" });
      expect(concludeTurn({ events, exit: { code: 0 }, escalateQuestions: true })).toEqual([
        { kind: "done", exitCode: 0, cause: "clean" },
      ]);
    });
  }

  const asked: Record<string, string> = {
    claude: "deploy-target.txt must name exactly one environment",
    codex: "Which environment must deploy-target.txt name?",
    pi: "deploy-target.txt must name exactly one deployment environment",
    muse: "deploy-target.txt must contain either staging or production",
  };
  for (const [h, start] of Object.entries(asked)) {
    it(`phase7/ask-${h} ends awaiting-input with the question`, () => {
      const { events } = recorded(`phase7-questions/ask-${h}.ndjson`);
      const trailing = concludeTurn({ events, exit: { code: 0 }, escalateQuestions: true });
      expect(trailing).toHaveLength(2);
      const [question, end] = trailing;
      expect(question).toMatchObject({ kind: "question", options: ["staging", "production"], recommended: "staging" });
      expect(ofKind(trailing, "question")[0]?.question.startsWith(start)).toBe(true);
      expect(end).toEqual({ kind: "done", exitCode: 0, cause: "awaiting-input" });
    });

    it(`phase7/ask-${h} with escalation off is an ordinary clean turn`, () => {
      const { events } = recorded(`phase7-questions/ask-${h}.ndjson`);
      expect(concludeTurn({ events, exit: { code: 0 }, escalateQuestions: false })).toEqual([
        { kind: "done", exitCode: 0, cause: "clean" },
      ]);
    });
  }
});
