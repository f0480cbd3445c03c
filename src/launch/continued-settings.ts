/**
 * A session's settings across a resume. launch() journals the settings a session was resolved
 * with (normalized and the harness's own, each with the tier that decided it) in its journal's
 * meta; a resume or a restored session's resume goes on with exactly those, not with today's
 * defaults: resume-mode resolution reads no profile and little config, so without this record a
 * codex session started read-only came back in the bridge's workspace-write.
 *
 * On resume a setting the caller gives again with the session's value is no change; a different
 * value of one that cannot change on resume (codex's sandbox, its --access) is refused, naming
 * the setting and the session's value; one that can change (the model) wins with its arg tier.
 */
import * as z from "zod/mini";
import "../core/schema-locale.js";
import type { LaunchHarness, LaunchPlan } from "../core/launch/types.js";
import { acceptsValue, harnessOptionFlag, harnessSettingName } from "../core/options/harness-settings.js";
import { PROVENANCE_TIERS, type Provenance, type TurnOptions } from "../core/options/types.js";
import { RefusalError } from "../core/refusal.js";
import type { SessionIdentity } from "./session-resume.js";
import type { LaunchPorts, SessionLaunchRequest } from "./types.js";

/** What the journal's meta keeps of a session's settings (JournalMeta.settings). */
export interface JournaledSettings {
  /** The resolved settings as the plan rendered them (before the question default). */
  readonly options: TurnOptions;
  readonly provenance: readonly Provenance[];
}

export const JournaledSettingsSchema = z.object({
  options: z.record(z.string(), z.unknown()),
  provenance: z.array(z.object({ key: z.string(), value: z.optional(z.unknown()), tier: z.enum(PROVENANCE_TIERS) })),
});

/** The record launch() journals for a plan: the workspace is the lease's, journaled on its own. */
export function journaledSettingsOf(plan: LaunchPlan): JournaledSettings {
  return {
    options: plan.resolved.options,
    provenance: plan.resolved.provenance.filter((p) => p.key !== "workspace"),
  };
}

/** The meta's record, checked; null when the journal has none (written before hmux kept one) or it is unreadable. */
export function readJournaledSettings(raw: unknown): JournaledSettings | null {
  const parsed = JournaledSettingsSchema.safeParse(raw);
  return parsed.success ? (parsed.data as JournaledSettings) : null;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The caller's args for a resume of a journaled session: what only repeats the session's own
 * settings is dropped (the session keeps it), a change to a setting that cannot change on resume
 * is refused by name, and a journaled value of the harness's own settings that its check no
 * longer accepts is refused rather than run.
 */
export function resumeArgs(
  args: TurnOptions,
  kept: JournaledSettings,
  harness: Pick<LaunchHarness, "name" | "descriptor" | "options">,
  sessionId: string,
): TurnOptions {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || key === "harnessOptions") continue;
    const journaled = (kept.options as Record<string, unknown>)[key];
    if (same(value, journaled)) continue;
    const support = harness.descriptor.options[key as keyof typeof harness.descriptor.options]?.value;
    if (support && !support.onResume) throw cannotChange(harness.name, key, `--${kebab(key)}`, journaled, sessionId);
    out[key] = value;
  }
  const own = harness.options ?? [];
  const journaledOwn = kept.options.harnessOptions?.[harness.name] ?? {};
  for (const spec of own) {
    const value = journaledOwn[spec.key];
    if (value !== undefined && !acceptsValue(spec, value))
      throw new RefusalError(
        `session ${sessionId}'s journal says ${harnessSettingName(harness.name, spec.key)} ${JSON.stringify(value)}, which ${harness.name} does not accept (${spec.allowed})`,
        {
          issue: "invalid-option-value",
          harness: harness.name,
          option: harnessSettingName(harness.name, spec.key),
          hint: "start a new session with the settings you want",
        },
      );
  }
  const harnessOptions: Record<string, Readonly<Record<string, unknown>>> = {};
  for (const [owner, section] of Object.entries(args.harnessOptions ?? {})) {
    if (!section) continue;
    const changed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(section)) {
      if (owner === harness.name && same(value, journaledOwn[key])) continue;
      const spec = owner === harness.name ? own.find((s) => s.key === key) : undefined;
      if (spec?.onResume === false)
        throw cannotChange(
          harness.name,
          harnessSettingName(owner, key),
          harnessOptionFlag(owner, key),
          journaledOwn[key],
          sessionId,
        );
      changed[key] = value;
    }
    if (Object.keys(changed).length > 0) harnessOptions[owner] = changed;
  }
  if (Object.keys(harnessOptions).length > 0) out.harnessOptions = harnessOptions;
  return out as TurnOptions;
}

