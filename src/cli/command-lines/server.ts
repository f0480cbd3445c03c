/** `hmux server`'s command line (src/cli/commands/server.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";

/** The idle grace when neither the flag nor HMUX_SERVER_IDLE_EXIT says otherwise. */
export const DEFAULT_IDLE_EXIT_SECONDS = 10;

export function declare(program: Command, run: CommandRuntime): void {
  program
    .command("server")
    .description("run the hmux server (started on demand by hmux ls / hmux new; --foreground to run it here)")
    .option("--foreground", "be the server in this process (logs on stderr)")
    .option("--stdio", "relay stdin/stdout to the server (what `hmux --host` runs over ssh)")
    .option(
      "--idle-exit <seconds>",
      `stop after this long with no session and no client; "never" keeps it (default: $HMUX_SERVER_IDLE_EXIT, else ${DEFAULT_IDLE_EXIT_SECONDS})`,
    )
    .action(runsIn(run, async () => (await import("../commands/server.js")).serverAction));
}
