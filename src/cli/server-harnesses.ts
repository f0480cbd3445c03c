/**
 * How the hmux server answers `harnesses`: every harness a launch at the folder can use, from the
 * registry in force there now (a config's harness added or removed since the server started counts):
 * each one with an event-stream session, then each native kind (its own UI in a pty, "shell" last),
 * with whether its binary is found and its own settings as `plan` returns them.
 */
import { contextFor } from "../main/context.js";
import { nativeKinds, SHELL_KIND } from "../native/native-plan.js";
import type { HarnessesReply, HarnessOfferSummary } from "../protocol/index.js";
import type { HarnessLister } from "../server/session-table.js";
import { processSessionHarnesses } from "../session/launch.js";
import type { CliContext } from "./context.js";
import { harnessFields } from "./server-planner.js";

export function serverHarnesses(server: CliContext): HarnessLister {
  return async (cwd): Promise<HarnessesReply> => {
    const context = await contextFor(server, cwd);
    const sessions: HarnessOfferSummary[] = context.launch
      .harnesses()
      .filter((h) => h.descriptor.sessionMode.value !== null)
      .map((h) => ({
        name: h.name,
        kind: "session",
        installed: context.launch.binary(h.name).ok,
        fields: harnessFields(context, h.name),
      }));
    const natives = nativeKinds(context.registry).map((kind): HarnessOfferSummary => {
      const harness = context.registry.find(kind)?.name;
      const installed = harness === undefined ? kind === SHELL_KIND : context.launch.binary(harness).ok;
      return { name: kind, kind: "native", installed, fields: [] };
    });
    const first = processSessionHarnesses(context.registry)[0];
    return { harnesses: [...sessions, ...natives], ...(first !== undefined ? { first } : {}) };
  };
}
