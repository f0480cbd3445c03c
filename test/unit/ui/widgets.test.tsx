import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { countdown } from "../../../src/core/control/countdown.js";
import { AttentionRail, railTotal } from "../../../src/ui/components/AttentionRail.js";
import { PaneHeader } from "../../../src/ui/components/PaneHeader.js";
import { Transcript } from "../../../src/ui/components/Transcript.js";
import { ApprovalFull } from "../../../src/ui/components/widgets/ApprovalFull.js";
import { ApprovalWidget } from "../../../src/ui/components/widgets/ApprovalWidget.js";
import { FailureWidget } from "../../../src/ui/components/widgets/FailureWidget.js";
import { QuestionWidget } from "../../../src/ui/components/widgets/QuestionWidget.js";
import { applyEvent } from "../../../src/ui/store/apply-event.js";
import { createSessionView } from "../../../src/ui/store/session-view.js";
import { transcriptWindow } from "../../../src/ui/store/transcript-window.js";

const SUPPORT = { steer: false, inject: false, abstain: true, replace: true, denyReason: true };
const call = (input: unknown, deadlineAt: number | null = null) => ({
  callId: "toolu_1",
  tool: "Bash",
  input,
  openedAt: 0,
  deadlineAt,
});

function view(harness: "claude" | "codex" | "pi" = "claude") {
  return createSessionView("s1", { harness, model: "sonnet", effort: "high", settings: [], support: SUPPORT });
}

describe("Approval widget", () => {
  it("shows the tool, the command, the queue position and the deadline countdown", () => {
    const r = render(
      <ApprovalWidget
        call={call({ command: "rm -rf build" }, 62_000)}
        position={1}
        total={3}
        support={SUPPORT}
        composing={null}
        countdown={countdown(62_000, 0)}
        width={70}
        height={6}
      />,
    );
    const f = r.lastFrame()!;
    expect(f).toContain("approval 1/3 · Bash");
    expect(f).toContain("auto-deny in 1 min");
    expect(f).toContain("$ rm -rf build");
    expect(f).toContain("a allow · d deny · e edit · s abstain · f full view");
  });

  it("in a small pane the header and the keys still show", () => {
    const r = render(
      <ApprovalWidget
        call={call({ command: "ls" })}
        position={1}
        total={2}
        support={SUPPORT}
        composing={null}
        countdown={null}
        width={60}
        height={2}
      />,
    );
    const f = r.lastFrame()!;
    expect(f).toContain("approval 1/2 · Bash");
    expect(f).toContain("a allow");
  });

  it("offers only the decisions the harness can deliver", () => {
    const r = render(
      <ApprovalWidget
        call={call({ command: "ls" })}
        position={1}
        total={1}
        support={{ ...SUPPORT, replace: false, abstain: false }}
        composing={null}
        countdown={null}
        width={70}
        height={6}
      />,
    );
    expect(r.lastFrame()).toContain("a allow · d deny · f full view");
    expect(r.lastFrame()).not.toContain("e edit");
  });

  it("previews an edit as a diff and truncates long input with a pointer to the full view", () => {
    const input = { file_path: "src/a.ts", old_string: "one\ntwo\nthree", new_string: "uno" };
    const r = render(
      <ApprovalWidget
        call={call(input)}
        position={1}
        total={1}
        support={SUPPORT}
        composing={null}
        countdown={null}
        width={70}
        height={7}
      />,
    );
    const f = r.lastFrame()!;
    expect(f).toContain("src/a.ts");
    expect(f).toContain("-one");
    expect(f).toMatch(/more rows \(f\)/);
  });

  it("while a deny reason is typed, says so instead of the keys", () => {
    const r = render(
      <ApprovalWidget
        call={call({ command: "ls" })}
        position={1}
        total={1}
        support={SUPPORT}
        composing="deny"
        countdown={null}
        width={70}
        height={6}
      />,
    );
    expect(r.lastFrame()).toContain("type the deny reason below");
  });

  it("on a channel whose row carries no deny reason (ACP), composing a deny says the reason will not reach the agent", () => {
    const r = render(
      <ApprovalWidget
        call={call({ command: "ls" })}
        position={1}
        total={1}
        support={{ ...SUPPORT, denyReason: false }}
        composing="deny"
        countdown={null}
        width={70}
        height={6}
      />,
    );
    const shown = (r.lastFrame() ?? "").replace(/\s*\n\s*/g, " ");
    expect(shown).toContain("it will not reach the agent");
    expect(shown).not.toContain("type the deny reason below");
  });

  it("in a third of an 80-column screen, the deny and edit hints wrap and keep their keys", () => {
    for (const [composing, keys] of [
      ["deny", "Enter sends · Esc cancels"],
      ["edit", "Enter replaces · Esc cancels"],
    ] as const) {
      const r = render(
        <ApprovalWidget
          call={call({ command: "ls" })}
          position={1}
          total={1}
          support={SUPPORT}
          composing={composing}
          countdown={null}
          width={24}
          height={6}
        />,
      );
      const rows = r.lastFrame()!.split("\n");
      expect(rows).toHaveLength(6);
      expect(rows.join(" ").replace(/\s+/g, " ")).toContain(keys);
      r.unmount();
    }
  });

  it("the full-screen view shows the whole input", () => {
    const long = Array.from({ length: 20 }, (_, i) => `echo ${i}`).join("\n");
    const r = render(
      <ApprovalFull
        call={call({ command: long })}
        title="pane 2 · codex"
        position={2}
        total={2}
        support={SUPPORT}
        now={0}
        width={80}
        height={30}
      />,
    );
    const f = r.lastFrame()!;
    expect(f).toContain("pane 2 · codex · approval 2/2");
    expect(f).toContain("echo 19");
  });
});

