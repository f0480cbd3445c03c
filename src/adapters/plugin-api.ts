/**
 * What hmux hands a harness plugin (docs/harness-plugins.md): a plugin module's default export is
 * a factory taking this object and returning a HarnessModule, so a plugin builds its harness from
 * hmux's own building blocks without importing hmux's files by path. The object is versioned: a
 * field keeps its meaning for as long as `version` stays; what a plugin returns is checked as any
 * built-in module is, when the registry takes it (registry.ts, plugin-module.ts).
 */

import * as z from "zod/mini";
import { ISOLATION_ONLY } from "../core/argv/environment.js";
import { planHarness } from "../core/argv/harness-plan.js";
import { planWith } from "../core/argv/plan.js";
import { modelFlags, NOTHING_RENDERED } from "../core/argv/render-common.js";
import { withExtras } from "../core/classify.js";
import { defineDescriptor, evidence, optionFact } from "../core/descriptor.js";
import { deepFreeze, fact } from "../core/evidence.js";
import { acpChannelRow } from "./acp-kind/channel.js";
import { acpHarness } from "./acp-kind/kind.js";
import type { HarnessModule } from "./adapter.js";
import { type StreamJsonKit, streamJsonKit } from "./claude/stream-json-kit.js";
import { descriptorMatchers } from "./descriptor-matchers.js";

export const HARNESS_PLUGIN_API_VERSION = 1;

export interface HarnessPluginApi {
  readonly version: typeof HARNESS_PLUGIN_API_VERSION;
  /** A descriptor and its facts, each with its evidence. */
  readonly facts: {
    readonly defineDescriptor: typeof defineDescriptor;
    readonly evidence: typeof evidence;
    readonly fact: typeof fact;
    readonly optionFact: typeof optionFact;
    readonly deepFreeze: typeof deepFreeze;
  };
  /** Failure wording: the shared matchers plus a harness's extras. */
  readonly matchers: {
    readonly descriptorMatchers: typeof descriptorMatchers;
    readonly withExtras: typeof withExtras;
  };
  /**
   * The planner the built-in harnesses use (planHarness: one harness environment, the turn and the
   * session spawn from it; isolationOnly: an environment renderer adding nothing to isolation), the
   * turn layout it runs (planWith), and its common renderings.
   */
  readonly argv: {
    readonly planHarness: typeof planHarness;
    readonly isolationOnly: typeof ISOLATION_ONLY;
    readonly planWith: typeof planWith;
    readonly modelFlags: typeof modelFlags;
    readonly nothingRendered: typeof NOTHING_RENDERED;
  };
  /** For a CLI speaking Claude Code's stream-json protocol: decoder, control row, session bridge. */
  readonly streamJson: StreamJsonKit;
  /**
   * For an agent speaking the Agent Client Protocol (docs/acp.md): the ACP kind's factory (one
   * definition → the whole module) and its capability row, for a plugin that knows more of its
   * agent than a config entry can say (its probed facets, its pinned version, its binary).
   */
  readonly acp: {
    readonly harness: typeof acpHarness;
    readonly channelRow: typeof acpChannelRow;
  };
  /**
   * zod/mini as hmux itself uses it, for the checks of the harness's own settings (its module's
   * `options`, HarnessOptionSpec.value): a plugin needs no copy of its own.
   */
  readonly schema: typeof z;
}

/** A plugin module's default export. */
export type HarnessPlugin = (api: HarnessPluginApi) => HarnessModule | Promise<HarnessModule>;

export const harnessPluginApi: HarnessPluginApi = Object.freeze({
  version: HARNESS_PLUGIN_API_VERSION,
  facts: Object.freeze({ defineDescriptor, evidence, fact, optionFact, deepFreeze }),
  matchers: Object.freeze({ descriptorMatchers, withExtras }),
  argv: Object.freeze({
    planHarness,
    isolationOnly: ISOLATION_ONLY,
    planWith,
    modelFlags,
    nothingRendered: NOTHING_RENDERED,
  }),
  streamJson: streamJsonKit,
  acp: Object.freeze({ harness: acpHarness, channelRow: acpChannelRow }),
  schema: z,
});
