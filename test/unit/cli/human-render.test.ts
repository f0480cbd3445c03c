import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HumanRenderer } from "../../../src/cli/render/human.js";
import type { Output } from "../../../src/cli/render/output.js";
import type { HarnessEvent } from "../../../src/core/events.js";
import type { HarnessName } from "../../../src/core/harness-names.js";
import { decodeFile } from "../decode/helpers.js";

function capture(): { output: Output; out: () => string; err: () => string } {
  let out = "";
  let err = "";
  const output: Output = {
    out: (t) => ((out += t), true),
    err: (t) => void (err += t),
    broken: false,
    needsDrain: false,
    drain: () => Promise.resolve(),
    onBroken: () => undefined,
  };
  return { output, out: () => out, err: () => err };
}

function render(events: HarnessEvent[], color = false) {
  const c = capture();
  const r = new HumanRenderer(c.output, { color });
  for (const e of events) r.render(e);
  return c;
}

describe("human rendering", () => {
  it("a turn that ended interrupted says so on stderr", () => {
    const c = render([{ kind: "done", exitCode: null, cause: "interrupted" }]);
    expect(c.err()).toMatch(/^interrupted: .*Ctrl-C/m);
    expect(c.out()).toBe("");
  });

  it("streamed text is rendered once, never again from the closing message", () => {
    const c = render([
      { kind: "token", text: "Hel" },
      { kind: "token", text: "lo" },
      { kind: "message", role: "assistant", text: "Hello" },
      { kind: "done", exitCode: 0, cause: "clean" },
    ]);
    expect(c.out()).toBe("Hello\n");
  });

  it("a message that was not streamed is rendered whole", () => {
    const c = render([
      { kind: "message", role: "assistant", text: "Whole answer" },
      { kind: "done", exitCode: 0, cause: "clean" },
    ]);
    expect(c.out()).toBe("Whole answer\n");
  });

  it("thinking stays out of the answer", () => {
    const c = render([
      { kind: "token", text: "hmm", thinking: true },
      { kind: "message", role: "assistant", text: "hmm", thinking: true },
    ]);
    expect(c.out()).toBe("");
  });

  it("tool calls and results go to stderr, a result named by its call", () => {
    const c = render([
      { kind: "tool", phase: "call", callId: "t1", name: "Bash", input: { command: "ls" } },
      { kind: "tool", phase: "result", callId: "t1", output: "a\nb", isError: false },
    ]);
    expect(c.out()).toBe("");
    expect(c.err()).toContain('→ Bash {"command":"ls"}');
    expect(c.err()).toContain("  a\n  b\n");
  });

  it("a failure is shown once at done, with its hint", () => {
    const f = { class: "auth" as const, retryable: true, message: "401 invalid x-api-key", hint: "log in again" };
    const c = render([
      { kind: "failure", ...f },
      { kind: "done", exitCode: 1, cause: "failed", failure: f },
    ]);
    expect(c.err().match(/401 invalid/g)).toHaveLength(1);
    expect(c.err()).toContain("hint: log in again");
  });
});

const CAPTURES = join(import.meta.dirname, "..", "decode", "captures");

describe("human rendering of tools and failures", () => {
  for (const [harness, dir] of [
    ["claude", "claude-2.1.197"],
    ["codex", "codex-0.171.0"],
    ["pi", "pi-0.73.1"],
  ] as const) {
    it(`${harness}: a recorded shell call shows as \`$ command\` with its output indented below`, () => {
      const meta = JSON.parse(readFileSync(join(CAPTURES, dir, "tool.meta.json"), "utf8")) as {
        exitCode: number | null;
      };
      const c = render(decodeFile(harness as HarnessName, join(CAPTURES, dir, "tool.ndjson"), meta.exitCode));
      expect(c.err()).toContain("$ echo capture-ok\n  capture-ok\n");
      expect(c.out()).not.toContain("$ echo");
    });
  }

  it("tool output is dim only when colour is on", () => {
    const events: HarnessEvent[] = [
      { kind: "tool", phase: "call", callId: "c", name: "bash", canonical: "shell", input: { command: "echo hi" } },
      { kind: "tool", phase: "result", callId: "c", output: "hi\n", isError: false },
    ];
    expect(render(events, true).err()).toBe("$ echo hi\n\x1b[2m  hi\x1b[22m\n");
    expect(render(events, false).err()).toBe("$ echo hi\n  hi\n");
  });

  it("a long result is cut with a count; an empty one says so; a failed command names its exit code", () => {
    const long = Array.from({ length: 30 }, (_, i) => `line ${i}`).join("\n");
    const c = render([
      { kind: "tool", phase: "result", callId: "a", name: "bash", output: long, isError: false },
      { kind: "tool", phase: "result", callId: "b", name: "bash", output: "", isError: false },
      { kind: "tool", phase: "result", callId: "d", name: "shell", output: "boom", isError: true, exitCode: 3 },
    ]);
    expect(c.err()).toContain("  line 11\n  … 18 more line(s)\n");
    expect(c.err()).not.toContain("line 12");
    expect(c.err()).toContain("  (no output)\n");
    expect(c.err()).toContain("  boom\n✗ shell failed (exit 3)\n");
  });

  it("a denied call says denied, not failed", () => {
    const c = render([
      {
        kind: "tool",
        phase: "result",
        callId: "a",
        name: "Bash",
        output: "requires approval",
        isError: true,
        denied: true,
      },
    ]);
    expect(c.err()).toBe("⊘ Bash denied: requires approval\n");
  });

  it("a call hmux's policy denied is said once, with the policy's reason, not again as the harness echoes it", () => {
    const c = capture();
    const r = new HumanRenderer(c.output, {});
    r.render({
      kind: "approval-disposition",
      callId: "call_1",
      decision: { decision: "deny", reason: "hmux policy: not on the list" },
      decider: "policy",
      status: "sent",
    });
    r.render({ kind: "tool", phase: "result", callId: "call_1", output: "declined", isError: true, denied: true });
    expect(c.err()).toBe("⊘ denied (decided by policy): hmux policy: not on the list\n");
  });

  it("a failure shows its class, whether it is retryable, its HTTP status, hint and reset time - once", () => {
    const f = {
      class: "rate-limit" as const,
      retryable: true,
      message: "429 slow down",
      httpStatus: 429,
      hint: "wait",
      resetsAt: Date.UTC(2026, 10, 29, 15),
    };
    const c = render([
      { kind: "error", message: "429 slow down", terminal: true },
      { kind: "failure", ...f },
      { kind: "done", exitCode: 0, cause: "limit", failure: f },
    ]);
    expect(c.err()).toBe(
      "✗ rate-limit · retryable · HTTP 429: 429 slow down\n  hint: wait\n  resets at 2026-11-29T15:00:00.000Z\n",
    );
    const n = { class: "native" as const, retryable: false, message: "incomplete turn: x" };
    expect(render([{ kind: "done", exitCode: 0, cause: "failed", failure: n }]).err()).toBe(
      "✗ native · not retryable: incomplete turn: x\n",
    );
  });
});
