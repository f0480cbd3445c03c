/**
 * A recorded ACP stream (the agent's stdout: JSON-RPC lines) as HarnessEvents, for `hmux decode`
 * and anything else that reads a finished stream: the same update mapping the live bridge uses.
 * A turn is complete once a reply carrying a stop reason arrived.
 */
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { withExtras } from "../../core/classify.js";
import type { JsonObject, StreamDecoder } from "../../core/decoder.js";
import type { HarnessEvent } from "../../core/events.js";
import { UpdateEvents } from "./updates.js";

export class AcpStreamDecoder implements StreamDecoder {
  private readonly updates = new UpdateEvents();
  private stopped = false;

  record(record: JsonObject): HarnessEvent[] {
    const params = record.params as { update?: { sessionUpdate?: unknown } } | undefined;
    if (record.method === "session/update" && typeof params?.update?.sessionUpdate === "string") {
      // A recorded stream was never checked by the SDK: an update of the wrong shape is shown, not trusted.
      try {
        return this.updates.update(params.update as SessionUpdate);
      } catch {
        return [{ kind: "unrecognized", nativeType: "session/update (malformed)", record }];
      }
    }
    const result = record.result as { stopReason?: unknown } | undefined;
    if (record.method === undefined && typeof result?.stopReason === "string") {
      this.stopped = true;
      return this.updates.flush();
    }
    if (record.method === undefined) return [];
    return [{ kind: "unrecognized", nativeType: String(record.method), record }];
  }

  text(line: string, stream: "stdout" | "stderr"): HarnessEvent[] {
    return [{ kind: "raw", stream, text: line }];
  }

  end(): HarnessEvent[] {
    return this.updates.flush();
  }

  incompleteTurn(): string | undefined {
    return this.stopped ? undefined : "no session/prompt reply with a stop reason arrived";
  }
}

/** One decoder factory and one matcher set for every ACP agent: a folder's decoding is its module's. */
export const createAcpDecoder = (): StreamDecoder => new AcpStreamDecoder();
export const ACP_MATCHERS = withExtras();
