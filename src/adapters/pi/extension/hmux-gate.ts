/**
 * hmux's pi extension: pi has no permission system of its own, so without this every pi tool
 * call runs unchecked. Loaded with `pi --mode rpc -e <this file>`, it holds each tool call on
 * an RPC `input` dialog titled GATE_TITLE whose placeholder describes the call; hmux answers
 * with an `extension_ui_response` whose value is a decision:
 *   {"decision":"allow"} | {"decision":"deny","reason":"…"} | {"decision":"replace","input":{…}}
 * An input dialog (not confirm) is used because a confirm's yes/no cannot carry the deny
 * reason or the replacement input. Everything else fails closed: no UI, no answer before
 * the timeout, a cancel, or a value that is not a decision blocks the call with the reason.
 *
 * Self-contained on purpose: pi loads it by path, so it imports nothing.
 */
export const GATE_TITLE = "hmux-gate/1";
const DEFAULT_TIMEOUT_MS = 60_000;

interface ToolCallEvent {
  toolName: string;
  toolCallId: string;
  input: Record<string, unknown>;
}
interface Ctx {
  hasUI: boolean;
  ui: { input(title: string, placeholder?: string, opts?: { timeout?: number }): Promise<string | undefined> };
}
interface Pi {
  on(event: "tool_call", handler: (event: ToolCallEvent, ctx: Ctx) => Promise<unknown>): void;
}

function timeoutMs(): number {
  const raw = Number(process.env.HMUX_GATE_TIMEOUT_MS);
  return Number.isInteger(raw) && raw > 0 ? raw : DEFAULT_TIMEOUT_MS;
}

/**
 * pi hands the reason to the model as the tool's whole output, with no error flag on some wires
 * (Chat Completions): the prefix says the call was refused, not that it ran and printed this,
 * and it is what hmux's pi decoder reads as a denial.
 */
function block(reason: string): { block: true; reason: string } {
  return { block: true, reason: `Blocked by hmux: ${reason}` };
}

export default function hmuxGate(pi: Pi): void {
  pi.on("tool_call", async (event, ctx) => {
    if (!ctx.hasUI) return block("hmux's gate has nobody to ask in this mode, so the call is refused; it did not run");
    const limit = timeoutMs();
    const described = JSON.stringify({
      callId: event.toolCallId,
      tool: event.toolName,
      input: event.input,
      timeoutMs: limit,
    });
    const answer = await ctx.ui.input(GATE_TITLE, described, { timeout: limit });
    if (answer === undefined)
      return block(
        `hmux did not answer within ${limit}ms (or cancelled), so the gate fails closed; the call did not run`,
      );
    let decision: { decision?: unknown; reason?: unknown; input?: unknown };
    try {
      decision = JSON.parse(answer) as typeof decision;
    } catch {
      return block("hmux's answer was not a decision, so the gate fails closed; the call did not run");
    }
    if (decision.decision === "allow") return undefined;
    if (decision.decision === "deny")
      return block(
        typeof decision.reason === "string" && decision.reason.trim()
          ? decision.reason
          : "hmux denied this call; it did not run",
      );
    if (
      decision.decision === "replace" &&
      decision.input &&
      typeof decision.input === "object" &&
      !Array.isArray(decision.input)
    ) {
      // event.input is mutable and pi runs the mutated input (extensions.md, tool_call).
      for (const key of Object.keys(event.input)) delete event.input[key];
      Object.assign(event.input, decision.input as Record<string, unknown>);
      return undefined;
    }
    return block("hmux's answer was not a decision this gate knows, so it fails closed; the call did not run");
  });
}
