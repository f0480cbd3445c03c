import { describe, expect, it } from "vitest";
import { concludeTurn, hmuxExitCode } from "../../../src/core/conclude.js";
import { decodeRecorded, splitLines } from "../../../src/core/decode-recorded.js";
import type { HarnessEvent } from "../../../src/core/events.js";
import { failure, failureEvent } from "../../../src/core/failure.js";
import { decoderFor, ofKind } from "./helpers.js";

const answer = (text: string): HarnessEvent => ({ kind: "message", role: "assistant", text });
const ask = '```hcn-question\n{"question":"Which?","options":["a","b"],"recommended":"a"}\n```';
const base = { escalateQuestions: true } as const;

describe("concludeTurn", () => {
  it("a clean exit with nothing wrong is clean, and the only trailing event is done", () => {
    expect(concludeTurn({ ...base, events: [answer("hi")], exit: { code: 0 } })).toEqual([
      { kind: "done", exitCode: 0, cause: "clean" },
    ]);
  });

  it("a decoded failure turns a clean exit into failed and is reduced onto done", () => {
    const f = failure("auth", "401 invalid x-api-key");
    const out = concludeTurn({ ...base, events: [failureEvent(f)], exit: { code: 0 } });
    expect(out).toEqual([{ kind: "done", exitCode: 0, cause: "failed", failure: f }]);
  });

  it("the most specific failure wins the reduction", () => {
    const events = [failureEvent(failure("transport", "Connection error.")), failureEvent(failure("auth", "401"))];
    expect(concludeTurn({ ...base, events, exit: { code: 1 } }).at(-1)).toMatchObject({ failure: { class: "auth" } });
  });

  it("a question at the end of the last assistant message ends awaiting-input", () => {
    const out = concludeTurn({
      ...base,
      events: [answer("first"), answer(`I need a decision.\n\n${ask}`)],
      exit: { code: 0 },
    });
    expect(out).toEqual([
      { kind: "question", question: "Which?", options: ["a", "b"], recommended: "a" },
      { kind: "done", exitCode: 0, cause: "awaiting-input" },
    ]);
    expect(hmuxExitCode(out.at(-1) as { cause: "awaiting-input" })).toBe(0);
  });

  it("only the last assistant message is scanned; thinking is not", () => {
    const events: HarnessEvent[] = [
      answer(ask),
      answer("Never mind, done."),
      { kind: "message", role: "assistant", text: ask, thinking: true },
    ];
    expect(concludeTurn({ ...base, events, exit: { code: 0 } })).toEqual([
      { kind: "done", exitCode: 0, cause: "clean" },
    ]);
  });

  it("a malformed block is an error plus a task failure", () => {
    const out = concludeTurn({
      ...base,
      events: [answer('```hcn-question\n{"question":"q"}\n```')],
      exit: { code: 0 },
    });
    expect(out.map((e) => e.kind)).toEqual(["error", "failure", "done"]);
    expect(out.at(-1)).toMatchObject({
      cause: "failed",
      failure: { class: "task", message: expect.stringMatching(/^malformed hcn-question block: options/) },
    });
  });

  it("with escalation off a block is just text", () => {
    expect(concludeTurn({ escalateQuestions: false, events: [answer(ask)], exit: { code: 0 } })).toEqual([
      { kind: "done", exitCode: 0, cause: "clean" },
    ]);
  });

  it("a question after a failure does not hide the failure", () => {
    const events = [failureEvent(failure("transport", "x")), answer(ask)];
    expect(concludeTurn({ ...base, events, exit: { code: 0 } })).toEqual([
      { kind: "done", exitCode: 0, cause: "failed", failure: failure("transport", "x") },
    ]);
  });

  it("a non-zero exit with a decoded failure is failed, no second failure added", () => {
    const out = concludeTurn({ ...base, events: [failureEvent(failure("auth", "401"))], exit: { code: 1 } });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: "done", exitCode: 1, cause: "failed" });
  });

  it("a failure on a rate, usage or quota wall ends with cause limit", () => {
    for (const cls of ["rate-limit", "usage-limit", "quota"] as const) {
      const out = concludeTurn({ ...base, events: [failureEvent(failure(cls, "wall"))], exit: { code: 1 } });
      expect(out.at(-1)).toMatchObject({ cause: "limit", failure: { class: cls } });
    }
  });

  it("a non-zero exit with no decoded failure classifies the stderr tail", () => {
    const events: HarnessEvent[] = [
      { kind: "raw", stream: "stderr", text: "Error: getaddrinfo ENOTFOUND api.example" },
    ];
    expect(concludeTurn({ ...base, events, exit: { code: 1 } }).at(-1)).toMatchObject({
      cause: "failed",
      failure: { class: "transport", nativeExitCode: 1 },
    });
  });

  it("a non-zero exit with an unexplained tail is a crash with the native failure", () => {
    const events: HarnessEvent[] = [{ kind: "raw", stream: "stderr", text: "panic: index out of range" }];
    const out = concludeTurn({ ...base, events, exit: { code: 101 } });
    expect(out.map((e) => e.kind)).toEqual(["failure", "done"]);
    expect(out.at(-1)).toMatchObject({
      exitCode: 101,
      cause: "crash",
      failure: { class: "native", nativeExitCode: 101, message: "panic: index out of range" },
    });
  });

  it("the wall-clock timeout kills with a non-retryable timeout failure", () => {
    const out = concludeTurn({ ...base, events: [], exit: { code: null, signal: "SIGTERM" }, watchdog: "timeout" });
    expect(out.at(-1)).toMatchObject({
      cause: "killed",
      exitCode: null,
      failure: { class: "timeout", retryable: false },
    });
  });

  it("the stall budget ends with a retryable stall failure", () => {
    const out = concludeTurn({ ...base, events: [], exit: { code: null, signal: "SIGTERM" }, watchdog: "stall" });
    expect(out.at(-1)).toMatchObject({ cause: "stall", failure: { class: "stall", retryable: true } });
  });

  it("the watchdog outranks a transport failure the harness kept retrying", () => {
    const out = concludeTurn({
      ...base,
      events: [failureEvent(failure("transport", "Reconnecting..."))],
      exit: { code: null, signal: "SIGKILL" },
      watchdog: "timeout",
    });
    expect(out.at(-1)).toMatchObject({ cause: "killed", failure: { class: "timeout" } });
  });

  it("an abort is killed without a failure of its own", () => {
    expect(concludeTurn({ ...base, events: [], exit: { code: null, signal: "SIGTERM" }, aborted: true })).toEqual([
      { kind: "done", exitCode: null, cause: "killed" },
    ]);
  });

  it("an abort that was the person's interrupt is interrupted, without a failure", () => {
    const exit = { code: null, signal: "SIGTERM" };
    expect(concludeTurn({ ...base, events: [], exit, aborted: true, interrupted: true })).toEqual([
      { kind: "done", exitCode: null, cause: "interrupted" },
    ]);
  });

  it("a spawn error is a transport failure", () => {
    const out = concludeTurn({ ...base, events: [], exit: { code: null, spawnError: "ENOENT: agent" } });
    expect(out.at(-1)).toMatchObject({
      cause: "failed",
      failure: { class: "transport", message: "could not start the harness: ENOENT: agent" },
    });
  });

  it("a limit wall ends with cause limit", () => {
    const events: HarnessEvent[] = [
      { kind: "limit", code: "rate-limit", message: "429" },
      failureEvent(failure("rate-limit", "429", { code: "rate-limit" })),
    ];
    expect(concludeTurn({ ...base, events, exit: { code: 0 } }).at(-1)).toMatchObject({ cause: "limit" });
  });

  it("a signal the runner did not send is a crash, not retryable, whose failure names the signal", () => {
    const end = concludeTurn({ ...base, harness: "claude", events: [], exit: { code: null, signal: "SIGKILL" } }).at(
      -1,
    );
    expect(end).toMatchObject({ cause: "crash", failure: { class: "native", retryable: false } });
    expect(end?.kind === "done" && end.failure?.message).toMatch(/claude was killed by SIGKILL/);
  });

  it("hmux exits 0 only for clean and awaiting-input", () => {
    for (const cause of ["limit", "crash", "stall", "killed", "failed"] as const)
      expect(hmuxExitCode({ cause })).toBe(1);
    expect(hmuxExitCode({ cause: "clean" })).toBe(0);
  });
});

