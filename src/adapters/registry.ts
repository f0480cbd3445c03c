/**
 * The registry: the only table keyed by harness. It is a value, built from harness modules
 * (the built-in five, listed with their folders in builtin-harnesses.ts, plus any a caller adds), and
 * everything per-harness elsewhere is read from it: the names the CLI accepts, the descriptors
 * refusals quote, pinned versions, binary facts, session and native-pane support, the capability
 * table, the native flag spellings. Registering checks each module's facts (zod) and binds its
 * planner to every registered descriptor.
 */

import * as z from "zod/mini";
import { spawnInputOfSession, turnRequestOfSession } from "../core/argv/harness-plan.js";
import type { OwnedNativeSpelling } from "../core/argv/native-spelling.js";
import { TURN_OPTION_KEYS } from "../core/argv/option-keys.js";
import type { TurnRequest } from "../core/argv/types.js";
import { type HarnessToolRules, toolRulesOf } from "../core/config/tool-names.js";
import type { ChannelCapabilities } from "../core/control/capabilities.js";
import type { HarnessDescriptor } from "../core/descriptor.js";
import { HmuxError } from "../core/hmux-error.js";
import { nearestName } from "../core/nearest-name.js";
import { acceptsValue } from "../core/options/harness-settings.js";
import { RefusalError } from "../core/refusal.js";
import {
  type HarnessAdapter,
  type HarnessModule,
  type HarnessOptionSpec,
  harnessModuleFactsSchema,
} from "./adapter.js";
import { BUILTIN_HARNESS_LIST } from "./builtin-harnesses.js";
import { channelRowSchema } from "./channel-row.js";
import { checkHarnessOptions, harnessOptionKeySchema, type OwnedHarnessOption } from "./harness-options.js";
import type { HarnessPluginError } from "./plugin-module.js";

/** A harness module the registry will not take: its facts contradict themselves, or its name is taken. */
export class HarnessRegistrationError extends HmuxError {
  constructor(message: string) {
    super("invalid-harness", message);
    this.name = "HarnessRegistrationError";
  }
}

/** The harnesses hmux ships (builtin-harnesses.ts), every folder loaded, in the order every listing shows them. */
export const BUILTIN_HARNESSES: readonly HarnessModule[] = Object.freeze(
  await Promise.all(
    BUILTIN_HARNESS_LIST.map(async (entry) => {
      const module = await entry.load();
      if (module.name !== entry.name)
        throw new HarnessRegistrationError(`harness ${entry.name}: its folder's module is named ${module.name}`);
      return module;
    }),
  ),
);

export interface HarnessRegistry {
  /** Registered names, in registration order. */
  readonly names: readonly string[];
  readonly adapters: readonly HarnessAdapter[];
  readonly descriptors: readonly HarnessDescriptor[];
  /** What a config's toolMap and harnessOptions sections may hold, per harness. */
  readonly toolRules: readonly HarnessToolRules[];
  /** The capability table: every harness's channel rows, in registration order. */
  readonly channels: readonly ChannelCapabilities[];
  /** Every harness's own settings, each with its harness, in registration order. */
  readonly harnessOptions: readonly OwnedHarnessOption[];
  /** Every harness's native flag spellings hmux redirects, each with its harness, in registration order. */
  readonly nativeSpellings: readonly OwnedNativeSpelling[];
  /** The adapter, or undefined for a name that is not registered. */
  find(name: string): HarnessAdapter | undefined;
  /** The adapter of a name the caller already checked; an unknown name is a programming error. */
  get(name: string): HarnessAdapter;
  /** A name from a user, or a refusal naming the ones that exist. */
  require(name: string): HarnessAdapter;
  /** Harness modules the config registers that are not in force, each with why (src/main/load-registry.ts). */
  readonly refused: readonly HarnessPluginError[];
}

/** The row a module's session runs on, if it has a session. */
function sessionRow(module: HarnessModule): ChannelCapabilities | null {
  if (module.session === null) return null;
  return module.session.kind === "process" ? module.session.capabilities.channel : module.session.channel;
}