describe("Question widget", () => {
  it("numbers the options and marks the recommended one", () => {
    const r = render(
      <QuestionWidget
        question={{ question: "Which database?", options: ["sqlite", "postgres"], recommended: "postgres" }}
        width={60}
        height={5}
      />,
    );
    const f = r.lastFrame()!;
    expect(f).toContain("? Which database?");
    expect(f).toContain("1. sqlite");
    expect(f).toContain("2. postgres  ★ recommended");
    expect(f).toContain("1–2 choose · or type an answer");
  });
});

describe("Failure widget", () => {
  it("shows class, retryability, hint and reset time", () => {
    const resetsAt = Date.UTC(2026, 10, 29, 15, 30);
    const r = render(
      <FailureWidget
        failure={{
          class: "rate-limit",
          retryable: true,
          message: "429 from the API",
          hint: "try another route",
          resetsAt,
        }}
        width={70}
        height={3}
      />,
    );
    const f = r.lastFrame()!;
    expect(f).toContain("✗ rate-limit · retryable · 429 from the API");
    expect(f).toContain("hint: try another route");
    expect(f).toContain("resets at 15:30 UTC");
  });

  it("says when a retry elsewhere would not help", () => {
    const r = render(
      <FailureWidget failure={{ class: "task", retryable: false, message: "bad request" }} width={60} height={1} />,
    );
    expect(r.lastFrame()).toContain("not retryable");
  });
});

describe("transcript rows", () => {
  function frameOf(events: Parameters<typeof applyEvent>[1][], height = 12): string {
    let v = view();
    let t = 1000;
    for (const e of events) v = applyEvent(v, e, (t += 1500));
    const r = render(<Transcript window={transcriptWindow(v.entries, 70, height, null)} width={70} height={height} />);
    return r.lastFrame()!;
  }

  it("turn markers show start, end and duration", () => {
    const f = frameOf([
      { kind: "turn", turnId: "t1", id: "p1" },
      { kind: "done", exitCode: 0, cause: "clean" },
    ]);
    expect(f).toContain("turn t1 ▶");
    expect(f).toContain("turn t1 ■ 1.5s · clean");
  });

  it("a started op shows no internal id; a rejected one says what was not accepted and why", () => {
    const f = frameOf([
      { kind: "disposition", id: "ui-prompt-1", disposition: "started" },
      { kind: "disposition", id: "ui-answer-2", disposition: "rejected", reason: "no-open-question" },
    ]);
    expect(f).not.toContain("ui-prompt-1");
    expect(f).not.toContain("ui-answer-2");
    expect(f).toContain("✗ answer not accepted: no-open-question");
  });

  it("tool calls carry their status; thinking is collapsed", () => {
    const f = frameOf([
      { kind: "token", text: "secret chain\nof thought", thinking: true },
      { kind: "message", role: "assistant", text: "done thinking", thinking: true },
      { kind: "tool", phase: "call", callId: "a", name: "Read", input: { file_path: "x.ts" } },
      { kind: "tool", phase: "call", callId: "b", name: "Bash", input: { command: "make" } },
      { kind: "tool", phase: "result", callId: "b", output: "error 2", isError: true },
      { kind: "tool", phase: "call", callId: "c", name: "Write" },
      { kind: "tool", phase: "result", callId: "c", output: "denied", isError: true, denied: true },
      { kind: "approval-request", call: { callId: "d", tool: "Edit", input: {}, openedAt: 0, deadlineAt: null } },
    ]);
    expect(f).toContain("∴ thinking (1 line, collapsed)");
    expect(f).not.toContain("secret chain");
    expect(f).toContain("▸ Read x.ts");
    expect(f).toContain("✗ Bash $ make");
    expect(f).toContain("⊘ Write");
    expect(f).toContain("◌ Edit");
    expect(f).toContain("awaiting approval");
  });

  it("a scrolled window says how much is below", () => {
    const r = render(
      <Transcript
        window={{
          lines: [
            { text: "a", tone: "normal" },
            { text: "b", tone: "normal" },
          ],
          below: 7,
          following: false,
        }}
        width={50}
        height={2}
      />,
    );
    expect(r.lastFrame()).toContain("↓ 7 more rows · PgDn to follow");
  });
});

