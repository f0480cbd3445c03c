/**
 * The new-session dialog's spelling of a native pane: "shell", "native <harness>" or
 * "<harness>:native". The dialog only names it; the server plans and opens it.
 */
import { NativeLaunchError, parseNativeKind } from "../native/launch.js";
import { type NativeKind, SHELL_KIND } from "../native/native-plan.js";

/** The native kind a dialog's harness text asks for, or null when it is not a native request. */
export function nativeKindOf(harness: string, kinds: readonly string[]): NativeKind | null {
  const text = harness.trim().toLowerCase();
  if (text === SHELL_KIND) return SHELL_KIND;
  const m = /^native[\s:]+(\S+)$/.exec(text) ?? /^(\S+):native$/.exec(text);
  return m ? parseNativeKind(m[1]!, kinds) : null;
}

/** What the dialog offers for native panes, from the registry's kinds: "shell", "native claude", …. */
export function nativeChoices(kinds: readonly string[]): string[] {
  return [SHELL_KIND, ...kinds.filter((k) => k !== SHELL_KIND).map((k) => `native ${k}`)];
}

export { NativeLaunchError };
