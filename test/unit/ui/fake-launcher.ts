/** Server verdicts a test's launcher answers `plan` with (the server's own are tested in test/unit/server/plan-op.test.ts). */
import type { NewSessionRequest, PlanRefusal, PlanVerdict } from "../../../src/ui/session-launcher.js";

/** The server would start the request as asked, with these settings. */
export function acceptedPlan(
  request: NewSessionRequest,
  settings: Extract<PlanVerdict, { ok: true }>["settings"] = [],
) {
  return Promise.resolve<PlanVerdict>({
    ok: true,
    harness: request.harness,
    cwd: request.cwd ?? "/work",
    settings,
    notes: [],
  });
}

/** The server refuses the request. */
export function refusedPlan(...refusals: PlanRefusal[]) {
  return Promise.resolve<PlanVerdict>({ ok: false, refusals });
}
