/**
 * The hmux config file (user `$XDG_CONFIG_HOME/hmux/config.json`, project `.hmux/config.json`).
 * Strict at every level: an unknown key is an error, never ignored, so a typo cannot silently
 * leave a setting at its default.
 */

import * as z from "zod/mini";
import "../schema-locale.js";
import type { HarnessName } from "../harness-names.js";
import { invariant } from "../invariant.js";
import type { TurnOptions } from "../options/types.js";
import { isCanonicalTool } from "../tools.js";
import { harnessSectionProblems } from "./harness-section.js";
import { harnessesSchema } from "./harnesses-schema.js";
import { policySchema } from "./policy-schema.js";
import { serverSchema } from "./server-schema.js";
import { type HarnessToolRules, NATIVE_PREFIX, toolMapEntryProblem, toolNameSchema } from "./tool-names.js";
import { trustedProjectSchema } from "./trust.js";
import { uiSchema } from "./ui-schema.js";
import { workspaceSchema } from "./workspace-schema.js";

export const CONFIG_VERSION = 1;

/** The longest decision budget a config file may set, in seconds: a day. */
export const DECISION_BUDGET_MAX_SECONDS = 86_400;

const nonEmpty = z.string().check(z.trim(), z.minLength(1, { error: "must not be empty" }));
const toolList = z.array(toolNameSchema);

const discoverySchema = z.strictObject({
  tools: z.optional(z.boolean()),
  instructionFiles: z.optional(z.boolean()),
  extensions: z.optional(z.boolean()),
  skills: z.optional(z.boolean()),
});

/** Toolset names must not shadow a tool name, or `--tools read` would be ambiguous. */
const toolsetNameSchema = z.string().check(
  z.superRefine((name, ctx) => {
    if (!/^[a-z0-9][a-z0-9_-]*$/.test(name)) {
      ctx.addIssue({
        code: "custom",
        message: `toolset name ${JSON.stringify(name)} must be lowercase letters, digits, - or _`,
      });
    } else if (isCanonicalTool(name) || name.startsWith(NATIVE_PREFIX)) {
      ctx.addIssue({
        code: "custom",
        message: `toolset name ${JSON.stringify(name)} shadows a tool name; pick another name`,
      });
    }
  }),
);

/** toolMap: one section per registered harness; any other key is unknown. */
function toolMapSchema(harnesses: readonly HarnessToolRules[]) {
  const names = harnesses.map((h) => h.name);
  return z.partialRecord(z.enum(names as [string, ...string[]]), z.record(z.string(), z.string())).check(
    z.superRefine((map, ctx) => {
      for (const rules of harnesses) {
        const entries = map[rules.name];
        if (!entries) continue;
        for (const [canonical, native] of Object.entries(entries)) {
          const problem = toolMapEntryProblem(rules, canonical, native);
          if (problem) ctx.addIssue({ code: "custom", path: [rules.name, canonical], message: problem });
        }
      }
    }),
  );
}

function buildConfigSchema(harnesses: readonly HarnessToolRules[]) {
  return z.strictObject({
    version: z.literal(CONFIG_VERSION),
    model: z.optional(nonEmpty),
    effort: z.optional(nonEmpty),
    provider: z.optional(nonEmpty),
    /** In the project config, also the FLOOR no --tools grant may exceed. */
    tools: z.optional(toolList),
    excludeTools: z.optional(toolList),
    access: z.optional(z.enum(["read", "write"])),
    autonomy: z.optional(z.boolean()),
    memory: z.optional(z.boolean()),
    discovery: z.optional(discoverySchema),
    systemPrompt: z.optional(nonEmpty),
    appendSystemPrompt: z.optional(nonEmpty),
    skills: z.optional(z.array(nonEmpty)),
    escalateQuestions: z.optional(z.boolean()),
    endpoint: z.optional(
      z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL, e.g. http://127.0.0.1:8787/v1" }),
    ),
    isolate: z.optional(z.boolean()),
    /** Wall-clock budget in seconds; 0 disables. */
    timeout: z.optional(z.number().check(z.gte(0))),
    /** Stream-idle budget in seconds; 0 disables. */
    stall: z.optional(z.number().check(z.gte(0))),
    /** Seconds a gated call waits for an answer before hmux denies it (src/core/launch/decision-budget.ts). */
    decisionBudget: z.optional(z.number().check(z.int(), z.gte(1), z.lte(DECISION_BUDGET_MAX_SECONDS))),
    toolsets: z.optional(z.record(toolsetNameSchema, toolList)),
    toolMap: z.optional(toolMapSchema(harnesses)),
    /**
     * Settings only one harness has, by harness then key (`{"codex": {"sandbox": "read-only"}}`):
     * each value is checked here, when the file loads, by that harness's own schema.
     */
    harnessOptions: z.optional(
      z
        .partialRecord(z.enum(harnesses.map((h) => h.name) as [string, ...string[]]), z.record(z.string(), z.unknown()))
        .check(
          z.superRefine((sections, ctx) => {
            for (const rules of harnesses) {
              for (const problem of harnessSectionProblems(rules, sections[rules.name] ?? {}))
                ctx.addIssue({ code: "custom", ...problem, path: [rules.name, problem.key] });
            }
          }),
        ),
    ),
    policy: z.optional(policySchema),
    ui: z.optional(uiSchema),
    workspace: z.optional(workspaceSchema),
    /** User config only: the hmux server's own behaviour (auto-resume after a crash). */
    server: z.optional(serverSchema),
    /**
     * User config only: git roots whose `.hmux/config.json` may loosen checks (policy allowlists,
     * autonomy, …). In a project file it is ignored and reported: a repository cannot trust itself.
     */
    trustedProjects: z.optional(z.array(trustedProjectSchema)),
    /** Harnesses beyond the built-in ones, by name (harnesses-schema.ts); a project's only when trusted. */
    harnesses: z.optional(harnessesSchema),
  });
}

export type ConfigSchema = ReturnType<typeof buildConfigSchema>;
export type Config = z.infer<ConfigSchema>;

const schemas = new WeakMap<readonly HarnessToolRules[], ConfigSchema>();
/**
 * The config schema for these harnesses (the registry's): toolMap sections are keyed by them.
 * Built once per harness list.
 */
export function configSchemaFor(harnesses: readonly HarnessToolRules[]): ConfigSchema {
  invariant(harnesses.length > 0, "a config schema is built for at least one harness");
  let schema = schemas.get(harnesses);
  if (!schema) {
    schema = buildConfigSchema(harnesses);
    schemas.set(harnesses, schema);
  }
  return schema;
}
export type ToolMap = Readonly<Partial<Record<HarnessName, Readonly<Record<string, string>>>>>;

/** Top-level keys a config file may carry, for "did you mean" hints. */
export const CONFIG_KEYS: readonly string[] = Object.keys(
  buildConfigSchema([{ name: "h", categoryTools: null }]).shape,
);

/** The turn settings a config tier contributes, under their TurnOptions names. */
export function configTurnOptions(config: Config): TurnOptions {
  const {
    version: _v,
    toolsets: _ts,
    toolMap: _tm,
    policy: _p,
    ui: _ui,
    server: _server,
    trustedProjects: _tp,
    harnesses: _h,
    decisionBudget: _db,
    timeout,
    stall,
    ...rest
  } = config;
  const out: Record<string, unknown> = { ...rest };
  if (timeout !== undefined) out.timeoutSeconds = timeout;
  if (stall !== undefined) out.stallSeconds = stall;
  return out as TurnOptions;
}
