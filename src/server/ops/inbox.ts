import { InboxRequest } from "../../protocol/requests.js";
import type { Op } from "./op.js";

/** Every waiting approval and question across the server's sessions, oldest first (src/server/inbox.ts). */
export const inbox: Op<"inbox"> = {
  op: "inbox",
  schema: InboxRequest,
  run: (ctx) => ({ items: ctx.table.inbox() }),
};
