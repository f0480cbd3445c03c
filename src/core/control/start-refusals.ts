/**
 * A control this channel cannot honour is refused by name at session start, not at the call, so
 * a session that would fail on control fails before it spends anything. Every command the
 * configuration will need is checked; the results are command.result events with id
 * `start/<command>` (the reference spelling).
 */
import { type ChannelCapabilities, delivers, whyNot } from "./capabilities.js";
import type { CommandName, DecisionMode, Frame } from "./machine-types.js";
import type { ControlEvent, RefusalCode } from "./types.js";

export interface StartNeeds {
  readonly mode: DecisionMode;
  /** A frame in force from launch: it must be enforced at every call. */
  readonly frame?: Frame | null;
  /** A policy is configured: it can only act where hmux sees the calls. */
  readonly policy?: boolean;
  /** Commands the embedder or UI says it will send (the TUI: interrupt, halt, tool.decide …). */
  readonly expects?: readonly CommandName[];
  /** Launch posture in the vendor's word; null = the channel's own default. */
  readonly posture?: string | null;
  /** Native allow rules in force (claude --allowedTools entries, settings permissions.allow …). */
  readonly nativeAllowRules?: readonly string[];
  /** An autonomy flag is set (claude --dangerously-skip-permissions, codex --full-auto / yolo). */
  readonly autonomy?: boolean;
}

export interface StartRefusal {
  readonly command: CommandName;
  readonly code: RefusalCode;
  readonly reason: string;
}

/** The commands this configuration needs, in vocabulary order. */
export function requiredCommands(needs: StartNeeds): CommandName[] {
  const set = new Set<CommandName>(["interrupt", "halt"]);
  if (needs.mode === "ask" || needs.mode === "observe" || needs.frame || needs.policy) set.add("tool.decide");
  // A launch frame is a frame put in force at start: it needs the same per-call enforcement as frame.set.
  if (needs.frame) set.add("frame.set");
  for (const c of needs.expects ?? []) set.add(c);
  const order: CommandName[] = [
    "tool.decide",
    "frame.set",
    "message.inject",
    "steer",
    "permission.set",
    "interrupt",
    "halt",
  ];
  return order.filter((c) => set.has(c));
}

export function refusalsAtStart(caps: ChannelCapabilities, needs: StartNeeds): StartRefusal[] {
  const out: StartRefusal[] = [];
  const required = requiredCommands(needs);
  for (const command of required) {
    if (!delivers(caps, command)) {
      out.push({
        command,
        code: "UNSUPPORTED_CONTROL",
        reason: `this session's configuration needs ${command} and ${whyNot(caps, command)}`,
      });
    }
  }
  if (needs.mode === "observe" && (needs.frame || required.includes("frame.set"))) {
    out.push({
      command: "frame.set",
      code: "SHADOWED",
      reason: "observe mode allows every call, so a frame would claim enforcement that observe silently overrides",
    });
  }
  const checks = required.includes("tool.decide") && needs.mode !== "observe" && delivers(caps, "tool.decide");
  if (checks) {
    const posture = needs.posture ?? caps.defaultPosture;
    const shadows: string[] = [];
    if (needs.autonomy) shadows.push("an autonomy flag runs calls without asking anybody");
    if (posture !== null && caps.shadowingPostures.includes(posture)) {
      shadows.push(
        `${caps.harness} under the ${posture} posture runs or refuses calls without asking${caps.shadowingAdvice ? ` (${caps.shadowingAdvice})` : ""}`,
      );
    }
    if (needs.nativeAllowRules && needs.nativeAllowRules.length > 0) {
      shadows.push(
        `native allow rules ${JSON.stringify(needs.nativeAllowRules)} let ${caps.harness} run those calls before hmux is asked`,
      );
    }
    if (shadows.length > 0) {
      out.push({
        command: "tool.decide",
        code: "SHADOWED",
        reason: `hmux's check would be silently pre-empted: ${shadows.join("; ")}`,
      });
    }
  }
  return out;
}

/** The refusals as the events a session prints before it exits 2. */
export function startRefusalEvents(refusals: readonly StartRefusal[]): ControlEvent[] {
  return refusals.map((r) => ({
    kind: "command.result",
    id: `start/${r.command}`,
    outcome: { result: "refused", refused: { code: r.code, reason: r.reason } },
  }));
}
