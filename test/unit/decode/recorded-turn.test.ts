/**
 * RecordedTurn keeps only a compact summary of the turn (failures, limits, the latest assistant
 * message, the stderr tail) instead of every event; concluding from it must decide exactly what
 * concluding from the whole history decides.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { concludeTurn } from "../../../src/core/conclude.js";
import { splitLines } from "../../../src/core/decode-recorded.js";
import type { HarnessEvent } from "../../../src/core/events.js";
import type { HarnessName } from "../../../src/core/harness-names.js";
import { parseRecord, RecordedTurn } from "../../../src/core/recorded-turn.js";
import { decoderFor, HCN_FIXTURES } from "./helpers.js";

const LIVE = resolve(import.meta.dirname, "..", "..", "fixtures", "live");

/** The whole-history way: every event kept, then concludeTurn reads all of them. */
function wholeHistory(harness: HarnessName, stdout: string, stderr: string | undefined, exitCode: number | null) {
  const decoder = decoderFor(harness);
  const events: HarnessEvent[] = [];
  for (const line of splitLines(stdout)) {
    const record = parseRecord(line);
    events.push(...(record ? decoder.record(record) : decoder.text(line, "stdout")));
  }
  for (const line of stderr === undefined ? [] : splitLines(stderr)) events.push(...decoder.text(line, "stderr"));
  events.push(...decoder.end());
  const incompleteTurn = decoder.incompleteTurn?.();
  const matchers = adapterMatchers(harness);
  events.push(
    ...concludeTurn({
      events,
      exit: { code: exitCode, signal: null },
      escalateQuestions: true,
      matchers,
      ...(incompleteTurn !== undefined ? { incompleteTurn } : {}),
    }),
  );
  return events;
}

function adapterMatchers(harness: HarnessName) {
  return builtinRegistry.get(harness).matchers;
}

function compact(harness: HarnessName, stdout: string, stderr: string | undefined, exitCode: number | null) {
  const turn = new RecordedTurn(decoderFor(harness), { matchers: adapterMatchers(harness) });
  const events: HarnessEvent[] = [];
  for (const line of stdout.split("\n")) events.push(...turn.stdout(line.replace(/\r$/, "")));
  for (const line of stderr === undefined ? [] : stderr.split("\n")) events.push(...turn.stderr(line));
  events.push(...turn.end(exitCode));
  return events;
}

interface Case {
  readonly name: string;
  readonly harness: HarnessName;
  readonly stdout: string;
  readonly stderr?: string;
  readonly exitCodes: readonly (number | null)[];
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const harness of ["claude", "codex", "pi"] as const) {
    const dir = join(LIVE, harness);
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ndjson")))
      out.push({
        name: `live/${harness}/${file}`,
        harness,
        stdout: readFileSync(join(dir, file), "utf8"),
        exitCodes: [0, 1, null],
      });
  }
  for (const harness of ["claude", "codex", "pi", "muse"] as const) {
    const base = join(HCN_FIXTURES, "phase0", `bare-${harness}`);
    const stderr = existsSync(`${base}.stderr`) ? readFileSync(`${base}.stderr`, "utf8") : undefined;
    out.push({
      name: `phase0/bare-${harness}`,
      harness,
      stdout: readFileSync(`${base}.ndjson`, "utf8"),
      ...(stderr !== undefined ? { stderr } : {}),
      exitCodes: [0, 1, null],
    });
  }
  // The cases no recording exercises: the classifying stderr line is not the last one, and a
  // question block is followed by a thinking message (which question detection must skip).
  const noise = Array.from({ length: 5 }, (_, i) => `    at frame${i} (file:///x.js:${i}:1)`);
  out.push({
    name: "synthetic/stderr-cause-not-last",
    harness: "pi",
    stdout: "",
    stderr: ["Error: connect ECONNREFUSED 127.0.0.1:443", ...noise].join("\n"),
    exitCodes: [1, 2],
  });
  const claude = (...records: object[]) => records.map((r) => JSON.stringify(r)).join("\n");
  const init = { type: "system", subtype: "init", session_id: "s-1", model: "m" };
  const result = { type: "result", subtype: "success", is_error: false, result: "", session_id: "s-1" };
  const say = (content: object) => ({ type: "assistant", message: { role: "assistant", content: [content] } });
  const ask = '```hcn-question\n{"question":"Which?","options":["a","b"],"recommended":"a"}\n```';
  out.push({
    name: "synthetic/question-then-thinking",
    harness: "claude",
    stdout: claude(init, say({ type: "text", text: ask }), say({ type: "thinking", thinking: "done" }), result),
    exitCodes: [0],
  });
  out.push({
    name: "synthetic/rate-limit-wall",
    harness: "claude",
    stdout: claude(
      init,
      { type: "rate_limit_event", rate_limit_info: { status: "rejected", rateLimitType: "five_hour" } },
      result,
    ),
    exitCodes: [0],
  });
  return out;
}

describe("a recorded turn decoded line by line", () => {
  const all = cases();

  it("covers recordings of every kind of ending", () => {
    expect(all.length).toBeGreaterThan(20);
    const causes = new Set(
      all.map((c) => (compact(c.harness, c.stdout, c.stderr, 0).at(-1) as { cause: string }).cause),
    );
    expect(causes).toContain("awaiting-input");
    expect(causes).toContain("failed");
    expect(causes).toContain("clean");
  });

  for (const c of all)
    it(`${c.name}: ends exactly as concluding from the whole history would`, () => {
      for (const exit of c.exitCodes)
        expect(compact(c.harness, c.stdout, c.stderr, exit)).toEqual(wholeHistory(c.harness, c.stdout, c.stderr, exit));
    });

  it("a line too long to hold fails the turn, naming the line and the bound", () => {
    const turn = new RecordedTurn(decoderFor("claude"));
    const events = turn.discarded("stdout", "a line of 9000 bytes (line 2), over hmux's 1024-byte line bound");
    expect(events).toEqual([
      expect.objectContaining({ kind: "failure", class: "native", message: expect.stringContaining("line 2") }),
    ]);
    expect(turn.end(0).at(-1)).toMatchObject({ kind: "done", cause: "failed" });
  });

  it("blank and whitespace-only lines produce no events; a non-object line is raw text", () => {
    const turn = new RecordedTurn(decoderFor("pi"));
    expect(turn.stdout("")).toEqual([]);
    expect(turn.stdout("   \t")).toEqual([]);
    expect(turn.stdout("[1,2]")).toEqual([{ kind: "raw", stream: "stdout", text: "[1,2]" }]);
    expect(parseRecord('  {"a":1}')).toEqual({ a: 1 });
    expect(parseRecord("{not json")).toBeUndefined();
  });
});
