/** `hmux kill-server`'s command line (src/cli/commands/kill-server.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { HOST_FLAGS, HOST_HELP } from "../host-flag.js";

export function declare(program: Command, run: CommandRuntime): void {
  program
    .command("kill-server")
    .description("stop the hmux server and every session it holds")
    .option(HOST_FLAGS, HOST_HELP)
    .action(runsIn(run, async () => (await import("../commands/kill-server.js")).killServerAction));
}
