/** `hmux decide`'s command line (src/cli/commands/decide.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { HOST_FLAGS, HOST_HELP } from "../host-flag.js";

export function declare(program: Command, run: CommandRuntime): void {
  program
    .command("decide")
    .description("allow or deny one waiting call (see hmux inbox): hmux decide <session> <call> allow|deny")
    .argument("<session>", "the session's name, id or unique start of its id")
    .argument("<call>", "the call id hmux inbox lists")
    .argument("<decision>", "allow, deny or abstain")
    .option("--reason <text>", "why (a deny needs one: the model is told it)")
    .option("--scope <scope>", "with allow: session (a session rule, as the inbox shows it) or path (that one path)")
    .option(HOST_FLAGS, HOST_HELP)
    .action(runsIn(run, async () => (await import("../commands/decide.js")).decideAction));
}
