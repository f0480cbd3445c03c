import { AuditRequest } from "../../protocol/requests.js";
import type { Op } from "./op.js";

/** Every decision the journals record, with who made it (core's audit.ts reads each journal). */
export const audit: Op<"audit"> = {
  op: "audit",
  schema: AuditRequest,
  run: (ctx, r) => ({ entries: ctx.table.audit(r.session) }),
};
