/**
 * The capability record `inspect --capabilities` prints, from the descriptor's curated facts.
 * A model outside the vocabulary degrades to source "unknown" (nothing is claimed for it).
 */
import type { HarnessDescriptor } from "../../core/descriptor.js";

export const CAPABILITY_MODES = ["headless-turn", "headless-session", "interactive"] as const;
export type CapabilityMode = (typeof CAPABILITY_MODES)[number];

export interface CapabilityRecord {
  readonly harness: string;
  readonly mode: CapabilityMode;
  readonly model: string | null;
  readonly vision: boolean;
  readonly images: boolean;
  readonly streaming: "token" | "message";
  readonly session: boolean;
  readonly source: "curated" | "unknown";
  readonly confidence: "medium" | "none";
}

export function capabilityRecord(descriptor: HarnessDescriptor, mode: CapabilityMode, model?: string): CapabilityRecord {
  const facts = descriptor.capabilities.value;
  const vocabulary = descriptor.models.value;
  const knownModel = model === undefined || vocabulary.known.includes(model) || model in vocabulary.aliases;
  const session = mode === "headless-session" ? descriptor.sessionMode.value !== null : mode === "interactive" ? true : descriptor.resume.value !== null;
  return {
    harness: descriptor.name,
    mode,
    model: model ?? vocabulary.nativeDefault,
    vision: knownModel && facts.vision,
    images: knownModel && facts.images,
    streaming: facts.streaming,
    session,
    source: knownModel ? "curated" : "unknown",
    confidence: knownModel ? "medium" : "none",
  };
}
