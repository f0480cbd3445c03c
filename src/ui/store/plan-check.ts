/**
 * A dialog's question to the server: the requests it holds, planned there as a dry run, and the
 * verdicts that came back. The dialog draws only this; it decides nothing itself.
 */
import type { NewSessionRequest, PlanVerdict } from "../session-launcher.js";

/** What follows once every request is planned without a refusal. */
export type PlanNext =
  /** Start the new-session dialog's session. */
  | { readonly kind: "launch"; readonly request: NewSessionRequest }
  /** Start the race dialog's race (each contestant was one request). */
  | {
      readonly kind: "race";
      readonly prompt: string;
      readonly harnesses: readonly string[];
      readonly check: string | null;
    }
  /** Nothing: the dialog shows what the session would get as the person fills it in. */
  | { readonly kind: "preview" };

export interface PlanCheck {
  readonly seq: number;
  readonly requests: readonly NewSessionRequest[];
  readonly next: PlanNext;
  /** One per request, once the server answered; null while it is asked. */
  readonly verdicts: readonly PlanVerdict[] | null;
  /** Why the server could not be asked; null otherwise. */
  readonly failure: string | null;
}

/** Asked, and not yet answered either way. */
export function planPending(check: PlanCheck | null): boolean {
  return check !== null && check.verdicts === null && check.failure === null;
}

/** Every refusal of a check, each with the harness of the request it refused. */
export function planRefusals(
  check: PlanCheck | null,
): readonly { readonly harness: string; readonly refusal: Extract<PlanVerdict, { ok: false }>["refusals"][number] }[] {
  if (!check?.verdicts) return [];
  return check.verdicts.flatMap((v, i) =>
    v.ok ? [] : v.refusals.map((refusal) => ({ harness: check.requests[i]?.harness ?? "", refusal })),
  );
}
