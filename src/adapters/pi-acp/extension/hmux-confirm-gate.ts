/**
 * hmux's gate for pi behind pi-acp. pi has no permission system, and pi-acp turns only an
 * extension's `confirm` and `select` dialogs into ACP `session/request_permission` (an `input`
 * dialog it cancels), so this gate holds every tool call on a confirm whose message names the
 * call; pi-acp offers the client "Yes" (allow_once) and "No" (reject_once). Anything but a yes
 * (a no, a cancel, no answer before the timeout, no UI at all) blocks the call: it fails closed.
 * A confirm carries no reason, so a denial reaches the model as the fixed text below.
 *
 * Self-contained on purpose: pi loads it from its extensions folder by path, so it imports nothing.
 */
export const CONFIRM_GATE_TITLE = "hmux-gate/1";
const DEFAULT_TIMEOUT_MS = 60_000;

interface ToolCallEvent {
  toolName: string;
  toolCallId: string;
  input: Record<string, unknown>;
}
interface Ctx {
  hasUI: boolean;
  ui: { confirm(title: string, message: string, opts?: { timeout?: number }): Promise<boolean> };
}
interface Pi {
  on(event: "tool_call", handler: (event: ToolCallEvent, ctx: Ctx) => Promise<unknown>): void;
}

function timeoutMs(): number {
  const raw = Number(process.env.HMUX_GATE_TIMEOUT_MS);
  return Number.isInteger(raw) && raw > 0 ? raw : DEFAULT_TIMEOUT_MS;
}

function block(reason: string): { block: true; reason: string } {
  return { block: true, reason: `Blocked by hmux: ${reason}` };
}

export default function hmuxConfirmGate(pi: Pi): void {
  pi.on("tool_call", async (event, ctx) => {
    if (!ctx.hasUI) return block("hmux's gate has nobody to ask in this mode, so the call is refused; it did not run");
    const limit = timeoutMs();
    const message = JSON.stringify({ callId: event.toolCallId, tool: event.toolName, input: event.input });
    const yes = await ctx.ui.confirm(CONFIRM_GATE_TITLE, message, { timeout: limit });
    if (yes === true) return undefined;
    return block("the call was not allowed (denied, cancelled or unanswered), so it did not run");
  });
}
