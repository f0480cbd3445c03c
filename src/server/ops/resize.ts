import { ResizeRequest } from "../../protocol/requests.js";
import type { Op } from "./op.js";

/** Sets a native session's pty size; the reply says the size it took (clamped by the pty). */
export const resize: Op<"resize"> = {
  op: "resize",
  schema: ResizeRequest,
  run(ctx, r) {
    const channel = ctx.table.native(r.session);
    channel.resize(r.cols, r.rows);
    const { cols, rows } = channel.summary();
    return { cols, rows };
  },
};
