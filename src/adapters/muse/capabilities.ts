/** muse's one capability row: exec turns offer hmux no per-call channel, only the way out. */

import type { ChannelCapabilities } from "../../core/control/capabilities.js";
import { evidence, noChannel } from "../../core/control/capability-builders.js";
import { deepFreeze } from "../../core/evidence.js";

export const museOneShot: ChannelCapabilities = deepFreeze(
  noChannel({
    id: "muse-oneshot",
    harness: "muse",
    mode: "exec --json, one process per turn (resume by id)",
    evidence: evidence(
      "research",
      "0.1.0",
      "docs/harness-facts.md#muse-launch: muse exec --json, one process per turn",
    ),
    basis: "research",
    why: "muse exec offers hmux no per-call approval channel",
  }),
);
