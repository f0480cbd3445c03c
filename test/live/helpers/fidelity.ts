/**
 * One scripted conversation — text, a read, a gated shell call denied then allowed, a question
 * and its answer, an interrupt — through `hmux session` of any harness, and the normalized event
 * sequence it gives: per step, the kinds of the events a person or a program acts on, in order,
 * with streaming detail (tokens, progress, state, usage) left out and repeats collapsed.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { decide, type Ev, type LiveSession, withLiveSession } from "../session-live.js";

export type Step = "text" | "read" | "deny" | "allow" | "question" | "answer" | "interrupt";
export type Sequence = Readonly<Record<Step, readonly string[]>>;

/** The event as the sequence names it: its kind and what a reader of the stream decides on. */
function label(e: Ev): string | null {
  switch (e.kind) {
    case "message":
      return e.role === "assistant" && !e.thinking ? "text" : null;
    case "tool":
      if (e.phase === "call") return `call:${String(e.canonical ?? e.tool)}`;
      return e.isError ? "result:error" : "result:ok";
    case "approval-request":
      return "ask";
    case "approval-disposition":
      return `decided:${(e.decision as { decision: string }).decision}`;
    case "question":
      return "question";
    case "done":
      return `done:${String(e.cause)}`;
    case "failure":
      return `failure:${String(e.class ?? "")}`;
    default:
      return null;
  }
}

export function normalize(events: readonly Ev[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    const l = label(e);
    if (l !== null && out.at(-1) !== l) out.push(l);
  }
  return out;
}

export interface FidelityScript {
  /** The shell marker that gates on this harness pair (codex's pair asks only for an escalation). */
  readonly shell: "bash" | "escalate";
}

const isRequest = (e: Ev) => e.kind === "approval-request";
const callIdOf = (e: Ev) => (e.call as { callId: string }).callId;

/** Runs the conversation on one harness; returns each step's normalized events. */
export async function converse(harness: string, endpoint: string, script: FidelityScript): Promise<Sequence> {
  const seq: Partial<Record<Step, string[]>> = {};
  await withLiveSession(
    harness,
    endpoint,
    [],
    async (s: LiveSession, work: string) => {
      const step = async (name: Step, act: () => Promise<void>) => {
        const at = s.events.length;
        await act();
        await s.next((e) => e.kind === "done", 60_000, at);
        seq[name] = normalize(s.events.slice(at));
      };
      const gated = `[[${script.shell}:touch fidelity.txt]]`;
      await step("text", async () => s.send("t-1", "[[say:fidelity-text]]"));
      await step("read", async () => s.send("t-2", `[[read:${join(work, "notes.txt")}]]`));
      await step("deny", async () => {
        const at = s.events.length;
        s.send("t-3", gated);
        const ask = await s.next(isRequest, 60_000, at);
        decide(s, "d-1", callIdOf(ask), { decision: "deny", reason: "not now" });
      });
      await step("allow", async () => {
        const at = s.events.length;
        s.send("t-4", gated);
        const ask = await s.next(isRequest, 60_000, at);
        decide(s, "d-2", callIdOf(ask), { decision: "allow" });
      });
      await step("question", async () => s.send("t-5", "[[ask:Which colour?|red|blue]]"));
      await step("answer", async () => s.line({ op: "answer", id: "a-1", text: "blue" }));
      await step("interrupt", async () => {
        const at = s.events.length;
        s.send("t-6", "[[slow:1200]] [[say:one ]] [[say:two ]] [[say:three ]] [[say:four]]");
        await s.next((e) => e.kind === "token" || (e.kind === "message" && e.role === "assistant"), 60_000, at);
        s.command("i-1", "interrupt", { reason: "fidelity" });
      });
    },
    (work) => writeFileSync(join(work, "notes.txt"), "fidelity-notes\n"),
  );
  return seq as Sequence;
}