function checkChannels(module: HarnessModule, seenIds: ReadonlySet<string>): void {
  const fail = (why: string) => {
    throw new HarnessRegistrationError(`harness ${module.name}: ${why}`);
  };
  if (!Array.isArray(module.channels) || module.channels.length === 0) fail("it declares no channel rows");
  for (const row of module.channels) {
    const parsed = channelRowSchema.safeParse(row);
    if (!parsed.success)
      fail(`channel row ${String(row?.id)}: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
    if (row.harness !== module.name) fail(`channel row ${row.id} belongs to ${row.harness}`);
    if (seenIds.has(row.id)) fail(`channel id ${row.id} is already registered`);
  }
  if (new Set(module.channels.map((r) => r.id)).size !== module.channels.length) fail("a channel id appears twice");
  const own = sessionRow(module);
  if (own !== null && !module.channels.includes(own))
    fail(`its session runs on ${own.id}, which is not among its channel rows`);
}

function checkModule(module: HarnessModule, seen: ReadonlySet<string>): void {
  const parsed = harnessModuleFactsSchema.safeParse(module);
  if (!parsed.success) {
    const where = typeof module.name === "string" ? module.name : "(unnamed)";
    throw new HarnessRegistrationError(`harness ${where}: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  }
  if (seen.has(module.name)) throw new HarnessRegistrationError(`harness ${module.name} is registered twice`);
  if (module.descriptor.name !== module.name)
    throw new HarnessRegistrationError(`harness ${module.name}: its descriptor is named ${module.descriptor.name}`);
  const keys = (module.options ?? []).map((o) => o.key);
  for (const key of keys)
    if (!harnessOptionKeySchema.safeParse(key).success)
      throw new HarnessRegistrationError(
        `harness ${module.name}: option key ${JSON.stringify(key)} is not one camelCase word`,
      );
  if (new Set(keys).size !== keys.length)
    throw new HarnessRegistrationError(`harness ${module.name}: an option key appears twice`);
  for (const spec of module.options ?? []) checkOptionSpec(module.name, spec);
  const routing = module.descriptor.endpoint.value;
  if (module.endpointRouting && routing !== null) {
    const data = z.safeParse(module.endpointRouting, routing.data);
    if (!data.success)
      throw new HarnessRegistrationError(
        `harness ${module.name}: its endpoint routing data: ${data.error.issues.map((i) => i.message).join("; ")}`,
      );
  }
}

/**
 * A spec's own facts agree with its check: its profile value and every rung of its looseness
 * ladder are values it accepts, and what it is exclusive with is a normalized setting.
 */
function checkOptionSpec(harness: string, spec: HarnessOptionSpec): void {
  const fail = (why: string) => {
    throw new HarnessRegistrationError(`harness ${harness}: option ${spec.key}: ${why}`);
  };
  if (spec.profile !== undefined && !acceptsValue(spec, spec.profile))
    fail(`its profile value ${JSON.stringify(spec.profile)} is not one it accepts (${spec.allowed})`);
  for (const rung of spec.looseness ?? [])
    if (!acceptsValue(spec, rung))
      fail(`its looseness order names ${JSON.stringify(rung)}, a value it does not accept`);
  for (const key of spec.exclusiveWith ?? [])
    if (!(TURN_OPTION_KEYS as readonly string[]).includes(key))
      fail(`it is exclusive with ${JSON.stringify(key)}, which is no normalized setting`);
}

/** A refusal hint for a near miss, naming the harnesses whose binary is not their name. */
function unknownHint(name: string, adapters: readonly HarnessAdapter[], names: readonly string[]): string {
  const near = nearestName(name, names);
  if (!near) return `pick one of ${names.join(", ")}`;
  const renamed = adapters
    .filter((a) => a.descriptor.binary.value !== a.name)
    .map((a) => `${a.descriptor.displayName} is "${a.name}", binary ${a.descriptor.binary.value}`);
  return `did you mean ${near}?${renamed.length > 0 ? ` (${renamed.join("; ")})` : ""}`;
}

/** A module's planner bound to every registered descriptor; its session's spawn comes from that same planner. */
function bind(
  module: HarnessModule,
  descriptors: readonly HarnessDescriptor[],
  allOptions: readonly OwnedHarnessOption[],
): HarnessAdapter {
  const specs = module.options ?? [];
  const plan = (request: TurnRequest) => {
    checkHarnessOptions(module.descriptor, specs, request, allOptions);
    return module.plan(request, descriptors);
  };
  const support = module.session;
  const session: HarnessAdapter["session"] =
    support?.kind === "process"
      ? {
          ...support,
          plan: (request) => {
            const spawn = plan(turnRequestOfSession(request)).session;
            if (!spawn)
              throw new HarnessRegistrationError(
                `harness ${module.name} has a process session but its planner plans no spawn`,
              );
            return spawn(spawnInputOfSession(request));
          },
        }
      : support;
  return Object.freeze({
    ...module,
    plan,
    planTurn: (request: TurnRequest) => plan(request).turn(),
    session,
  });
}

/** A legacy flag or config key names one setting: two harnesses claiming one would make it ambiguous. */
function checkLegacySpellings(modules: readonly HarnessModule[]): void {
  const owner = new Map<string, string>();
  for (const m of modules)
    for (const o of m.options ?? [])
      for (const spelling of [o.legacyFlag, o.legacyConfigKey]) {
        if (spelling === undefined) continue;
        const taken = owner.get(spelling);
        if (taken !== undefined)
          throw new HarnessRegistrationError(
            `harness ${m.name}: its ${o.key} claims the legacy spelling ${spelling}, already ${taken}'s`,
          );
        owner.set(spelling, `${m.name}.${o.key}`);
      }
}

export function createRegistry(
  modules: readonly HarnessModule[],
  refused: readonly HarnessPluginError[] = [],
): HarnessRegistry {
  const seen = new Set<string>();
  const seenChannels = new Set<string>();
  for (const module of modules) {
    checkModule(module, seen);
    checkChannels(module, seenChannels);
    seen.add(module.name);
    for (const row of module.channels) seenChannels.add(row.id);
  }
  checkLegacySpellings(modules);
  const descriptors = Object.freeze(modules.map((m) => m.descriptor));
  const harnessOptions = Object.freeze(
    modules.flatMap((m) => (m.options ?? []).map((o) => Object.freeze({ ...o, harness: m.name }))),
  );
  const adapters = Object.freeze(modules.map((m) => bind(m, descriptors, harnessOptions)));
  const byName = new Map(adapters.map((a) => [a.name, a]));
  const names = Object.freeze(adapters.map((a) => a.name));
  return Object.freeze({
    names,
    adapters,
    descriptors,
    toolRules: Object.freeze(
      modules.map((m) => Object.freeze({ ...toolRulesOf(m.descriptor), settings: m.options ?? [] })),
    ),
    channels: Object.freeze(modules.flatMap((m) => m.channels)),
    harnessOptions,
    nativeSpellings: Object.freeze(
      modules.flatMap((m) => (m.nativeSpellings ?? []).map((s) => Object.freeze({ ...s, harness: m.name }))),
    ),
    refused: Object.freeze([...refused]),
    find: (name: string) => byName.get(name),
    get(name: string): HarnessAdapter {
      const adapter = byName.get(name);
      if (!adapter)
        throw new RefusalError(`harness ${name} is not registered`, { issue: "unknown-harness", supported: names });
      return adapter;
    },
    require(name: string): HarnessAdapter {
      const adapter = byName.get(name);
      if (adapter) return adapter;
      throw new RefusalError(`unknown harness ${JSON.stringify(name)}; hmux knows ${names.join(", ")}`, {
        issue: "unknown-harness",
        supported: names,
        hint: unknownHint(name, adapters, names),
      });
    },
  });
}

/** The built-in harnesses and any extra ones (a test's fake CLI, a plugin). */
export function registryWith(extra: readonly HarnessModule[] = []): HarnessRegistry {
  return createRegistry([...BUILTIN_HARNESSES, ...extra]);
}

/** The registry of the built-in harnesses, for callers not yet handed one. */
export const builtinRegistry: HarnessRegistry = registryWith();

export function adapterFor(harness: string): HarnessAdapter {
  return builtinRegistry.get(harness);
}

export function allAdapters(): readonly HarnessAdapter[] {
  return builtinRegistry.adapters;
}

/** A harness name from the command line, or a refusal naming the ones that exist. */
export function requireHarness(name: string): HarnessAdapter {
  return builtinRegistry.require(name);
}
