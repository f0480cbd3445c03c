/**
 * Who decides a gated tool call in a one-shot turn (`hmux run`, a race contestant), decided once
 * here so every harness runs at the same safety level under the same flags:
 *
 * - `--autonomy`: nobody; every call runs ("unchecked").
 * - a one-shot channel whose own permission system refuses what nobody approved (claude -p):
 *   the harness ("harness").
 * - otherwise, a harness with a session channel that hands each call to hmux (codex app-server,
 *   pi rpc with hmux's gate): hmux's policy, through that channel, headless — the policy allows
 *   what it lists and denies the rest with its reason ("policy-session").
 * - a harness with neither (muse, cursor: one-shot streams with no approval channel) would run
 *   every call unasked, so it is refused without `--autonomy`, naming why.
 *
 * A policy session carries fewer settings than the one-shot argv; a setting it cannot honour is
 * refused (never dropped), naming the setting and the way out.
 */

import { harnessSettingName } from "../options/harness-settings.js";
import type { ProvenanceTier, TurnOptions } from "../options/types.js";
import { RefusalError } from "../refusal.js";
import type { LaunchHarness, TurnGate } from "./types.js";

/** Settings every policy session honours: the session request carries them, or hmux enforces them itself. */
const SESSION_CARRIES: readonly string[] = [
  "model",
  "effort",
  "endpoint",
  "isolate",
  "stallSeconds",
  "timeoutSeconds",
  "escalateQuestions",
  "autonomy",
  "toolMap",
];

/** Tiers a user chose: a built-in profile value the session cannot carry is the harness default there, not a loss. */
const CHOSEN: ReadonlySet<ProvenanceTier> = new Set(["arg", "project-config", "user-config"]);

export interface TurnGateInput {
  readonly harness: LaunchHarness;
  readonly options: TurnOptions;
  /** The tier each resolved setting came from. */
  readonly tiers: ReadonlyMap<string, ProvenanceTier>;
  readonly passthrough: readonly string[];
  readonly resumeLast: boolean;
  /** Every harness, to name the ones a refusal could use instead. */
  readonly harnesses: readonly LaunchHarness[];
}

/** Whether the harness has a session channel on which hmux answers each call (tool.decide delivered). */
export function hasPolicyChannel(harness: LaunchHarness): boolean {
  const session = harness.session;
  return session?.kind === "process" && session.capabilities.channel.commands["tool.decide"].status === "delivered";
}

/** Whether a one-shot turn of this harness can run without --autonomy, with its calls gated. */
export function gatesOneShot(harness: LaunchHarness): boolean {
  return harness.oneShotGate !== undefined || hasPolicyChannel(harness);
}

export function decideTurnGate(input: TurnGateInput): TurnGate {
  const { harness, options } = input;
  if (options.autonomy === true)
    return { kind: "unchecked", why: "--autonomy: every tool call runs without asking anybody" };
  if (harness.oneShotGate) return { kind: "harness", why: harness.oneShotGate.why };
  if (!hasPolicyChannel(harness)) throw ungated(harness, input.harnesses);
  checkCarried(input);
  return {
    kind: "policy-session",
    why: `hmux's policy decides each gated call through ${harness.name}'s session channel (headless: the policy denies what it does not allow)`,
  };
}

function ungated(harness: LaunchHarness, all: readonly LaunchHarness[]): RefusalError {
  const gated = all.filter(gatesOneShot).map((h) => h.name);
  return new RefusalError(
    `${harness.name} has no approval channel in a one-shot turn, so hmux cannot gate its tool calls: without --autonomy it would run every one unasked`,
    {
      issue: "no-approval-channel",
      harness: harness.name,
      supported: gated,
      hint: `pass --autonomy to let ${harness.name} run its tools unasked, or use a harness hmux gates (${gated.join(", ")})`,
    },
  );
}

function checkCarried(input: TurnGateInput): void {
  const { harness, options } = input;
  const carries = new Set([
    ...SESSION_CARRIES,
    ...(harness.session?.kind === "process" ? (harness.session.carries ?? []) : []),
  ]);
  const way = `hmux gates ${harness.name}'s calls through its session channel, which cannot carry`;
  const out = `drop it, or pass --autonomy to run ${harness.name}'s one-shot turn with it and its tools unasked`;
  // The harness's own settings by the name provenance gives them (`codex.sandbox`): a session honours each or refuses it.
  const own = Object.entries(options.harnessOptions?.[harness.name] ?? {}).map(
    ([key, value]) => [harnessSettingName(harness.name, key), value] as const,
  );
  const settings = [...Object.entries(options).filter(([key]) => key !== "harnessOptions"), ...own];
  for (const [key, value] of settings) {
    if (value === undefined || carries.has(key)) continue;
    const tier = input.tiers.get(key);
    if (tier === undefined || !CHOSEN.has(tier)) continue;
    throw new RefusalError(`${way} ${key} (${JSON.stringify(value)}, from ${tier})`, {
      issue: "unsupported-option",
      harness: harness.name,
      option: key,
      hint: out,
    });
  }
  if (input.passthrough.length > 0)
    throw new RefusalError(`${way} native arguments after -- (${input.passthrough.join(" ")})`, {
      issue: "unsupported-option",
      harness: harness.name,
      option: "passthrough",
      hint: out,
    });
  if (input.resumeLast)
    throw new RefusalError(`${way} --resume-last (it resumes only a session named by id)`, {
      issue: "unsupported-option",
      harness: harness.name,
      option: "resumeLast",
      hint: `resume by id (--resume <id>), or pass --autonomy to run ${harness.name}'s one-shot turn unasked`,
    });
}
