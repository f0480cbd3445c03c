/**
 * mimic: a fake coding-agent CLI for tests. It speaks the subset of Claude Code's stream-json
 * protocol that hmux's claude decoder and session bridge read, and does no real work:
 *
 *   mimic -p --output-format stream-json --verbose [--model M] [--greeting G] -- PROMPT
 *     one turn: init, a text reply, one Bash call and its result, a closing text, the result;
 *     with --greeting (in a session too) the reply opens with "G! ".
 *   mimic -p --input-format stream-json ... --permission-prompt-tool stdio [--session-id ID]
 *     a session: answers initialize, runs that turn per user line, and asks for the Bash call
 *     with a can_use_tool control request first; a deny is reported back as the tool's error.
 *   mimic [--model M]
 *     its own interactive UI, for a native pane: a "mimic>" prompt that answers each line.
 *   mimic --version
 *
 * The tool call never runs anything: its "output" names the command it would have run.
 */
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";

const VERSION = "1.0.0";
const MODEL = "mimic-1";
const CALL_ID = "toolu_mimic_1";
const COMMAND = "echo mimic";

const args = process.argv.slice(2);
const flag = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const write = (record) => process.stdout.write(`${JSON.stringify(record)}\n`);

/** The user's own words: hmux puts its question preamble first, separated by a blank line. */
function userWords(prompt) {
  const parts = prompt.split("\n\n");
  return parts[parts.length - 1].trim();
}

function assistant(sessionId, content) {
  write({ type: "assistant", session_id: sessionId, message: { role: "assistant", model: MODEL, content } });
}

/** One turn; `decide` resolves to the input to run, or to a denial message. */
async function turn(sessionId, prompt, decide) {
  write({ type: "system", subtype: "init", session_id: sessionId, model: MODEL, tools: ["Bash"] });
  const greeting = flag("--greeting");
  assistant(sessionId, [{ type: "text", text: `${greeting ? `${greeting}! ` : ""}mimic heard: ${userWords(prompt)}` }]);
  const input = { command: COMMAND };
  assistant(sessionId, [{ type: "tool_use", id: CALL_ID, name: "Bash", input }]);
  const verdict = await decide(input);
  const result =
    verdict.allow === true
      ? { type: "tool_result", tool_use_id: CALL_ID, content: `ran: ${verdict.input.command}`, is_error: false }
      : { type: "tool_result", tool_use_id: CALL_ID, content: verdict.message, is_error: true };
  write({ type: "user", session_id: sessionId, message: { role: "user", content: [result] } });
  const closing = verdict.allow === true ? "mimic is done" : "mimic stopped: the call was denied";
  assistant(sessionId, [{ type: "text", text: closing }]);
  write({
    type: "result",
    subtype: "success",
    is_error: false,
    session_id: sessionId,
    result: closing,
    usage: { input_tokens: 12, output_tokens: 7 },
  });
}

function session() {
  const sessionId = flag("--resume") ?? flag("--session-id") ?? randomUUID();
  const waiting = new Map();
  let asks = 0;
  let running = Promise.resolve();
  const askFor = (input) =>
    new Promise((resolve) => {
      const requestId = `mimic-ask-${++asks}`;
      waiting.set(requestId, resolve);
      write({
        type: "control_request",
        request_id: requestId,
        request: { subtype: "can_use_tool", tool_name: "Bash", input, tool_use_id: CALL_ID },
      });
    });
  const answer = (requestId, response) =>
    write({ type: "control_response", response: { subtype: "success", request_id: requestId, response } });

  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    if (line.trim() === "") return;
    const record = JSON.parse(line);
    if (record.type === "control_request") {
      answer(record.request_id, {});
    } else if (record.type === "control_response") {
      const resolve = waiting.get(record.response.request_id);
      waiting.delete(record.response.request_id);
      const reply = record.response.response ?? {};
      if (reply.behavior === "allow") resolve?.({ allow: true, input: reply.updatedInput ?? { command: COMMAND } });
      else
        resolve?.({ allow: false, message: `Permission to use Bash has been denied. ${reply.message ?? ""}`.trim() });
    } else if (record.type === "user") {
      const content = record.message.content;
      const prompt = typeof content === "string" ? content : content.map((block) => block.text ?? "").join("");
      running = running.then(() => turn(sessionId, prompt, askFor));
    }
  });
  lines.on("close", () => {
    void running.then(() => process.exit(0));
  });
}

/** The interactive UI: a prompt, and one answer per line typed (the terminal echoes the typing). */
function interactive() {
  process.stdout.write(`mimic ${VERSION} on ${flag("--model") ?? MODEL}\r\nmimic> `);
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => process.stdout.write(`mimic heard: ${line}\r\nmimic> `));
  lines.on("close", () => process.exit(0));
}

if (args.includes("--version")) {
  process.stdout.write(`${VERSION} (mimic)\n`);
} else if (!args.includes("-p")) {
  interactive();
} else if (flag("--input-format") === "stream-json") {
  session();
} else {
  const separator = args.indexOf("--");
  const prompt = separator === -1 ? "" : args.slice(separator + 1).join(" ");
  const sessionId = flag("--resume") ?? randomUUID();
  // A one-shot turn has nobody to ask: the call runs as asked.
  await turn(sessionId, prompt, async (input) => ({ allow: true, input }));
}
