/**
 * The `policy` config key: operations safe enough to allow without asking anyone.
 * Anything not listed goes to the person; when nobody can be asked (headless), it is denied
 * with a reason. This file only validates; the control plane applies it.
 */
import * as z from "zod/mini";
import "../schema-locale.js";
import { toolNameSchema } from "./tool-names.js";

/** Characters that make a command line compound or expanded: never part of a safe pattern. */
const SHELL_METACHARACTERS = /[;&|`$<>(){}\\*?!~"'\n\r\t]/;

/**
 * A command pattern is a word prefix: "git status" allows `git status` and `git status -s`,
 * never `git push`. Path arguments must still resolve inside the workspace; that check belongs
 * to whoever applies the policy.
 */
export const commandPatternSchema = z.string().check(
  z.superRefine((text, ctx) => {
    if (text.trim() === "" || text !== text.trim() || /\s{2,}/.test(text)) {
      ctx.addIssue({
        code: "custom",
        message: `a command pattern is words separated by single spaces, e.g. "git status"; got ${JSON.stringify(text)}`,
      });
    } else if (SHELL_METACHARACTERS.test(text)) {
      ctx.addIssue({
        code: "custom",
        message: `command pattern ${JSON.stringify(text)} contains a shell metacharacter; list plain command words (e.g. "ls", "git status")`,
      });
    }
  }),
);

export const DEFAULT_HEADLESS_DENY_REASON =
  "hmux policy: this operation is not on the allowlist and nobody is available to approve it";

export const policySchema = z.strictObject({
  /** Tools allowed without asking. `shell` is refused: list its safe commands in allowCommands. */
  allowTools: z.optional(
    z.array(toolNameSchema).check(
      z.refine((tools) => !tools.includes("shell"), {
        error:
          'allowing every shell command is not a safe operation; list commands in policy.allowCommands (e.g. ["ls", "git status"])',
      }),
    ),
  ),
  /** Shell commands allowed without asking, as word prefixes, inside the workspace only. */
  allowCommands: z.optional(z.array(commandPatternSchema)),
  /** What happens when nobody can be asked. Only deny exists: a gated call fails closed. */
  headless: z.optional(
    z.strictObject({
      decision: z.literal("deny"),
      reason: z.optional(z.string().check(z.trim(), z.minLength(1, { error: "a deny reason cannot be empty" }))),
    }),
  ),
});
export type PolicyConfig = z.infer<typeof policySchema>;
