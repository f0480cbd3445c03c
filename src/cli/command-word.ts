/**
 * Which command a command line names, read before commander parses it (to declare only that
 * command, or to start the TUI's process with its own flags): the first word that is neither an
 * option nor the value of one of the program's own options. `hmux --host server` opens the TUI on
 * the host called server; it is not `hmux server`.
 */

/** The program's own options that take a value as the next word (tui.ts, native.ts). */
const PROGRAM_VALUED_OPTIONS: ReadonlySet<string> = new Set(["--host", "--native"]);

export function commandWordOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") return undefined;
    if (PROGRAM_VALUED_OPTIONS.has(arg)) i++;
    else if (!arg.startsWith("-")) return arg;
  }
  return undefined;
}
