/**
 * The safe-operations policy (config key `policy`, schema in src/core/config/policy-schema.ts):
 * a call is "safe" — allowed without asking — only when it is on the allowlist AND stays inside
 * the workspace. Everything else is "gated": it goes to the person, or, when nobody can be
 * asked, the machine denies it with the policy's reason. When in doubt, gated.
 */
import { posix } from "node:path";
import type { PolicyConfig } from "../config/policy-schema.js";
import { DEFAULT_HEADLESS_DENY_REASON } from "../config/policy-schema.js";
import { type AllowRule, inside, PATH_FIELDS } from "./allow-rules.js";
import type { Classified } from "./machine-types.js";
import { commandLinks } from "./shell-words.js";

/** What the classifier reads of a policy: a config's `policy` and a resolved one both fit. */
export interface PolicyRules {
  readonly allowTools?: readonly string[];
  readonly allowCommands?: readonly string[];
}

export interface CallToClassify {
  readonly tool: string;
  readonly canonical?: string;
  readonly input: unknown;
}

/** A starting allowlist a caller may opt into: read-only tools and read-only commands. */
export const DEFAULT_SAFE_POLICY: PolicyConfig = {
  allowTools: ["read", "grep", "glob", "list"],
  allowCommands: [
    "ls",
    "cat",
    "head",
    "tail",
    "wc",
    "pwd",
    "echo",
    "git status",
    "git diff",
    "git log",
    "git show",
    "rg",
    "grep",
  ],
};

/** Flags that make an otherwise read-only command write files or run programs. */
const DANGEROUS_ARG =
  /^(--output|--pre|--pre-glob|--exec|--ext-diff|--textconv|--open-files-in-pager|-O|-exec|-execdir|-delete|-ok|-okdir|-fprint0?|-fprintf|-fls)(=|$)/;

/**
 * The policy's classifier; `rules` are the session's "allow always" rules (allow-rules.ts),
 * applied exactly as the allowlist is.
 */
export function makeClassifier(
  policy: PolicyRules | undefined,
  workspace: string,
): (call: CallToClassify, rules?: readonly AllowRule[]) => Classified {
  return (call, rules) => classifyCall(policy, workspace, call, rules);
}

export function headlessDenyReason(policy: PolicyConfig | undefined): string {
  return policy?.headless?.reason ?? DEFAULT_HEADLESS_DENY_REASON;
}

export function classifyCall(
  policy: PolicyRules | undefined,
  workspace: string,
  call: CallToClassify,
  rules: readonly AllowRule[] = [],
): Classified {
  const gated = (why: string): Classified => ({ classification: "gated", why });
  const mine = rules.filter((r) => r.tool === call.tool);
  if (!policy && mine.length === 0) return gated("no policy is configured, so every call is checked");
  const allow = policy ?? {};
  const root = posix.resolve(workspace);
  const input = (call.input && typeof call.input === "object" ? call.input : {}) as Record<string, unknown>;
  const cwd = typeof input.cwd === "string" ? input.cwd : typeof input.workdir === "string" ? input.workdir : root;
  if (!inside(root, posix.resolve(root, cwd))) return gated(`it runs in ${cwd}, outside the workspace ${root}`);

  if (call.canonical === "shell") {
    const read = commandLinks(input.command ?? input.cmd);
    if (!read.ok) return gated(read.why);
    return classifyLinks(allow, mine, root, posix.resolve(root, cwd), read.links);
  }
  const name = call.canonical ?? `native:${call.tool}`;
  const paths: string[] = [];
  for (const field of [...PATH_FIELDS, ...(call.canonical === "glob" ? ["pattern"] : [])]) {
    const value = input[field];
    if (typeof value !== "string" || value === "") continue;
    const path = posix.resolve(root, cwd, value);
    if (!inside(root, path)) return gated(`${field} ${value} is outside the workspace ${root}`);
    paths.push(path);
  }
  const listed = (allow.allowTools ?? []).includes(name) || (allow.allowTools ?? []).includes(`native:${call.tool}`);
  if (listed)
    return { classification: "safe", why: `${name} is on the policy's allowTools list and stays inside the workspace` };
  const rule = mine.find((r) => toolRuleAllows(r, input, paths));
  if (rule) return { classification: "safe", why: `session rule ${rule.id} allows ${rule.allows}`, rule: rule.id };
  return gated(
    `${name} is not on the policy's allowTools list${mine.length ? " and no session rule covers this call" : ""}`,
  );
}

function toolRuleAllows(rule: AllowRule, input: Record<string, unknown>, paths: readonly string[]): boolean {
  const m = rule.match;
  if (m.kind === "tool") return input.command === undefined && input.cmd === undefined;
  if (m.kind !== "path" || paths.length === 0) return false;
  return paths.every((p) => (m.under ? inside(m.path, p) : p === m.path));
}

/** Every link must be on the allowlist or match a rule, with every argument inside the workspace. */
function classifyLinks(
  policy: PolicyRules,
  rules: readonly AllowRule[],
  root: string,
  cwd: string,
  links: readonly (readonly string[])[],
): Classified {
  const listed = (policy.allowCommands ?? []).map((p) => p.split(" "));
  const byRule: string[] = [];
  const starts = (prefix: readonly string[], words: readonly string[]) =>
    prefix.length <= words.length && prefix.every((w, i) => words[i] === w);
  for (const words of links) {
    const shown = words.join(" ");
    const pattern = listed.find((p) => starts(p, words));
    const rule = pattern ? undefined : rules.find((r) => r.match.kind === "command" && starts(r.match.words, words));
    const prefix = pattern ?? (rule?.match.kind === "command" ? rule.match.words : undefined);
    if (!prefix)
      return {
        classification: "gated",
        why: `\`${shown}\` is not on the policy's allowCommands list${rules.length ? " and no session rule covers it" : ""}`,
      };
    for (const arg of words.slice(prefix.length)) {
      if (DANGEROUS_ARG.test(arg))
        return { classification: "gated", why: `\`${arg}\` can write files or run programs` };
      const value = arg.startsWith("-") ? (arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : null) : arg;
      if (value !== null && value !== "" && !inside(root, posix.resolve(cwd, value))) {
        return { classification: "gated", why: `\`${shown}\` reaches ${value}, outside the workspace ${root}` };
      }
    }
    if (rule && !byRule.includes(rule.id)) byRule.push(rule.id);
  }
  const chain = links.map((s) => s.join(" ")).join(" · ");
  if (byRule.length > 0)
    return {
      classification: "safe",
      why: `every command in \`${chain}\` is on the allowCommands list or a session rule (${byRule.join(", ")}) and stays inside the workspace`,
      rule: byRule[0]!,
    };
  return {
    classification: "safe",
    why: `every command in \`${chain}\` is on the allowCommands list and stays inside the workspace`,
  };
}
