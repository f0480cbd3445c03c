/**
 * `hmux inspect <harness> --capabilities`: what a harness offers in one mode, as one JSON
 * record, with how sure hmux is (a probed or recorded fact is high; doc or study medium; a
 * model outside the vocabulary unknown).
 */
import type { HarnessDescriptor } from "../descriptor.js";
import type { EvidenceSource } from "../evidence.js";
import type { HarnessName } from "../harness-names.js";

export const CAPABILITY_MODES = ["headless-turn", "headless-session", "interactive"] as const;
export type CapabilityMode = (typeof CAPABILITY_MODES)[number];

export interface CapabilityRecord {
  readonly harness: HarnessName;
  readonly mode: CapabilityMode;
  readonly model: string | null;
  readonly vision: boolean;
  readonly images: boolean;
  readonly streaming: "token" | "message" | "none";
  readonly session: boolean;
  readonly transport: "pipe" | "pty" | null;
  readonly resumeLast: boolean;
  readonly endpoint: boolean;
  readonly source: "curated" | "unknown";
  readonly confidence: "high" | "medium" | "none";
  readonly evidence: { readonly source: EvidenceSource; readonly version: string; readonly ref: string };
}

function knowsModel(d: HarnessDescriptor, model: string): boolean {
  const v = d.models.value;
  if (v.aliases[model] !== undefined || v.known.includes(model)) return true;
  if (v.accepts.kind === "known-or-pattern")
    return new RegExp(v.accepts.pattern.pattern, v.accepts.pattern.flags).test(model);
  return false;
}

export function describeCapabilities(
  d: HarnessDescriptor,
  mode: CapabilityMode = "headless-turn",
  model?: string,
): CapabilityRecord {
  const caps = d.capabilities;
  const known = model === undefined || knowsModel(d, model);
  const session = mode === "headless-session" ? d.sessionMode.value !== null : mode === "interactive";
  const transport =
    mode === "headless-turn"
      ? d.transport.value.headlessTurn
      : mode === "headless-session"
        ? d.transport.value.session
        : d.transport.value.interactive;
  const streaming = mode === "interactive" || (mode === "headless-session" && !session) ? "none" : caps.value.streaming;
  const strong = caps.evidence.source === "probe" || caps.evidence.source === "recorded-stream";
  return {
    harness: d.name,
    mode,
    model: model ?? null,
    vision: known && caps.value.vision,
    images: known && caps.value.images,
    streaming,
    session,
    transport,
    resumeLast: d.resumeLast.value !== null,
    endpoint: d.endpoint.value !== null,
    source: known ? "curated" : "unknown",
    confidence: !known ? "none" : strong ? "high" : "medium",
    evidence: { source: caps.evidence.source, version: caps.evidence.version, ref: caps.evidence.ref },
  };
}
