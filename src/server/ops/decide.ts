import { randomUUID } from "node:crypto";
import type { Decision } from "../../core/control/types.js";
import { commandToWire } from "../../core/exec/session-commands.js";
import { DecideRequest, type RequestOf } from "../../protocol/requests.js";
import { ServerError } from "../errors.js";
import type { Op } from "./op.js";

/**
 * A person's decision on one waiting call: the same tool.decide a TUI's key sends, so the session's
 * control machine settles it once and says TOO_LATE to whoever comes second. Its refusal is this
 * request's error, with the machine's own reason.
 */
export const decide: Op<"decide"> = {
  op: "decide",
  schema: DecideRequest,
  async run(ctx, r) {
    const table = ctx.table;
    if (table.isNative(r.session))
      throw new ServerError(
        "native-session",
        `session ${table.resolve(r.session).name} is a native pane: its harness asks in its own UI`,
      );
    const handle = table.handle(r.session);
    const id = `decide-${randomUUID()}`;
    const wire = commandToWire({
      command: "tool.decide",
      id,
      callId: r.call,
      decision: decisionOf(r),
      ...(r.scope !== undefined ? { scope: r.scope } : {}),
    });
    const answer = await handle.handleLine(JSON.stringify(wire), "person", r.client);
    if (answer?.kind !== "command.result")
      throw new ServerError("internal", `the session gave no result for ${r.call}`);
    const outcome = answer.outcome;
    if (outcome.result === "refused") {
      const { code, reason } = outcome.refused;
      throw new ServerError(
        code === "TOO_LATE" ? "too-late" : code === "UNKNOWN_CALL" ? "unknown-call" : "decision-refused",
        reason,
      );
    }
    return {
      session: handle.sessionId,
      callId: r.call,
      ...(typeof outcome.rule === "string" ? { rule: outcome.rule } : {}),
      ...(typeof outcome.sent === "string" ? { sent: outcome.sent } : {}),
    };
  },
};

function decisionOf(r: RequestOf<"decide">): Decision {
  switch (r.decision) {
    case "allow":
      return { decision: "allow" };
    case "abstain":
      return { decision: "abstain" };
    case "deny":
      if (r.reason === undefined)
        throw new ServerError("decision-refused", "a deny needs a reason: the model is told it", "add --reason '…'");
      return { decision: "deny", reason: r.reason };
    case "replace":
      if (r.input === undefined) throw new ServerError("decision-refused", "a replace needs the new input");
      return { decision: "replace", input: r.input };
  }
}
