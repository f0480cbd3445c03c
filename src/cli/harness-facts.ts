/** The registry's facts the command declarations print (src/cli/command-line.ts HarnessFacts). */
import type { HarnessRegistry } from "../adapters/registry.js";
import { nativeKinds } from "../native/native-plan.js";
import { demoHarnesses, processSessionHarnesses, sessionHarnesses } from "../session/launch.js";
import type { HarnessFacts } from "./command-line.js";

export function harnessFactsOf(registry: HarnessRegistry): HarnessFacts {
  return {
    names: registry.names,
    harnessOptions: registry.harnessOptions,
    sessionHarnesses: sessionHarnesses(registry),
    processSessionHarnesses: processSessionHarnesses(registry),
    nativeKinds: nativeKinds(registry),
    demoHarnesses: demoHarnesses(registry),
  };
}
