/**
 * A word where a command goes that names none (`hmux dmo`, `hmux help dmo`): a usage error that
 * names the nearest command when the word looks like a slip, and every command when it does not.
 */
import type { Command } from "commander";
import { nearestName } from "../core/nearest-name.js";
import { UsageError } from "./usage-error.js";

/** `program`'s commands as help lists them, `help` (commander's own help command) among them. */
export function unknownCommandError(word: string, program: Command): UsageError {
  const names = [...program.commands.map((c) => c.name()), "help"];
  const near = nearestName(word, names);
  const hint = near
    ? `did you mean \`hmux ${near}\`? (\`hmux help\` lists the commands)`
    : `the commands: ${names.join(", ")}`;
  return new UsageError(`unknown command '${word}'`, hint);
}
