import { KillServerRequest } from "../../protocol/requests.js";
import type { Op } from "./op.js";

export const killServer: Op<"kill-server"> = {
  op: "kill-server",
  schema: KillServerRequest,
  run(ctx) {
    // Stopped for good: its sessions are not restored by the next server.
    ctx.table.forgetAllOnStop();
    // The reply goes first, so the client hears it before the bye.
    ctx.afterReply(() => ctx.stopServer(`kill-server from client ${ctx.client.id}`));
    return { pid: ctx.serverPid };
  },
};
