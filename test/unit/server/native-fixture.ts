import { builtinRegistry } from "../../../src/adapters/registry.js";
import { launchNative } from "../../../src/main/native-launch.js";
import { systemClock } from "../../../src/main/system-clock.js";
import { nativeKinds } from "../../../src/native/native-plan.js";
import { launchNativeRow } from "../../../src/server/native-launcher.js";
import type { CreateSpec, Launched } from "../../../src/server/session-table.js";
import { leashedPty } from "../../../src/spawn/native-pty.js";

/** The server's native rows as the real server opens them (leashed real pty), with this host environment. */
export function launchNativeWith(hostEnv: Readonly<Record<string, string | undefined>>) {
  return (spec: CreateSpec): Promise<Launched> =>
    launchNativeRow(spec, {
      kinds: nativeKinds(builtinRegistry),
      open: (request) => launchNative(request, { hostEnv, clock: systemClock, spawn: leashedPty() }),
    });
}
