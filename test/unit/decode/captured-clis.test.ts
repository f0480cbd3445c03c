/**
 * The installed claude, codex and pi, captured against the scripted model (captures/README.md):
 * each stream decodes to the right events and the right end, with the exit code it really had.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ExitCause, FailureClass } from "../../../src/core/events.js";
import type { HarnessName } from "../../../src/core/harness-names.js";
import { decodeFile, done, ofKind } from "./helpers.js";

const ROOT = join(import.meta.dirname, "captures");
const DIRS: Record<"claude" | "codex" | "pi", string> = {
  claude: "claude-2.1.197",
  codex: "codex-0.171.0",
  pi: "pi-0.73.1",
};

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

function load(harness: keyof typeof DIRS, name: string) {
  const base = join(ROOT, DIRS[harness], name);
  const meta = JSON.parse(readFileSync(`${base}.meta.json`, "utf8")) as { exitCode: number | null };
  return { meta, events: decodeFile(harness as HarnessName, `${base}.ndjson`, meta.exitCode) };
}

for (const harness of ["claude", "codex", "pi"] as const) {
  describe(`${harness} ${DIRS[harness].split("-")[1]} captured`, () => {
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

describe("claude 2.1.197 captured permission denial", () => {
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
    expect(messages).toEqual([{ kind: "message", role: "assistant", text: "Hello from the script.", streamed: true }]);
  });
});
