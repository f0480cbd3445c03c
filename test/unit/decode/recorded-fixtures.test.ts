/**
 * Every native stream recorded by the reference project (test/unit/decode/hcn-fixtures) decodes to the right events AND the right
 * end. Exit codes are the recorded ones where the capture states them (pi-noauth exited 1, the
 * rest 0); the rpc spike transcripts were cut by the probe, so their exit is unknown (null).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { ExitCause, FailureClass } from "../../../src/core/events.js";
import type { HarnessName } from "../../../src/core/harness-names.js";
import { DOC_FIXTURES, decodeFile, done, HCN_FIXTURES, ofKind, SHARED_HCN_FIXTURES } from "./helpers.js";

interface Case {
  readonly harness: HarnessName;
  readonly file: string;
  readonly exit: number | null;
  readonly cause: ExitCause;
  readonly failure?: FailureClass;
}

const CASES: readonly Case[] = [
  { harness: "claude", file: "a001-raw.ndjson", exit: 0, cause: "clean" },
  { harness: "claude", file: "harnesses/claude.ndjson", exit: 0, cause: "clean" },
  { harness: "codex", file: "harnesses/codex.ndjson", exit: 0, cause: "clean" },
  { harness: "codex", file: "harnesses/codex-tool.ndjson", exit: 0, cause: "clean" },
  { harness: "codex", file: "harnesses/codex-filetool.ndjson", exit: 0, cause: "clean" },
  { harness: "codex", file: "phase8-payload-stripping/codex-instructions-literal.ndjson", exit: 0, cause: "clean" },
  { harness: "codex", file: "phase8-payload-stripping/codex-instructions-file.ndjson", exit: 0, cause: "clean" },
  { harness: "pi", file: "harnesses/pi.ndjson", exit: 0, cause: "clean" },
  { harness: "pi", file: "harnesses/pi-tool.ndjson", exit: 0, cause: "clean" },
  // Named "autherror" by its capturer, but the provider said it could not LOAD the model
  // (400, insufficient system resources): the provider cannot serve it -> unavailable.
  { harness: "pi", file: "harnesses/pi-autherror.ndjson", exit: 0, cause: "failed", failure: "unavailable" },
  { harness: "pi", file: "harnesses/pi-model-unavailable.ndjson", exit: 0, cause: "failed", failure: "unavailable" },
  { harness: "pi", file: "harnesses/pi-unreachable.ndjson", exit: 0, cause: "failed", failure: "transport" },
  { harness: "pi", file: "harnesses/pi-noauth.ndjson", exit: 1, cause: "failed", failure: "auth" },
  { harness: "pi", file: "pi-rpc-spike/01-startup.ndjson", exit: null, cause: "clean" },
  { harness: "pi", file: "pi-rpc-spike/02-turn-lifecycle.ndjson", exit: null, cause: "clean" },
  { harness: "pi", file: "pi-rpc-spike/03-multiturn-same-process.ndjson", exit: null, cause: "clean" },
  { harness: "pi", file: "pi-rpc-spike/04-steer-followup.ndjson", exit: null, cause: "clean" },
  { harness: "pi", file: "pi-rpc-spike/05-prompt-during-stream-error.ndjson", exit: null, cause: "clean" },
  { harness: "pi", file: "pi-rpc-spike/06-resume-after-close/rpc-turn.ndjson", exit: 0, cause: "clean" },
  { harness: "pi", file: "pi-rpc-spike/06-resume-after-close/resume.ndjson", exit: 0, cause: "clean" },
  { harness: "muse", file: "harnesses/muse.ndjson", exit: 0, cause: "clean" },
  { harness: "muse", file: "harnesses/muse-tool.ndjson", exit: 0, cause: "clean" },
  { harness: "muse", file: "harnesses/muse-readtool.ndjson", exit: 0, cause: "clean" },
];

const DOC_CASES: readonly Case[] = [
  { harness: "cursor", file: "cursor/text.ndjson", exit: 0, cause: "clean" },
  { harness: "cursor", file: "cursor/tool.ndjson", exit: 0, cause: "clean" },
  { harness: "cursor", file: "cursor/rejected.ndjson", exit: 0, cause: "clean" },
  { harness: "cursor", file: "cursor/trust.ndjson", exit: 1, cause: "failed", failure: "trust-refused" },
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
const sha = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

describe("the in-repo copy of the hcn recordings", () => {
  it.skipIf(!existsSync(SHARED_HCN_FIXTURES))("is byte-for-byte the shared original", () => {
    for (const file of filesUnder(SHARED_HCN_FIXTURES)) {
      expect(sha(join(HCN_FIXTURES, relative(SHARED_HCN_FIXTURES, file))), file).toBe(sha(file));
    }
  });

  it("covers every native stream it holds: each .ndjson outside phase0/phase7 has a case here", () => {
    const native = filesUnder(HCN_FIXTURES)
      .map((f) => relative(HCN_FIXTURES, f))
      .filter((f) => f.endsWith(".ndjson") && !f.startsWith("phase0/") && !f.startsWith("phase7-questions/"));
    expect(native.sort()).toEqual(CASES.map((c) => c.file).sort());
  });
});

describe("every recorded stream ends the way it ended", () => {
  for (const c of [
    ...CASES.map((x) => ({ ...x, root: HCN_FIXTURES })),
    ...DOC_CASES.map((x) => ({ ...x, root: DOC_FIXTURES })),
  ]) {
    it(`${c.file} ends ${c.cause}${c.failure ? ` (${c.failure})` : ""}`, () => {
      const events = decodeFile(c.harness, `${c.root}/${c.file}`, c.exit);
      const end = done(events);
      expect(end.cause).toBe(c.cause);
      expect(end.exitCode).toBe(c.exit);
      expect(end.failure?.class).toBe(c.failure);
      // Nothing recorded is silently unknown to us: no record falls through to `unrecognized`.
      expect(ofKind(events, "unrecognized")).toEqual([]);
    });
  }
});

describe("recorded streams decode to the right events", () => {
  const decode = (h: HarnessName, f: string, exit: number | null = 0) => decodeFile(h, `${HCN_FIXTURES}/${f}`, exit);

  it("claude a001: one identity for three turns, three streamed messages", () => {
    const events = decode("claude", "a001-raw.ndjson");
    expect(ofKind(events, "identity")).toEqual([
      {
        kind: "identity",
        harness: "claude",
        sessionId: "ad7018e3-595f-4f9f-a212-a39bf71d8563",
        authority: "harness-minted",
        model: "claude-opus-5[1m]",
      },
    ]);
    const messages = ofKind(events, "message");
    expect(messages.map((m) => m.text)).toEqual([expect.stringMatching(/^1\n2\n3/), "alpha done", "beta done"]);
    expect(messages.every((m) => m.streamed === true)).toBe(true);
    expect(ofKind(events, "usage")).toHaveLength(3);
  });

  it("claude plain turn: tokens, then the final message still comes, then usage with cost", () => {
    const events = decode("claude", "harnesses/claude.ndjson");
    expect(
      ofKind(events, "token")
        .map((t) => t.text)
        .join(""),
    ).toBe("alpha");
    expect(ofKind(events, "message")).toEqual([{ kind: "message", role: "assistant", text: "alpha", streamed: true }]);
    expect(ofKind(events, "usage")[0]).toMatchObject({
      inputTokens: 2,
      outputTokens: 5,
      cachedInputTokens: 16016,
      costUsd: 0.070505,
    });
    // The allowed rate_limit_event (with overage rejected) is not a wall.
    expect(ofKind(events, "limit")).toEqual([]);
  });

  it("codex: the skills-budget notice is an error event, not a failure", () => {
    const events = decode("codex", "harnesses/codex.ndjson");
    expect(ofKind(events, "error")).toEqual([
      { kind: "error", message: expect.stringMatching(/^Skill descriptions were shortened/) },
    ]);
    expect(ofKind(events, "failure")).toEqual([]);
    expect(ofKind(events, "identity")[0]).toMatchObject({
      sessionId: "019fee32-d4af-78d3-9ec9-0e59b10baf60",
      authority: "harness-minted",
    });
    // codex counts cached input inside input_tokens: the input billed at the full rate is the rest.
    expect(ofKind(events, "usage")[0]).toEqual({
      kind: "usage",
      inputTokens: 25427 - 20224,
      outputTokens: 5,
      cachedInputTokens: 20224,
      cacheWriteTokens: 0,
    });
  });

  it("codex shell tool: call and result share the item id, with the exit code", () => {
    const tools = ofKind(decode("codex", "harnesses/codex-tool.ndjson"), "tool");
    expect(tools).toEqual([
      {
        kind: "tool",
        phase: "call",
        callId: "item_2",
        name: "command_execution",
        canonical: "shell",
        input: { command: "/bin/zsh -lc 'echo tooltest'" },
      },
      {
        kind: "tool",
        phase: "result",
        callId: "item_2",
        name: "command_execution",
        output: "tooltest\n",
        isError: false,
        exitCode: 0,
      },
    ]);
  });

  it("codex file tool: file_change then two commands, each with its result", () => {
    const tools = ofKind(decode("codex", "harnesses/codex-filetool.ndjson"), "tool");
    expect(tools.map((t) => `${t.phase}:${t.name}:${t.callId}`)).toEqual([
      "call:file_change:item_2",
      "result:file_change:item_2",
      "call:command_execution:item_3",
      "result:command_execution:item_3",
      "call:command_execution:item_4",
      "result:command_execution:item_4",
    ]);
    expect(tools[1]).toMatchObject({ output: "add /private/tmp/tool-probe5/made.txt", isError: false });
  });

  it("codex: the non-JSON stdin notice surfaces as raw stdout", () => {
    const events = decode("codex", "phase8-payload-stripping/codex-instructions-literal.ndjson");
    expect(events[0]).toEqual({ kind: "raw", stream: "stdout", text: "Reading additional input from stdin..." });
    expect(ofKind(events, "message").map((m) => m.text)).toEqual(["LITERAL-OK"]);
  });

  it("pi plain turn: session id, streamed answer", () => {
    const events = decode("pi", "harnesses/pi.ndjson");
    expect(ofKind(events, "identity")[0]).toMatchObject({
      harness: "pi",
      sessionId: "01a00f4d-9ca1-7cb3-8da7-da314e7ca106",
    });
    expect(ofKind(events, "message").filter((m) => m.role === "assistant")).toEqual([
      { kind: "message", role: "assistant", text: "alpha", streamed: true },
    ]);
  });

  it("pi tool turn: thinking tokens are flagged, bash maps to shell, result carries output", () => {
    const events = decode("pi", "harnesses/pi-tool.ndjson");
    const thinking = ofKind(events, "token").filter((t) => t.thinking);
    expect(thinking.map((t) => t.text).join("")).toBe(
      "The user wants me to run `echo pitool` and report the output. Simple task.",
    );
    expect(ofKind(events, "tool")).toEqual([
      {
        kind: "tool",
        phase: "call",
        callId: "call_edef656bad6b404897dc6061",
        name: "bash",
        canonical: "shell",
        input: { command: "echo pitool" },
      },
      {
        kind: "tool",
        phase: "result",
        callId: "call_edef656bad6b404897dc6061",
        name: "bash",
        output: "pitool\n",
        isError: false,
      },
    ]);
    const assistant = ofKind(events, "message").filter((m) => m.role === "assistant" && !m.thinking);
    expect(assistant.at(-1)?.text).toBe("Output: `pitool`");
  });

  it("pi unreachable: four attempts are four errors but one transport failure", () => {
    const events = decode("pi", "harnesses/pi-unreachable.ndjson");
    expect(ofKind(events, "error")).toHaveLength(4);
    expect(ofKind(events, "failure")).toEqual([
      expect.objectContaining({ class: "transport", retryable: true, message: "Connection error." }),
    ]);
  });

  it("pi model unavailable keeps the provider's words", () => {
    const end = done(decode("pi", "harnesses/pi-model-unavailable.ndjson"));
    expect(end.failure).toMatchObject({ class: "unavailable", retryable: true, httpStatus: 400 });
    expect(end.failure?.message).toMatch(/model_not_found/);
  });

  it("pi no auth: the stderr line names the kind", () => {
    const end = done(decode("pi", "harnesses/pi-noauth.ndjson", 1));
    expect(end.failure).toMatchObject({
      class: "auth",
      authKind: "not-logged-in",
      message: "No API key found for google.",
    });
  });

  it("pi rpc: get_state gives the identity; a refused prompt is an error, not a failure", () => {
    const startup = decode("pi", "pi-rpc-spike/01-startup.ndjson", null);
    expect(ofKind(startup, "identity")[0]).toMatchObject({ harness: "pi", authority: "harness-minted" });
    const busy = decode("pi", "pi-rpc-spike/05-prompt-during-stream-error.ndjson", null);
    expect(ofKind(busy, "error")).toEqual([
      { kind: "error", message: expect.stringMatching(/^rpc command prompt failed: Agent is already processing/) },
    ]);
    expect(ofKind(busy, "failure")).toEqual([]);
  });

  it("pi rpc: extension notices and queue updates are progress, never dropped", () => {
    const events = decode("pi", "pi-rpc-spike/04-steer-followup.ndjson", null);
    const labels = new Set(ofKind(events, "progress").map((p) => p.label));
    for (const l of [
      "extension_ui:setWidget",
      "extension_ui:setStatus",
      "extension_ui:notify",
      "queue_update",
      "response:steer",
      "response:follow_up",
    ]) {
      expect(labels.has(l)).toBe(true);
    }
  });

  it("pi resume: the recall shows in the thinking message; the reply answers the redacted prompt", () => {
    // The capture ran the redacted argv, so the model saw "[prompt:43ch]" as its prompt; the
    // codeword is recalled only in its thinking (the fixture README says the reply has it).
    const events = decode("pi", "pi-rpc-spike/06-resume-after-close/resume.ndjson");
    const assistant = ofKind(events, "message").filter((m) => m.role === "assistant");
    expect(assistant.find((m) => m.thinking)?.text).toContain('codeword "otter"');
    expect(assistant.filter((m) => !m.thinking).at(-1)?.text).toMatch(/placeholder \("\[prompt:43ch\]"\)/);
  });

  it("muse: identity from the session stream, delta tokens, final message", () => {
    const events = decode("muse", "harnesses/muse.ndjson");
    expect(ofKind(events, "identity")).toEqual([
      {
        kind: "identity",
        harness: "muse",
        sessionId: "96a95c12-5616-4cda-a47f-9fdc7b542c7c",
        authority: "harness-minted",
      },
    ]);
    expect(ofKind(events, "token").map((t) => t.text)).toEqual(["alpha"]);
    expect(ofKind(events, "message").at(-1)).toEqual({
      kind: "message",
      role: "assistant",
      text: "alpha",
      streamed: true,
    });
  });

  it("muse tool: the call id from the intent matches the result's", () => {
    const tools = ofKind(decode("muse", "harnesses/muse-tool.ndjson"), "tool");
    expect(tools).toEqual([
      {
        kind: "tool",
        phase: "call",
        callId: "call_019fee59fcad7133b98224aac3a6d1e0",
        name: "bash",
        canonical: "shell",
      },
      expect.objectContaining({
        phase: "result",
        callId: "call_019fee59fcad7133b98224aac3a6d1e0",
        name: "bash",
        isError: false,
      }),
    ]);
    expect((tools[1] as { output: string }).output).toContain("musetooltest2");
  });

  it("muse read tool maps read_file to read", () => {
    const tools = ofKind(decode("muse", "harnesses/muse-readtool.ndjson"), "tool");
    expect(tools[0]).toMatchObject({ phase: "call", name: "read_file", canonical: "read" });
    expect(tools[1]).toMatchObject({ phase: "result", output: "Read text file `s.txt`.\n1|delta", isError: false });
  });

  it("cursor (doc-derived): deltas become tokens and exactly one message per assistant turn", () => {
    const events = decodeFile("cursor", `${DOC_FIXTURES}/cursor/tool.ndjson`, 0);
    expect(
      ofKind(events, "message")
        .filter((m) => m.role === "assistant")
        .map((m) => m.text),
    ).toEqual(["Reading the file.", "s.txt holds delta; the command printed tooltest."]);
    expect(ofKind(events, "tool").map((t) => `${t.phase}:${t.name}:${t.callId}`)).toEqual([
      "call:readToolCall:toolu_01",
      "result:readToolCall:toolu_01",
      "call:shellToolCall:toolu_02",
      "result:shellToolCall:toolu_02",
    ]);
  });

  it("cursor (doc-derived): a rejected call is a denial, and the turn stays clean", () => {
    const events = decodeFile("cursor", `${DOC_FIXTURES}/cursor/rejected.ndjson`, 0);
    expect(ofKind(events, "tool")[1]).toMatchObject({ phase: "result", denied: true, isError: true });
    expect(done(events).cause).toBe("clean");
  });
});