/** A resume of a journaled session asks only for what it changes (continued-settings.ts). */
export function continuingRequest(
  request: SessionLaunchRequest,
  earlier: SessionIdentity["journal"],
  harness: string,
  sessionId: string,
  ports: Pick<LaunchPorts, "launch">,
): SessionLaunchRequest {
  if (!earlier) return request;
  return { ...request, args: resumeArgs(request.args, earlier.settings, ports.launch.harness(harness), sessionId) };
}

/**
 * The resumed plan with the session's own settings under what the resume changed: the journaled
 * value and tier of every setting, with each arg of the resume that differs from it on top.
 * Nothing else of the resume's resolution counts: its profile and config tiers are today's, not
 * the session's (a profile sandbox beside a journaled --access would loosen it).
 */
export function continuedPlan(plan: LaunchPlan, kept: JournaledSettings): LaunchPlan {
  const keptValue = new Map(kept.provenance.map((p) => [p.key, p.value]));
  const changed = new Map(
    plan.resolved.provenance
      .filter((p) => p.tier === "arg" && p.key !== "workspace")
      .filter((p) => !(keptValue.has(p.key) && same(keptValue.get(p.key), p.value)))
      .map((p) => [p.key, p]),
  );
  const provenance = [
    ...kept.provenance.map((p) => changed.get(p.key) ?? p),
    ...[...changed.values()].filter((p) => !keptValue.has(p.key)),
    ...plan.resolved.provenance.filter((p) => p.key === "workspace"),
  ];
  const fresh = plan.resolved.options;
  const options: Record<string, unknown> = { ...kept.options };
  for (const key of Object.keys(fresh) as (keyof TurnOptions)[])
    if (key !== "harnessOptions" && changed.has(key)) options[key] = fresh[key];
  if ([...changed.keys()].some((k) => k.startsWith("discovery.")))
    options.discovery = { ...kept.options.discovery, ...fresh.discovery };
  const name = plan.harness;
  const mine: Record<string, unknown> = { ...(kept.options.harnessOptions?.[name] ?? {}) };
  for (const [key, value] of Object.entries(fresh.harnessOptions?.[name] ?? {}))
    if (changed.has(harnessSettingName(name, key))) mine[key] = value;
  if (Object.keys(mine).length > 0) options.harnessOptions = { ...kept.options.harnessOptions, [name]: mine };
  const resolved = { ...plan.resolved, options: options as TurnOptions, provenance };
  const escalateQuestions = resolved.options.escalateQuestions ?? true;
  return { ...plan, resolved, options: { ...resolved.options, escalateQuestions }, escalateQuestions };
}

function cannotChange(harness: string, option: string, flag: string, kept: unknown, sessionId: string): RefusalError {
  const was = kept === undefined ? "its harness's default" : JSON.stringify(kept);
  return new RefusalError(`session ${sessionId} runs with ${option} ${was}, and ${option} cannot change on resume`, {
    issue: "unsupported-on-resume",
    harness: harness as never,
    option,
    hint: `drop ${flag} to resume with the session's own ${option}, or start a new session with it`,
  });
}

const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
