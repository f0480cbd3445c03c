/**
 * The streams `npm run capture` recorded from the pinned binaries against the scripted model
 * decode to what the script made happen: after a version bump and a re-capture, this says
 * whether hmux still reads each harness right.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { adapterFor } from "../../../src/adapters/registry.js";
import { decodeRecorded } from "../../../src/core/decode-recorded.js";
import type { FailureClass, HarnessEvent } from "../../../src/core/events.js";

const DIR = resolve(import.meta.dirname, "..", "..", "fixtures", "live");
const HARNESSES = ["claude", "codex", "pi"] as const;

interface Manifest {
  readonly version: string;
  readonly cases: readonly { readonly case: string; readonly exitCode: number | null }[];
}

function decode(harness: (typeof HARNESSES)[number], name: string): HarnessEvent[] {
  const manifest = JSON.parse(readFileSync(join(DIR, harness, "manifest.json"), "utf8")) as Manifest;
  const entry = manifest.cases.find((c) => c.case === name);
  if (!entry) throw new Error(`${harness}/${name} is not in the manifest`);
  const adapter = adapterFor(harness);
  const text = readFileSync(join(DIR, harness, `${name}.ndjson`), "utf8");
  return decodeRecorded(adapter.createDecoder(), text, entry.exitCode, { matchers: adapter.matchers });
}

const done = (events: HarnessEvent[]) => events.at(-1) as Extract<HarnessEvent, { kind: "done" }>;
const texts = (events: HarnessEvent[], thinking: boolean) =>
  events
    .filter(
      (e): e is Extract<HarnessEvent, { kind: "message" }> =>
        e.kind === "message" && e.role === "assistant" && (e.thinking === true) === thinking,
    )
    .map((e) => e.text);

const FAILURES: readonly (readonly [string, FailureClass])[] = [
  ["auth-401", "auth"],
  ["rate-limit-429", "rate-limit"],
  ["server-500", "unavailable"],
  ["overloaded-529", "unavailable"],
  ["drop", "transport"],
];

for (const harness of HARNESSES) {
  describe(`${harness}: recorded live streams`, () => {
    it("text: the scripted text, ending clean", () => {
      const events = decode(harness, "text");
      expect(texts(events, false)).toContain("Hello from the script.");
      expect(done(events)).toMatchObject({ cause: "clean", exitCode: 0 });
    });

    it("tool: a shell call, its output, then the closing text", () => {
      const events = decode(harness, "tool");
      expect(events.find((e) => e.kind === "tool" && e.phase === "call")).toMatchObject({ canonical: "shell" });
      expect(events.find((e) => e.kind === "tool" && e.phase === "result")).toMatchObject({
        isError: false,
        output: expect.stringContaining("hi"),
      });
      expect(done(events).cause).toBe("clean");
    });

    it("thinking: the reasoning arrives as a thinking message, apart from the answer", () => {
      const events = decode(harness, "thinking");
      expect(texts(events, true).join("")).toContain("Weighing the options.");
      expect(texts(events, false)).toContain("Decided.");
    });

    it("question: a question event, and the turn ends awaiting input", () => {
      const events = decode(harness, "question");
      expect(events.find((e) => e.kind === "question")).toMatchObject({
        question: "Which database?",
        options: ["postgres", "sqlite"],
      });
      expect(done(events)).toMatchObject({ cause: "awaiting-input", exitCode: 0 });
    });

    it.each(FAILURES)("%s: the turn ends failed with class %s", (name, cls) => {
      const events = decode(harness, name);
      expect(done(events).failure?.class).toBe(cls);
      expect(done(events).cause).not.toBe("clean");
    });
  });
}