describe("pane header and rail", () => {
  it("header shows harness, model, effort, short id, state and usage", () => {
    let v = view();
    v = applyEvent(
      v,
      {
        kind: "session",
        sessionId: "4f2a9c1e-aaaa-bbbb",
        harness: "claude",
        origin: "fresh",
        escalateQuestions: false,
      },
      0,
    );
    v = applyEvent(v, { kind: "state", from: "starting", to: "running" }, 0);
    v = applyEvent(
      v,
      {
        kind: "usage",
        inputTokens: 12_300,
        outputTokens: 450,
        costUsd: 0.0123,
        contextTokens: 12_750,
        contextWindow: 200_000,
      },
      0,
    );
    const r = render(<PaneHeader view={v} index={1} focused={false} tick={null} width={90} />);
    const f = r.lastFrame()!;
    expect(f).toContain("2 claude · sonnet · high · 4f2a9c1e");
    expect(f).toContain("● running");
    expect(f).toContain("12k in 450 out $0.0123 ctx 13k/200k 6%");
  });

  it("a pane whose model has no price says its cost is unknown, never $0, and the rail totals every pane", () => {
    let a = view("claude");
    a = applyEvent(a, { kind: "usage", inputTokens: 1000, outputTokens: 10, costUsd: 0.02 }, 0);
    let b = createSessionView("s2", { harness: "pi", settings: [], support: SUPPORT });
    b = applyEvent(b, { kind: "usage", inputTokens: 500, outputTokens: 5 }, 0);
    const header = render(<PaneHeader view={b} index={1} focused={false} tick={null} width={90} />).lastFrame()!;
    expect(header).toContain("500 in 5 out unknown");
    expect(header).not.toContain("$0");
    expect(railTotal([{ view: a, pane: 0 }])).toBe("Σ 1.0k tok $0.0200");
    expect(
      railTotal([
        { view: a, pane: 0 },
        { view: b, pane: 1 },
      ]),
    ).toBe("Σ 1.5k tok cost unknown");
    expect(railTotal([{ view: view("codex"), pane: 0 }])).toBeNull();
    const rail = render(<AttentionRail entries={[{ view: a, pane: 0 }]} focusedKey="s1" width={100} />).lastFrame()!;
    expect(rail).toContain("Σ 1.0k tok $0.0200");
  });

  it("the rail lists every session and points at the one needing approval", () => {
    const a = view("claude");
    const b = createSessionView("s2", { harness: "codex", settings: [], support: SUPPORT });
    let c = createSessionView("s3", { harness: "pi", settings: [], support: SUPPORT });
    c = applyEvent(c, { kind: "approval-request", call: call({}) }, 0);
    c = applyEvent(c, { kind: "state", from: "running", to: "awaiting-approval" }, 0);
    const r = render(
      <AttentionRail
        entries={[
          { view: a, pane: 0 },
          { view: b, pane: null },
          { view: c, pane: 2 },
        ]}
        focusedKey="s1"
        width={100}
      />,
    );
    const f = r.lastFrame()!;
    expect(f).toContain("1:claude");
    expect(f).toContain("–:codex");
    expect(f).toContain("3:pi !");
    expect(f).toContain("⚠ approval needed in pane 3");
  });
});
