/**
 * Turns one transcript entry into display rows for a given width. Entries are immutable, so
 * the rows are cached per entry object and width: a pane re-wraps only what changed since
 * its last frame.
 */

import type { ToolStatus, TranscriptEntry } from "./session-view.js";

export type Tone = "normal" | "dim" | "accent" | "success" | "error" | "warn" | "status" | "user";

export interface DisplayLine {
  readonly text: string;
  readonly tone: Tone;
  readonly bold?: boolean;
}

const cache = new WeakMap<TranscriptEntry, { width: number; lines: readonly DisplayLine[] }>();

export function entryLines(entry: TranscriptEntry, width: number): readonly DisplayLine[] {
  const hit = cache.get(entry);
  if (hit && hit.width === width) return hit.lines;
  const lines = build(entry, Math.max(8, width));
  cache.set(entry, { width, lines });
  return lines;
}

/**
 * Text as the terminal will show it: tabs expanded, escape sequences and other control
 * characters removed (the body layer's markers are already gone: without-markers.ts). A tab or
 * an escape the layout cannot measure would push a row past its pane and wrap the whole screen.
 */
export function displayable(text: string): string {
  return text
    .replace(/\t/g, "    ")
    .replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, "")
    .replace(/\u001b\][^\u0007\u001b]*(\u0007|\u001b\\)?/g, "")
    .replace(/\r(?!\n)/g, "")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
}

/** Hard-wraps on spaces where it can; every row is at most `width` characters. */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const raw of displayable(text).split("\n")) {
    let rest = raw.trimEnd();
    if (rest === "") {
      out.push("");
      continue;
    }
    while (rest.length > width) {
      let cut = rest.lastIndexOf(" ", width);
      if (cut <= width / 3) cut = width;
      out.push(rest.slice(0, cut).trimEnd());
      rest = rest.slice(cut).replace(/^ /, "");
    }
    out.push(rest);
  }
  return out;
}

const STATUS_ICON: Record<ToolStatus, string> = {
  pending: "◌",
  running: "▸",
  ok: "✓",
  failed: "✗",
  denied: "⊘",
  lost: "⊗",
  missed: "…",
};
const STATUS_TONE: Record<ToolStatus, Tone> = {
  pending: "warn",
  running: "status",
  ok: "success",
  failed: "error",
  denied: "error",
  lost: "warn",
  missed: "dim",
};

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  return `${Math.floor(ms / 60_000)}m${Math.round((ms % 60_000) / 1000)}s`;
}

function lines(text: string, width: number, tone: Tone, prefix = "", bold = false): DisplayLine[] {
  const body = wrap(text, width - prefix.length);
  return body.map((t, i) => ({ text: (i === 0 ? prefix : " ".repeat(prefix.length)) + t, tone, bold }));
}

function build(entry: TranscriptEntry, width: number): DisplayLine[] {
  switch (entry.kind) {
    case "message":
      return entry.role === "user"
        ? lines(entry.text, width, "user", "› ")
        : lines(entry.text === "" ? "…" : entry.text, width, "normal");
    case "thinking": {
      const count = entry.text.split("\n").length;
      return [
        {
          text: `∴ thinking${entry.streaming ? "…" : ` (${count} line${count === 1 ? "" : "s"}, collapsed)`}`,
          tone: "dim",
        },
      ];
    }
    case "tool": {
      const head = `${STATUS_ICON[entry.status]} ${entry.name}${entry.summary ? ` ${entry.summary}` : ""}${entry.edited ? " (edited)" : ""}${entry.byRule ? ` · allowed by rule ${entry.byRule}` : ""}`;
      const out = lines(head, width, STATUS_TONE[entry.status], "", false);
      if (entry.status === "pending") out.push({ text: "  awaiting approval", tone: "warn" });
      if (entry.status === "denied")
        out.push(...lines(`denied${entry.reason ? `: ${entry.reason}` : ""}`, width, "error", "  "));
      if (entry.status === "lost")
        out.push(...lines("lost: the server died before a decision — neither approved nor run", width, "warn", "  "));
      if (entry.status === "missed")
        out.push(...lines("decided meanwhile: its outcome was among the events not shown here", width, "dim", "  "));
      if ((entry.status === "failed" || entry.status === "ok") && entry.output) {
        const first =
          displayable(entry.output)
            .split("\n")
            .find((l) => l.trim() !== "") ?? "";
        if (first)
          out.push({ text: `  ⎿ ${first.slice(0, width - 4)}`, tone: entry.status === "failed" ? "error" : "dim" });
      }
      return out;
    }
    case "turn-start":
      return [{ text: rule(`turn ${turnLabel(entry.turnId)} ▶`, width), tone: "dim" }];
    case "turn-end":
      return [
        {
          text: rule(`turn ${turnLabel(entry.turnId)} ■ ${formatDuration(entry.durationMs)} · ${entry.cause}`, width),
          tone: "dim",
        },
      ];
    case "disposition":
      return entry.started
        ? []
        : lines(`✗ ${opWord(entry.id)} not accepted: ${entry.reason ?? "no reason"}`, width, "error");
    case "failure": {
      const f = entry.failure;
      const parts = [`✗ ${f.class}`, f.retryable ? "retryable" : "not retryable", f.message];
      const out = lines(parts.join(" · "), width, "error", "", true);
      if (f.hint) out.push(...lines(`hint: ${f.hint}`, width, "warn", "  "));
      if (f.resetsAt !== undefined)
        out.push({ text: `  resets ${new Date(f.resetsAt).toISOString().slice(11, 16)} UTC`, tone: "warn" });
      return out;
    }
    case "notice":
      return lines(entry.text, width, entry.tone === "info" ? "dim" : entry.tone === "warn" ? "warn" : "error");
  }
}

/** What an op id was, in words: the TUI's ids read `ui-<what>-<n>`; anyone else's is a request. */
export function opWord(id: string): string {
  const m = /^ui-([a-z]+)-\d+$/.exec(id);
  return m ? m[1]! : "request";
}

/** "<session>:turn-3" reads as "3"; other ids as they are. */
export function turnLabel(turnId: string): string {
  const m = /:turn-(\d+)$/.exec(turnId);
  return m ? m[1]! : turnId;
}

function rule(label: string, width: number): string {
  const body = `── ${label} `;
  return body.length >= width ? body.slice(0, width) : body + "─".repeat(width - body.length);
}
