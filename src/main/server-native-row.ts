/**
 * The hmux server's native sessions (a harness's own UI, or a shell, in a pty): a row opened as a
 * native pane is, on the leashed pty (whatever the pane starts goes with it, and with the server:
 * pty-leash.mjs). Here in the composition root because it builds the real pty; the server's
 * launcher loads it on the first native session, so no other session pays for a terminal emulator.
 */

import { HookServer } from "../native/hooks/hook-server.js";
import { nativeKinds, SHELL_KIND } from "../native/native-plan.js";
import { launchNativeRow } from "../server/native-launcher.js";
import type { CreateSpec, Launched } from "../server/session-table.js";
import { leashedPty } from "../spawn/native-pty.js";
import type { AppContext } from "./context.js";
import { launchNative } from "./native-launch.js";

/**
 * One opener per server: one hook listener for its native harness sessions, started with the first
 * of them. Each spec comes with the context of its cwd (its registry in force there).
 */
export function serverNativeRows(): (spec: CreateSpec, context: AppContext) => Promise<Launched> {
  let hooks: Promise<HookServer> | undefined;
  return (spec, context) => {
    const native = { ports: context, hostEnv: context.env };
    return launchNativeRow(spec, {
      kinds: nativeKinds(context.registry),
      open: async (request) =>
        launchNative(request, {
          ...native,
          clock: context.clock,
          spawn: leashedPty(),
          // A shell reports no state, so it starts no hook server.
          ...(request.kind !== SHELL_KIND ? { hooks: await (hooks ??= HookServer.start()) } : {}),
        }),
    });
  };
}
