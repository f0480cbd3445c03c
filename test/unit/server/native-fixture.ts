import { builtinRegistry } from "../../../src/adapters/registry.js";
import { createAppContext } from "../../../src/main/context.js";
import { launchNative } from "../../../src/main/native-launch.js";
import { systemClock } from "../../../src/main/system-clock.js";
import { nativeKinds } from "../../../src/native/native-plan.js";
import { launchNativeRow } from "../../../src/server/native-launcher.js";
import type { CreateSpec, Launched } from "../../../src/server/session-table.js";
import { leashedPty } from "../../../src/spawn/native-pty.js";

/** What a native pane is launched with, as a root composes it: a context over hostEnv and the built-in registry. */
export function nativePorts(hostEnv: Readonly<Record<string, string | undefined>>, registry = builtinRegistry) {
  return { hostEnv, ports: createAppContext({ env: hostEnv, registry }) };
}

/** The server's native rows as the real server opens them (leashed real pty), with this host environment. */
export function launchNativeWith(hostEnv: Readonly<Record<string, string | undefined>>) {
  return (spec: CreateSpec): Promise<Launched> =>
    launchNativeRow(spec, {
      kinds: nativeKinds(builtinRegistry),
      open: (request) => launchNative(request, { ...nativePorts(hostEnv), clock: systemClock, spawn: leashedPty() }),
    });
}
