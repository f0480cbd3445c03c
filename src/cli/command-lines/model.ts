/** `hmux model serve`'s command line (src/cli/commands/model.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";

const SERVE_HELP = `
Routes: POST /v1/messages (Anthropic), POST /v1/responses (OpenAI Responses),
POST /v1/chat/completions, GET /v1/models; GET /_hmux/requests is the request log (credential
headers redacted), served only with "Authorization: Bearer <token>": the token is printed on stderr
at start, or set it with HMUX_MODEL_TOKEN.

Script (JSON): {"rules":[{"name":"…","match":{"contains"|"regex"|"assistantSaid"|"wire":…},
  "replies":[{"text":[…],"thinking":"…","tools":[{"tool":"shell","command":"ls"}],
  "question":{"question":"…","options":[…]},"usage":{…},"delayMs":50,
  "failure":{"kind":"status","status":429,"retryAfter":1},"expect":{…}}],"onError":{…reply…}}]}
Reply n answers after the n-th round of tool results since the prompt (a user message that comes
after tool results, such as a steer, is not a new prompt). A round with a denied or failed call is
answered by "onError" when the rule has one. A rule without "match" is the fallback. "wire" is
"anthropic" (claude), "responses" (codex) or "chat" (pi): the request's format.

Inline markers in a prompt override the script:
  [[bash:CMD]] [[read:PATH]] [[write:PATH|TEXT]] [[edit:PATH|OLD|NEW]] [[say:TEXT]]
  [[think:TEXT]] [[ask:QUESTION|OPT|OPT]] [[slow:MS]] [[usage:IN/OUT]]
  [[fail:401|403|429|500|529|drop|stall|hang]] [[retry-after:S]] [[fail-times:N]]
  [[expect-history:TEXT]] [[ask-tool:QUESTION|OPT|OPT]] (the harness's own question tool)
`;

export function declare(program: Command, run: CommandRuntime): void {
  const model = program
    .command("model")
    .description("the embedded scripted model server (Anthropic, OpenAI Responses, Chat Completions on 127.0.0.1)");
  model
    .command("serve")
    .description("serve the scripted model; prints http://127.0.0.1:PORT as the first line")
    .option("--port <n>", "port on 127.0.0.1 (0: any free port)", "0")
    .option("--script <file>", "a JSON script (default: the built-in demo script)")
    .option("--race", "the race demo script: claude, codex and pi each fix slug.js their own way (hmux race --demo)")
    .option(
      "--url-file <path>",
      "also write the address to this file once listening (for a server run in the background)",
    )
    .option("--request-log <path>", "append every request to this file as JSON lines (created 0600)")
    .option("--exit-with <pid>", "stop when this process is gone (the hmux server whose sessions use it)")
    .option("--idle-exit <seconds>", "stop after this long without a request")
    .addHelpText("after", SERVE_HELP)
    .action(runsIn(run, async () => (await import("../commands/model.js")).modelServeAction));
}