describe("decodeRecorded", () => {
  it("splits on \\n only, strips \\r, keeps U+2028 inside a line", () => {
    expect(splitLines("a\r\nb\u2028c\n\nd")).toEqual(["a", "b\u2028c", "d"]);
  });

  it("garbage and truncated JSON are raw, never fatal, and the stream still ends in done", () => {
    const text = '{"type":"thread.started","thread_id":"t1"}\n{"type":"item.comp\n\u0000\u00ff garbage\n[1,2]';
    const events = decodeRecorded(decoderFor("codex"), text, 0);
    expect(ofKind(events, "raw").map((r) => r.text)).toEqual(['{"type":"item.comp', "\u0000\u00ff garbage", "[1,2]"]);
    // Cut before turn.completed: a truncated turn, never clean.
    expect(events.at(-1)).toMatchObject({ kind: "done", exitCode: 0, cause: "failed", failure: { class: "native" } });
    const whole = decodeRecorded(decoderFor("codex"), `${text}\n{"type":"turn.completed"}`, 0);
    expect(whole.at(-1)).toEqual({ kind: "done", exitCode: 0, cause: "clean" });
  });

  it("an empty recording is no complete turn (failed, native); with exit 1 it is a native crash", () => {
    expect(decodeRecorded(decoderFor("pi"), "", null).at(-1)).toMatchObject({
      kind: "done",
      exitCode: null,
      cause: "failed",
      failure: { class: "native", retryable: false },
    });
    expect(decodeRecorded(decoderFor("pi"), "", 1).at(-1)).toMatchObject({
      cause: "crash",
      failure: { class: "native" },
    });
  });
});
