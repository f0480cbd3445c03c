/**
 * What a native pane request may name, checked before anything else: the kind (a harness with a
 * native pane, or the shell). Every other decision is the launch pipeline's (src/main/native-launch.ts).
 */
import { RefusalError } from "../core/refusal.js";
import type { NativeKind } from "./native-plan.js";

/** A native pane hmux will not open: a refusal like any other, so every caller reports it as one. */
export class NativeLaunchError extends RefusalError {
  constructor(message: string, hint?: string) {
    super(message, { issue: "no-native-pane", ...(hint !== undefined ? { hint } : {}) });
    this.name = "NativeLaunchError";
  }
}

/** `kinds`: what the registry in force offers (nativeKinds(registry)). */
export function parseNativeKind(text: string, kinds: readonly string[]): NativeKind {
  const kind = text.trim().toLowerCase();
  if (kinds.includes(kind)) return kind as NativeKind;
  throw new NativeLaunchError(`no native pane for "${text}"`, `one of: ${kinds.join(", ")}`);
}
