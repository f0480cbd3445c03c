/** cursor's one capability row: print-mode turns offer hmux no per-call channel, only the way out. */

import type { ChannelCapabilities } from "../../core/control/capabilities.js";
import { evidence, noChannel } from "../../core/control/capability-builders.js";
import { deepFreeze } from "../../core/evidence.js";

export const cursorOneShot: ChannelCapabilities = deepFreeze(
  noChannel({
    id: "cursor-oneshot",
    harness: "cursor",
    mode: "agent -p --output-format stream-json, one process per turn",
    evidence: evidence(
      "research",
      "unpinned",
      "docs/harness-facts.md#cursor-launch: agent -p … --output-format stream-json, one process per turn",
    ),
    basis: "research",
    why: "hmux installs no cursor hook and the CLI offers no approval channel in print mode",
  }),
);
