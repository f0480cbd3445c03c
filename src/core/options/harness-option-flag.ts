/**
 * `--codex-context-window`: the one command-line spelling of a harness's setting. A module of its own,
 * so declaring a command's flags (its help) loads no schema library (src/cli/command-lines/).
 */
const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function harnessOptionFlag(harness: string, key: string): string {
  return `--${harness}-${kebab(key)}`;
}
