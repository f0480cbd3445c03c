import { parseCommandLine } from "../../core/control/command-schema.js";
import { parseSessionLine } from "../../core/exec/session-commands.js";
import { InputRequest } from "../../protocol/requests.js";
import { ServerError } from "../errors.js";
import type { Op } from "./op.js";

/** One stdin line of `hmux session` to a session: a message, an answer, a decision or a command. */
export const input: Op<"input"> = {
  op: "input",
  schema: InputRequest,
  async run(ctx, r) {
    const table = ctx.table;
    if (table.isNative(r.session))
      throw new ServerError(
        "native-session",
        `session ${table.resolve(r.session).name} is a native pane: it takes keys (the write op), not input lines`,
        "attach a TUI to it, or send its keys with write",
      );
    const handle = table.handle(r.session);
    const line = typeof r.line === "string" ? r.line : JSON.stringify(r.line);
    // What the person said is kept as they said it, before the turn it opens: many harnesses
    // never echo it, and one that does echoes hmux's wording (an answer's names its question).
    // A TUI that attaches later (or watches beside the sender) shows it as the sender's does,
    // and the session's journal keeps it, so a restored or resumed session shows it too.
    const said = userText(line);
    if (said !== null) table.said(handle.sessionId, said);
    const answer = await handle.handleLine(line, r.as === "human" ? "person" : (r.as ?? "program"), r.client);
    return { session: handle.sessionId, answer: answer ?? { kind: "accepted" } };
  },
};

/** The text of a send or answer line, or of a steer or inject command: what the person said to the session. */
export function userText(line: string): string | null {
  const parsed = parseSessionLine(line);
  if (parsed.kind === "op") return parsed.op.op !== "close" ? parsed.op.text : null;
  if (parsed.kind !== "command") return null;
  const read = parseCommandLine(parsed.line);
  if (!read.ok) return null;
  const c = read.command;
  return c.command === "steer" || c.command === "message.inject" ? c.text : null;
}
