/**
 * The installed claude, codex and pi, captured against the scripted model (captures/README.md):
 * each stream decodes to the right events and the right end, with the exit code it really had.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ExitCause, FailureClass } from "../../../src/core/events.js";
import type { HarnessName } from "../../../src/core/harness-names.js";
import { decodeFile, done, ofKind } from "./helpers.js";

const ROOT = join(import.meta.dirname, "captures");
type Captured = "claude" | "codex" | "pi";
/** Every recorded version stays under test: a bump adds its folder beside the older ones. */
const VERSION_DIRS: readonly { harness: Captured; dir: string }[] = readdirSync(ROOT, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => ({ harness: e.name.split("-")[0] as Captured, dir: e.name }))
  .filter((v) => ["claude", "codex", "pi"].includes(v.harness));

const ENDS: Record<string, { cause: ExitCause; failure?: FailureClass }> = {
  text: { cause: "clean" },
  tool: { cause: "clean" },
  think: { cause: "clean" },
  question: { cause: "awaiting-input" },
  "fail-401": { cause: "failed", failure: "auth" },
  "fail-429": { cause: "limit", failure: "rate-limit" },
  "fail-500": { cause: "failed", failure: "unavailable" },
  "fail-529": { cause: "failed", failure: "unavailable" },
  "fail-drop": { cause: "failed", failure: "transport" },
};

function loadFrom(harness: Captured, name: string, dir: string) {
  const base = join(ROOT, dir, name);
  const meta = JSON.parse(readFileSync(`${base}.meta.json`, "utf8")) as { exitCode: number | null };
  return { meta, events: decodeFile(harness as HarnessName, `${base}.ndjson`, meta.exitCode) };
}

it("recordings of the previous claude and pi releases are kept beside the pinned ones", () => {
  for (const harness of ["claude", "pi"] as const)
    expect(VERSION_DIRS.filter((v) => v.harness === harness).length, harness).toBeGreaterThan(1);
});

for (const { harness, dir } of VERSION_DIRS) {
  const load = (h: Captured, name: string) => loadFrom(h, name, dir);
  describe(`${harness} ${dir.slice(harness.length + 1)} captured`, () => {
    for (const [name, end] of Object.entries(ENDS)) {
      it(`${name} ends ${end.cause}${end.failure ? ` (${end.failure})` : ""}`, () => {
        const { meta, events } = load(harness, name);
        const d = done(events);
        expect(d.cause).toBe(end.cause);
        expect(d.failure?.class).toBe(end.failure);
        expect(d.exitCode).toBe(meta.exitCode);
        expect(ofKind(events, "unrecognized")).toEqual([]);
        expect(ofKind(events, "identity")).toHaveLength(1);
      });
    }

    it("text: the scripted reply is the final message", () => {
      const messages = ofKind(load(harness, "text").events, "message").filter(
        (m) => m.role === "assistant" && !m.thinking,
      );
      expect(messages.at(-1)?.text).toBe("Hello from the script.");
    });

    it("tool: one shell call and its result, joined by the native call id", () => {
      const tools = ofKind(load(harness, "tool").events, "tool");
      expect(tools).toHaveLength(2);
      const [call, result] = tools;
      expect(call).toMatchObject({ phase: "call", canonical: "shell" });
      expect(result).toMatchObject({ phase: "result", callId: call!.callId, isError: false });
      expect((result as { output: string }).output).toContain("capture-ok");
      expect(call!.callId).toBeTruthy();
    });

    it("question: the demo's question with its options", () => {
      expect(ofKind(load(harness, "question").events, "question")).toEqual([
        {
          kind: "question",
          question: "Should I keep hmux-demo.txt?",
          options: ["keep it", "delete it"],
          recommended: "keep it",
        },
      ]);
    });

    if (harness !== "codex") {
      it("think: the thinking arrives flagged, apart from the answer", () => {
        const events = load(harness, "think").events;
        const thinking = ofKind(events, "message").filter((m) => m.thinking);
        expect(thinking.map((m) => m.text).join("")).toContain("pondering the wire");
        expect(
          ofKind(events, "message")
            .filter((m) => m.role === "assistant" && !m.thinking)
            .at(-1)?.text,
        ).toBe("done thinking");
      });
    }
  });
}

for (const { dir } of VERSION_DIRS.filter((v) => v.harness === "claude")) {
  const load = (h: Captured, name: string) => loadFrom(h, name, dir);
  describe(`${dir} captured permission denial`, () => {
    it("the refused Bash call is a denied result and the turn stays clean", () => {
      const { events } = load("claude", "denied");
      const result = ofKind(events, "tool").find((t) => t.phase === "result");
      expect(result).toMatchObject({ isError: true, denied: true });
      expect(ofKind(events, "failure")).toEqual([]);
      expect(done(events).cause).toBe("clean");
      expect(ofKind(events, "progress")).toContainEqual(expect.objectContaining({ label: "permission-denied" }));
    });

    it("claude tokens are streamed and the final message says so", () => {
      const messages = ofKind(load("claude", "text").events, "message");
      expect(messages).toEqual([
        { kind: "message", role: "assistant", text: "Hello from the script.", streamed: true },
      ]);
    });
  });
}
