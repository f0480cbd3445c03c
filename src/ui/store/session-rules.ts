/**
 * "Allow always" rules: a person's standing yes for one tool, or one command prefix, in one
 * session. They live only in the TUI's state — never in a harness's or the user's settings file
 * — so they end with the session and can be revoked in the inspector.
 */
import type { PendingCall } from "../../core/control/types.js";

export interface SessionRule {
  readonly tool: string;
  /** The command's first word, for a call with a command; absent: any input to the tool. */
  readonly prefix?: string;
}

function commandOf(input: unknown): string | null {
  if (input === null || typeof input !== "object") return null;
  const command = (input as { command?: unknown }).command;
  if (typeof command === "string") return command.trim();
  if (Array.isArray(command) && command.every((c) => typeof c === "string")) return command.join(" ").trim();
  return null;
}

/** The rule "allow always" makes of a call: its command's first word, or the whole tool. */
export function ruleFor(call: PendingCall): SessionRule {
  const command = commandOf(call.input);
  const first = command?.split(/\s+/)[0];
  return first ? { tool: call.tool, prefix: first } : { tool: call.tool };
}

export function ruleMatches(rule: SessionRule, call: PendingCall): boolean {
  if (call.tool !== rule.tool) return false;
  if (rule.prefix === undefined) return true;
  const command = commandOf(call.input);
  return command !== null && (command === rule.prefix || command.startsWith(`${rule.prefix} `));
}

export function sameRule(a: SessionRule, b: SessionRule): boolean {
  return a.tool === b.tool && a.prefix === b.prefix;
}

export function ruleText(rule: SessionRule): string {
  return rule.prefix === undefined ? `${rule.tool} (any input)` : `${rule.tool} $ ${rule.prefix} …`;
}
