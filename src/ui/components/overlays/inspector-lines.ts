/**
 * The inspector's body as single rows, wrapped here rather than by Ink (never cut): every row is one
 * terminal row, so a long divergence can neither overlap the title nor push rows off unseen,
 * and the drawer can scroll by rows.
 */
import type { ControlSnapshot } from "../../session-port.js";
import { wrap } from "../../store/entry-lines.js";
import type { SessionView } from "../../store/session-view.js";

export type RowTone = "plain" | "warn" | "dim" | "heading";

export interface InspectorRow {
  readonly text: string;
  readonly tone: RowTone;
}

/** A setting's value in words: an unset value says so instead of "undefined". */
export function settingValue(value: unknown): string {
  if (value === undefined || value === null) return "unset";
  if (typeof value === "string") return value === "" ? '""' : value;
  // A list reads (and wraps) at its items: ["cat", "ls"], not ["cat","ls"].
  if (Array.isArray(value)) return `[${value.map(settingValue).join(", ")}]`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function inspectorRows(view: SessionView, control: ControlSnapshot | undefined, width: number): InspectorRow[] {
  const rows: InspectorRow[] = [];
  /** A row; one longer than the drawer wraps under itself, after its indent and number ("  1. "), never cut. */
  const push = (text: string, tone: RowTone = "plain") => {
    if (text.length <= width) {
      rows.push({ text, tone });
      return;
    }
    const lead = /^ *(\d+\. )?/.exec(text)?.[0] ?? "";
    const hang = lead.length < width / 2 ? lead.length : 0;
    for (const [i, l] of wrap(text.slice(hang), Math.max(8, width - hang)).entries())
      rows.push({ text: `${i === 0 ? text.slice(0, hang) : " ".repeat(hang)}${l}`, tone });
  };
  /** A paragraph under a row, wrapped to the drawer with a hanging indent. */
  const note = (first: string, text: string, tone: RowTone) => {
    const lines = wrap(text, Math.max(8, width - first.length));
    for (const [i, l] of lines.entries()) push(`${i === 0 ? first : " ".repeat(first.length)}${l}`, tone);
  };

  const settings = [...view.info.settings].sort((a, b) => a.key.localeCompare(b.key));
  // Keys get up to half the drawer; a longer one is cut, never run into its value.
  const keyW = Math.min(Math.max(8, Math.floor(width / 2)), Math.max(8, ...settings.map((s) => s.key.length)));
  const divergent = settings.filter((s) => s.divergence).length + view.divergences.length;
  push(`settings (${settings.length}${divergent ? `, ${divergent} diverging` : ""})`, "heading");
  if (settings.length === 0) push("  none reported", "dim");
  const cut = (k: string) => (k.length > keyW ? `${k.slice(0, keyW - 1)}…` : k.padEnd(keyW));
  for (const s of settings) {
    const key = cut(s.key);
    // The gap after the key is always there, however long the key. A value (a policy's command
    // list) that pushes its tier off the row wraps under itself, its tier at the end.
    const first = `${s.divergence ? "⚠ " : "  "}${key} `;
    const shown = `${settingValue(s.value)}  [${s.tier}]`;
    const tone = s.divergence ? "warn" : "plain";
    if (shown.length > width - first.length) note(first, shown, tone);
    else push(`${first}${shown}`, tone);
    // The divergence sits directly under its own setting.
    if (s.divergence) note("    ↳ ", s.divergence, "warn");
  }
  // What the harness itself said it runs instead, once it had started.
  for (const d of view.divergences) {
    push(`⚠ ${cut(d.key)} ${d.runs}  [harness]`, "warn");
    note("    ↳ ", `asked ${d.asked}; the harness said: ${d.notice}`, "warn");
  }

  // The core's rules (the session's journal keeps them; no settings file does); a digit revokes.
  const rules = view.rules;
  push(`session rules (${rules.length}) · in this session only, in no settings file`, "heading");
  if (rules.length === 0) push("  none · A on an approval allows always", "dim");
  for (const [i, r] of rules.entries()) push(`  ${i + 1}. ${r.id} allows ${r.allows} · ${i + 1} revokes`);

  const pending = control?.pending ?? view.approvals;
  const census = Object.entries(control?.census ?? {});
  push("control", "heading");
  // The harness's own id is for its resume and its logs; hmux's commands take the id in the title.
  if (view.harnessSessionId) push(`  harness's own session id ${view.harnessSessionId}`);
  push(`  state ${view.lifecycle} · posture ${control?.posture ?? "unknown"}`);
  push(`  frame ${control?.frame ?? "none"}`);
  push(`  pending calls: ${pending.length === 0 ? "none" : pending.map((c) => `${c.tool}#${c.callId}`).join(", ")}`);
  push(`  census: ${census.length === 0 ? "empty" : census.map(([k, n]) => `${k}=${n}`).join(" ")}`);

  // This session's part of the audit trail (hmux audit reads the whole of it from the journal).
  push(`decisions (${view.decisions.length}) · all of them: hmux audit`, "heading");
  if (view.decisions.length === 0) push("  none yet", "dim");
  for (const d of view.decisions) {
    const at = new Date(d.at).toISOString().slice(11, 19);
    push(`  ${at} ${d.tool}#${d.callId} ${d.decision}`);
    note("    by ", d.by, "dim");
  }

  push(`command.result log (${view.commandLog.length})`, "heading");
  if (view.commandLog.length === 0) push("  no commands yet", "dim");
  for (const l of view.commandLog) {
    const refused = l.outcome.result === "refused" ? l.outcome.refused : null;
    const at = new Date(l.at).toISOString().slice(11, 19);
    push(`  ${refused ? `refused ${refused.code}` : "ok"} · ${l.id ?? "–"} · ${at}`, refused ? "warn" : "plain");
    if (refused) note("    ", refused.reason, "dim");
  }
  return rows;
}
