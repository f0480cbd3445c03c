/**
 * The safe-operations policy (config key `policy`, schema in src/core/config/policy-schema.ts):
 * a call is "safe" — allowed without asking — only when it is on the allowlist AND stays inside
 * the workspace. Everything else is "gated": it goes to the person, or, when nobody can be
 * asked, the machine denies it with the policy's reason. When in doubt, gated.
 */
import { posix } from "node:path";
import type { PolicyConfig } from "../config/policy-schema.js";
import { DEFAULT_HEADLESS_DENY_REASON } from "../config/policy-schema.js";
import type { Classified } from "./machine-types.js";
import { readShell } from "./shell-words.js";

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
/** Input fields that name a path a read-type tool will touch. */
const PATH_FIELDS = ["file_path", "filePath", "path", "notebook_path", "directory", "dir", "cwd", "workdir"];
const SHELLS = /^(\/usr)?(\/bin\/)?(ba|z|da)?sh$/;

export function makeClassifier(
  policy: PolicyRules | undefined,
  workspace: string,
): (call: CallToClassify) => Classified {
  return (call) => classifyCall(policy, workspace, call);
}

export function headlessDenyReason(policy: PolicyConfig | undefined): string {
  return policy?.headless?.reason ?? DEFAULT_HEADLESS_DENY_REASON;
}

export function classifyCall(policy: PolicyRules | undefined, workspace: string, call: CallToClassify): Classified {
  const gated = (why: string): Classified => ({ classification: "gated", why });
  if (!policy) return gated("no policy is configured, so every call is checked");
  const root = posix.resolve(workspace);
  const input = (call.input && typeof call.input === "object" ? call.input : {}) as Record<string, unknown>;
  const cwd = typeof input.cwd === "string" ? input.cwd : typeof input.workdir === "string" ? input.workdir : root;
  if (!inside(root, posix.resolve(root, cwd))) return gated(`it runs in ${cwd}, outside the workspace ${root}`);

  if (call.canonical === "shell") return classifyShell(policy, root, posix.resolve(root, cwd), input);
  const name = call.canonical ?? `native:${call.tool}`;
  const allowed = (policy.allowTools ?? []).includes(name) || (policy.allowTools ?? []).includes(`native:${call.tool}`);
  if (!allowed) return gated(`${name} is not on the policy's allowTools list`);
  for (const field of [...PATH_FIELDS, ...(call.canonical === "glob" ? ["pattern"] : [])]) {
    const value = input[field];
    if (typeof value === "string" && value !== "" && !inside(root, posix.resolve(root, cwd, value))) {
      return gated(`${field} ${value} is outside the workspace ${root}`);
    }
  }
  return { classification: "safe", why: `${name} is on the policy's allowTools list and stays inside the workspace` };
}

function classifyShell(policy: PolicyRules, root: string, cwd: string, input: Record<string, unknown>): Classified {
  const command = input.command ?? input.cmd;
  let segments: readonly (readonly string[])[];
  if (Array.isArray(command) && command.every((w) => typeof w === "string")) {
    const words = command as string[];
    if (words.length === 3 && SHELLS.test(words[0]!) && (words[1] === "-c" || words[1] === "-lc"))
      return classifyShellText(policy, root, cwd, words[2]!);
    segments = [words];
  } else if (typeof command === "string") {
    return classifyShellText(policy, root, cwd, command);
  } else {
    return { classification: "gated", why: "the shell call names no command hmux can read" };
  }
  return classifySegments(policy, root, cwd, segments);
}

function classifyShellText(policy: PolicyRules, root: string, cwd: string, text: string): Classified {
  const reading = readShell(text.trim());
  if (!reading.simple) return { classification: "gated", why: `the command is not a simple one: ${reading.why}` };
  const [first] = reading.segments;
  // `bash -lc '<script>'` (codex's own spelling): judge the script, once.
  if (
    reading.segments.length === 1 &&
    first &&
    first.length === 3 &&
    SHELLS.test(first[0]!) &&
    (first[1] === "-c" || first[1] === "-lc")
  ) {
    const inner = readShell(first[2]!.trim());
    if (!inner.simple) return { classification: "gated", why: `the command is not a simple one: ${inner.why}` };
    return classifySegments(policy, root, cwd, inner.segments);
  }
  return classifySegments(policy, root, cwd, reading.segments);
}

function classifySegments(
  policy: PolicyRules,
  root: string,
  cwd: string,
  segments: readonly (readonly string[])[],
): Classified {
  const patterns = (policy.allowCommands ?? []).map((p) => p.split(" "));
  for (const words of segments) {
    const match = patterns.find((p) => p.length <= words.length && p.every((w, i) => words[i] === w));
    const shown = words.join(" ");
    if (!match) return { classification: "gated", why: `\`${shown}\` is not on the policy's allowCommands list` };
    for (const arg of words.slice(match.length)) {
      if (DANGEROUS_ARG.test(arg))
        return { classification: "gated", why: `\`${arg}\` can write files or run programs` };
      const value = arg.startsWith("-") ? (arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : null) : arg;
      if (value !== null && value !== "" && !inside(root, posix.resolve(cwd, value))) {
        return { classification: "gated", why: `\`${shown}\` reaches ${value}, outside the workspace ${root}` };
      }
    }
  }
  return {
    classification: "safe",
    why: `every command in \`${segments.map((s) => s.join(" ")).join(" | ")}\` is on the allowCommands list and stays inside the workspace`,
  };
}

function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith("/") ? root : `${root}/`);
}
