/**
 * hmux's policy when no config states one: reading inside the workspace is allowed without asking
 * on every harness, as Claude Code allows its own reads; writes, edits and every other shell
 * command ask. Reading is the read-only tool classes — each harness's adapter maps its own tool
 * names onto them — and the same reads spelled as shell commands, because a harness whose only
 * tool is the shell reads files with `cat`, `rg` or `ls`. A config `policy` replaces it whole.
 */
import { deepFreeze } from "../evidence.js";
import type { CanonicalTool } from "../tools.js";
import type { PolicyConfig } from "./policy-schema.js";

/** The canonical tools that only read: the default allows them inside the workspace. */
export const READ_ONLY_TOOLS: readonly CanonicalTool[] = Object.freeze(["read", "grep", "glob", "list"]);

/** Shell commands that do what the read-only tools do, and nothing else given the policy's argument checks. */
export const READ_ONLY_COMMANDS: readonly string[] = Object.freeze([
  "cat",
  "head",
  "tail",
  "wc",
  "ls",
  "pwd",
  "grep",
  "rg",
]);

export const DEFAULT_POLICY: PolicyConfig = deepFreeze({
  allowTools: [...READ_ONLY_TOOLS],
  allowCommands: [...READ_ONLY_COMMANDS],
});
