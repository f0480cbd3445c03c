/**
 * A pinned ACP agent's capability row: the kind's row (channel.ts) with the facts its folder
 * probed in place of the kind's assumptions, and what it does with a denied call, which ACP
 * leaves to the agent (some end the turn, some tell the model and go on).
 */
import type { ChannelCapabilities, FacetFact } from "../../core/control/capabilities.js";
import { fact } from "../../core/control/capability-builders.js";
import type { Evidence } from "../../core/evidence.js";
import { deepFreeze } from "../../core/evidence.js";
import { type AcpProbedFacets, acpChannelRow } from "./channel.js";

export interface PinnedAcpFacts extends AcpProbedFacets {
  /** What the agent did with a permission answered by its reject option (probed). */
  readonly onDeny: string;
  /** The session mode hmux runs it in, and why that one. */
  readonly mode: string;
}

export function pinnedAcpRow(harness: string, probe: Evidence, facts: PinnedAcpFacts): ChannelCapabilities {
  const row = acpChannelRow(harness, probe, facts);
  const deny: FacetFact = fact(true, "probe", probe, `answered with its reject option: ${facts.onDeny}`);
  return deepFreeze({
    ...row,
    // An adapter already named for ACP (claude-acp) is its channel's name: not claude-acp-acp.
    id: harness.endsWith("-acp") ? harness : row.id,
    mode: `${row.mode}; ${facts.mode}`,
    facets: { ...row.facets, deny },
  });
}
