/** The built-in capability rows as the registry collects them, looked up by id for tests. */
import { builtinRegistry } from "../../../src/adapters/registry.js";
import type { ChannelCapabilities } from "../../../src/core/control/capabilities.js";

export const CHANNEL_ROWS: readonly ChannelCapabilities[] = builtinRegistry.channels;

export function channelRow(id: string): ChannelCapabilities {
  const row = CHANNEL_ROWS.find((r) => r.id === id);
  if (!row) throw new Error(`no channel row ${id} (registered: ${CHANNEL_ROWS.map((r) => r.id).join(", ")})`);
  return row;
}
