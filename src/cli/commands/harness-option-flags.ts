/**
 * Each registered harness's own settings (src/adapters/harness-options.ts) as command-line flags:
 * `--<harness>-<key> <value>` (a boolean one also `--no-<harness>-<key>`), and the flag a setting
 * had before it was its harness's own (`--sandbox`, `--no-write`), kept as a legacy spelling that
 * means exactly the new one (its help says which). A token becomes a value of the spec's kind
 * here; whether the value is allowed is the harness's schema's to say, when it plans.
 */
import type { Command } from "commander";
import type { OwnedHarnessOption } from "../../adapters/harness-options.js";
import { harnessOptionFlag } from "../../core/options/harness-option-flag.js";
import type { HarnessOptions } from "../../core/options/types.js";
import { UsageError } from "../usage-error.js";

/** The attribute commander stores a flag's value under: `--codex-context-window` → `codexContextWindow`. */
function attributeOf(flag: string): string {
  return flag.replace(/^--(no-)?/, "").replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function parserOf(option: OwnedHarnessOption, flag: string): ((token: string) => unknown) | undefined {
  if (option.cli === "string") return (token) => token;
  if (option.cli === "integer")
    return (token) => {
      if (!/^-?\d+$/.test(token.trim()))
        throw new UsageError(`${flag} expects ${option.allowed}, got ${JSON.stringify(token)}`, `e.g. ${flag} 10`);
      return Number(token);
    };
  return undefined;
}

function spellings(option: OwnedHarnessOption): string[] {
  const own = harnessOptionFlag(option.harness, option.key);
  return option.legacyFlag ? [own, option.legacyFlag] : [own];
}

export function addHarnessOptionFlags(cmd: Command, options: readonly OwnedHarnessOption[]): void {
  for (const option of options) {
    for (const [i, flag] of spellings(option).entries()) {
      const own = spellings(option)[0]!;
      const help = i === 0 ? `${option.harness}: ${option.describe}` : `legacy spelling of ${own}`;
      const parse = parserOf(option, flag);
      if (parse) cmd.option(`${flag} <value>`, help, parse);
      else
        cmd
          .option(flag, help)
          .option(
            flag.replace(/^--/, "--no-"),
            i === 0 ? `${option.harness}: turn ${option.key} off` : `legacy spelling of ${own.replace(/^--/, "--no-")}`,
          );
    }
  }
}

/** The typed harness settings, by harness then key; undefined when none was typed. */
export function harnessOptionsFromFlags(
  flags: Readonly<Record<string, unknown>>,
  cmd: Command,
  options: readonly OwnedHarnessOption[],
): HarnessOptions | undefined {
  const out: Record<string, Record<string, unknown>> = {};
  for (const option of options) {
    const typed = spellings(option)
      .map(attributeOf)
      .filter((a) => flags[a] !== undefined && cmd.getOptionValueSource(a) === "cli");
    if (typed.length > 1)
      throw new UsageError(
        `${spellings(option).join(" and ")} are one setting; pass it once`,
        `use ${spellings(option)[0]}`,
      );
    const [attribute] = typed;
    if (attribute === undefined) continue;
    out[option.harness] = { ...out[option.harness], [option.key]: flags[attribute] };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
