/**
 * Human rendering of a turn. Under token streaming the text arrives twice — as `token`
 * deltas and again as the closing `message` — so a message already streamed is not printed
 * again. Assistant text goes to stdout; everything about the turn (identity, tools, errors,
 * failures, the end) goes to stderr, so `hmux run … > answer.txt` keeps only the answer.
 */
import type { FailureSummary, HarnessEvent } from "../../core/events.js";
import type { Output } from "./output.js";

const MAX_TOOL_TEXT = 400;

export class HumanRenderer {
  private streamed = false;
  private midLine = false;
  private thinking = false;
  /** A result names its call only by id on some harnesses: remember the names. */
  private readonly toolNames = new Map<string, string>();

  constructor(private readonly output: Output, private readonly options: { readonly verbose?: boolean } = {}) {}

  render(event: HarnessEvent): void {
    switch (event.kind) {
      case "identity":
        this.note(`session ${event.sessionId}${event.model ? ` · ${event.model}` : ""}${event.resumeLast ? " · most recent (picked by the harness)" : ""}`);
        return;
      case "token":
        if (event.thinking) {
          this.thinking = true;
          return;
        }
        this.streamed = true;
        this.text(event.text);
        return;
      case "message":
        if (event.role !== "assistant" || event.thinking) return;
        if (this.streamed) {
          this.streamed = false; // this message closes the streamed text; never print it twice
          this.endLine();
          return;
        }
        this.text(event.text);
        this.endLine();
        return;
      case "tool":
        this.endLine();
        if (event.phase === "call") {
          if (event.callId !== null) this.toolNames.set(event.callId, event.name);
          this.note(`→ ${event.name}${event.input === undefined ? "" : ` ${clip(JSON.stringify(event.input))}`}`);
        } else {
          const name = event.name ?? (event.callId !== null ? this.toolNames.get(event.callId) : undefined) ?? event.callId ?? "tool";
          this.note(`${event.denied ? "⊘ denied" : event.isError ? "✗" : "←"} ${name}: ${clip(event.output)}`);
        }
        return;
      case "question":
        this.endLine();
        this.note(`? ${event.question}`);
        event.options.forEach((o, i) => this.note(`  ${i + 1}. ${o}${o === event.recommended ? " (recommended)" : ""}`));
        return;
      case "limit":
        this.note(`limit: ${event.code}: ${event.message}`);
        return;
      case "error":
        this.note(`${event.terminal ? "error" : "note"}: ${event.message}`);
        return;
      case "failure":
        return; // the reduced failure is shown once, with its hint, at done
      case "raw":
        if (this.options.verbose) this.note(`[${event.stream}] ${event.text}`);
        return;
      case "progress":
        // The resume-last store diagnostic is for the reader to check the pick, not debugging noise.
        if (event.label === "resume-last" && event.detail) this.note(`note: ${event.detail}`);
        else if (this.options.verbose) this.note(`… ${event.label}${event.detail ? ` ${event.detail}` : ""}`);
        return;
      case "done":
        this.endLine();
        if (event.failure) this.failure(event.failure);
        else if (event.cause === "awaiting-input") this.note("(the worker asked a question: answer with hmux run <harness> --resume <id> --prompt \"…\")");
        return;
      default:
        return;
    }
  }

  private failure(f: FailureSummary): void {
    this.output.err(`✗ ${f.class}${f.retryable ? " (retryable)" : ""}: ${f.message}\n`);
    if (f.hint) this.output.err(`  hint: ${f.hint}\n`);
    if (f.supported?.length) this.output.err(`  supported: ${f.supported.join(", ")}\n`);
    if (f.resetsAt !== undefined) this.output.err(`  resets at ${new Date(f.resetsAt).toISOString()}\n`);
  }

  private text(s: string): void {
    if (s === "") return;
    this.output.out(s);
    this.midLine = !s.endsWith("\n");
  }

  private endLine(): void {
    if (this.midLine) this.output.out("\n");
    this.midLine = false;
  }

  private note(line: string): void {
    this.output.err(`${line}\n`);
  }
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > MAX_TOOL_TEXT ? `${one.slice(0, MAX_TOOL_TEXT)}…` : one;
}
