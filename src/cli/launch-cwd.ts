/**
 * The folder a command line launches in: its `--cwd` (as `--cwd DIR` or `--cwd=DIR`), made
 * absolute against this process's folder, else this process's folder. Read before the commands are
 * registered, because the registry they are built from is the one in force there: a harness a
 * trusted project's config registers is known to `hmux run --cwd <project>` from anywhere.
 */
import { resolve } from "node:path";

export function launchCwdOf(args: readonly string[], here: string): string {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--cwd" && args[i + 1] !== undefined) return resolve(here, args[i + 1]!);
    if (arg.startsWith("--cwd=")) return resolve(here, arg.slice("--cwd=".length));
  }
  return here;
}
