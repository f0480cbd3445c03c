/**
 * Human rendering of a turn. Under token streaming the text arrives twice — as `token`
 * deltas and again as the closing `message` — so a message already streamed is not printed
 * again. Assistant text goes to stdout; everything about the turn (identity, tools, errors,
 * failures, the end) goes to stderr, so `hmux run … > answer.txt` keeps only the answer.
 */
import type { SessionEvent } from "../../core/control/types.js";
import type { FailureSummary, ToolCallEvent, ToolResultEvent } from "../../core/events.js";
import type { Output } from "./output.js";

const MAX_TOOL_TEXT = 400;
const MAX_RESULT_LINES = 12;
const MAX_LINE = 200;

export class HumanRenderer {
  private streamed = false;
  private midLine = false;
  private thinking = false;
  /** A result names its call only by id on some harnesses: remember the names. */
  private readonly toolNames = new Map<string, string>();
  /** Calls hmux denied, whose reason was said already: their denied result is not said again. */
  private readonly deniedByHmux = new Set<string>();

  constructor(
    private readonly output: Output,
    private readonly options: { readonly verbose?: boolean; readonly color?: boolean } = {},
  ) {}

  /** A turn's events; a turn hmux gates through a session also carries hmux's decisions on its calls. */
  render(event: SessionEvent): void {
    switch (event.kind) {
      case "identity":
        this.note(
          `session ${event.sessionId}${event.model ? ` · ${event.model}` : ""}${event.resumeLast ? " · most recent (picked by the harness)" : ""}`,
        );
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
        if (event.phase === "call") this.toolCall(event);
        else this.toolResult(event);
        return;
      case "question":
        this.endLine();
        this.note(`? ${event.question}`);
        event.options.forEach((o, i) => {
          this.note(`  ${i + 1}. ${o}${o === event.recommended ? " (recommended)" : ""}`);
        });
        return;
      case "limit":
        this.note(`limit: ${event.code}: ${event.message}`);
        return;
      case "error":
        // A terminal error always comes with the failure shown at done (class, retryable, hint): say it once.
        if (!event.terminal) this.note(`note: ${event.message}`);
        return;
      case "failure":
        return; // the reduced failure is shown once, with its hint, at done
      case "divergence":
        this.note(`divergence: ${event.key} asked ${event.asked}, runs ${event.runs}`);
        return;
      case "raw":
        if (this.options.verbose) this.note(`[${event.stream}] ${event.text}`);
        return;
      case "progress":
        // The resume-last store diagnostic is for the reader to check the pick, not debugging noise.
        if (event.label === "resume-last" && event.detail) this.note(`note: ${event.detail}`);
        else if (this.options.verbose) this.note(`… ${event.label}${event.detail ? ` ${event.detail}` : ""}`);
        return;
      case "approval-disposition":
        // The policy's reason, as the decider gave it: the harness may show the model less (codex: "rejected by user").
        if (event.decision.decision === "deny") {
          this.deniedByHmux.add(event.callId);
          this.endLine();
          this.note(`⊘ denied (decided by ${event.decider}): ${clip(event.decision.reason)}`);
        }
        return;
      case "done":
        this.endLine();
        if (event.failure) this.failure(event.failure);
        else if (event.cause === "interrupted") this.note("interrupted: the turn was stopped as asked (Ctrl-C)");
        else if (event.cause === "awaiting-input")
          this.note('(the worker asked a question: answer with hmux run <harness> --resume <id> --prompt "…")');
        return;
      default:
        return;
    }
  }

  private toolCall(event: ToolCallEvent): void {
    if (event.callId !== null) this.toolNames.set(event.callId, event.name);
    const command = shellCommand(event);
    if (command !== undefined) this.note(`$ ${clip(command)}`);
    else this.note(`→ ${event.name}${event.input === undefined ? "" : ` ${clip(JSON.stringify(event.input))}`}`);
  }

  /** The result's own lines, dim and indented under its call, bounded so a huge output cannot flood the terminal. */
  private toolResult(event: ToolResultEvent): void {
    const name =
      event.name ?? (event.callId !== null ? this.toolNames.get(event.callId) : undefined) ?? event.callId ?? "tool";
    if (event.denied) {
      // A deny hmux decided was said with its reason; the harness's echo of it (codex: "declined") adds nothing.
      if (event.callId !== null && this.deniedByHmux.has(event.callId)) return;
      this.note(`⊘ ${name} denied: ${clip(event.output)}`);
      return;
    }
    const lines = event.output.replace(/\s+$/, "").split("\n");
    const shown =
      event.output.trim() === ""
        ? ["(no output)"]
        : lines.slice(0, MAX_RESULT_LINES).map((l) => clip(l.replace(/\t/g, "  "), MAX_LINE));
    if (lines.length > MAX_RESULT_LINES) shown.push(`… ${lines.length - MAX_RESULT_LINES} more line(s)`);
    for (const line of shown) this.note(this.dim(`  ${line}`));
    if (event.isError) {
      const code = event.exitCode !== undefined && event.exitCode !== null ? ` (exit ${event.exitCode})` : "";
      this.note(`✗ ${name} failed${code}`);
    }
  }

  private failure(f: FailureSummary): void {
    const status = f.httpStatus !== undefined ? ` · HTTP ${f.httpStatus}` : "";
    this.output.err(`✗ ${f.class} · ${f.retryable ? "retryable" : "not retryable"}${status}: ${f.message}\n`);
    if (f.hint) this.output.err(`  hint: ${f.hint}\n`);
    if (f.supported?.length) this.output.err(`  supported: ${f.supported.join(", ")}\n`);
    if (f.resetsAt !== undefined) this.output.err(`  resets at ${new Date(f.resetsAt).toISOString()}\n`);
  }

  private dim(line: string): string {
    return this.options.color ? `\x1b[2m${line}\x1b[22m` : line;
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

function clip(s: string, max = MAX_TOOL_TEXT): string {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > max ? `${one.slice(0, max)}…` : one;
}

/**
 * The command of a shell tool call (canonical "shell": claude Bash, codex command_execution, pi
 * bash), unwrapped from codex's `/bin/bash -lc '…'` so the reader sees what the model asked for.
 */
export function shellCommand(event: ToolCallEvent): string | undefined {
  if (event.canonical !== "shell") return undefined;
  const input = event.input;
  const raw = input !== null && typeof input === "object" ? (input as { command?: unknown }).command : undefined;
  const command = Array.isArray(raw) && raw.every((p) => typeof p === "string") ? raw.join(" ") : raw;
  if (typeof command !== "string") return undefined;
  const wrapped = /^\/bin\/(?:ba|z)?sh -l?c '((?:[^']|'\\'')*)'$/.exec(command);
  return wrapped ? wrapped[1]!.replace(/'\\''/g, "'") : command;
}
