import { builtinRegistry } from "../../../src/adapters/registry.js";
import type { Clock } from "../../../src/core/exec/ports.js";
import { interruptKeyOf, type NativeKind } from "../../../src/native/native-plan.js";
import { NativeSession } from "../../../src/native/native-session.js";
import type { NativeTerminal } from "../../../src/native/native-terminal.js";
import { LocalNativePort } from "../../../src/ui/native/native-port.js";
import { FakeClock } from "../exec/fakes.js";

/** A native session over a test's terminal, with the kind's own interrupt key; its clock stands still unless given. */
export function nativeSession(
  terminal: NativeTerminal,
  kind: NativeKind = "shell",
  hooks = false,
  clock: Clock = new FakeClock(),
): NativeSession {
  return new NativeSession({
    kind,
    terminal,
    hooks,
    interruptKey: interruptKeyOf(kind, builtinRegistry),
    clock,
    cwd: "/",
  });
}

/** The same session as the pane a TUI in this process draws. */
export function localPane(terminal: NativeTerminal, kind: NativeKind = "shell", hooks = false): LocalNativePort {
  return new LocalNativePort(nativeSession(terminal, kind, hooks));
}
