import { describe, expect, it } from "vitest";
import type { HarnessEvent } from "../../../src/core/events.js";
import { HumanRenderer } from "../../../src/cli/render/human.js";
import type { Output } from "../../../src/cli/render/output.js";

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

function render(events: HarnessEvent[]) {
  const c = capture();
  const r = new HumanRenderer(c.output);
  for (const e of events) r.render(e);
  return c;
}

describe("human rendering", () => {
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
    const c = render([{ kind: "message", role: "assistant", text: "Whole answer" }, { kind: "done", exitCode: 0, cause: "clean" }]);
    expect(c.out()).toBe("Whole answer\n");
  });

  it("thinking stays out of the answer", () => {
    const c = render([{ kind: "token", text: "hmm", thinking: true }, { kind: "message", role: "assistant", text: "hmm", thinking: true }]);
    expect(c.out()).toBe("");
  });

  it("tool calls and results go to stderr, a result named by its call", () => {
    const c = render([
      { kind: "tool", phase: "call", callId: "t1", name: "Bash", input: { command: "ls" } },
      { kind: "tool", phase: "result", callId: "t1", output: "a\nb", isError: false },
    ]);
    expect(c.out()).toBe("");
    expect(c.err()).toContain('→ Bash {"command":"ls"}');
    expect(c.err()).toContain("← Bash: a b");
  });

  it("a failure is shown once at done, with its hint", () => {
    const f = { class: "auth" as const, retryable: true, message: "401 invalid x-api-key", hint: "log in again" };
    const c = render([{ kind: "failure", ...f }, { kind: "done", exitCode: 1, cause: "failed", failure: f }]);
    expect(c.err().match(/401 invalid/g)).toHaveLength(1);
    expect(c.err()).toContain("hint: log in again");
  });
});
