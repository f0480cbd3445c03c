/**
 * mimic's one channel row. It speaks claude's control wire through claude's bridge, so what a
 * command and a decision can carry is claude-control's row, each fact with claude's evidence;
 * only the id and the harness are mimic's. (The fake CLI honours allow, deny and a replaced
 * input; it acknowledges the other control requests without acting on them.)
 */
import { claudeControl } from "../../../src/adapters/claude/capabilities.js";
import type { ChannelCapabilities } from "../../../src/core/control/capabilities.js";
import { deepFreeze } from "../../../src/core/evidence.js";
import { descriptor } from "./descriptor.js";

export const mimicControl: ChannelCapabilities = deepFreeze({
  ...claudeControl,
  id: `${descriptor.name}-control`,
  harness: descriptor.name,
});
