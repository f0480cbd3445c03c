/**
 * One server op, as tmux's `cmd_entry` is one command: the request kind it answers, the schema its
 * request is checked with, and what it does. The hub looks the op up in the table (table.ts), checks
 * the request with its schema, runs it and sends what it returns as the reply's payload, typed by
 * the protocol's reply schema for that op.
 */
import type * as z from "zod/mini";
import type { OutgoingMessage } from "../../protocol/messages.js";
import type { ReplyInput } from "../../protocol/replies.js";
import type { RequestOf, RequestOp } from "../../protocol/requests.js";
import type { NativeChannel } from "../native-channel.js";
import type { NativeFeed } from "../native-feed.js";
import type { RacesLoader } from "../races.js";
import type { SessionFeed } from "../session-feed.js";
import type { SessionTable } from "../session-table.js";

/** What an op may do besides reading the table: reach the client that asked, and the server itself. */
export interface OpContext {
  readonly table: SessionTable;
  /** The races this server runs for its clients (src/server/races.ts); absent on a server that runs none. */
  readonly races: RacesLoader | undefined;
  readonly client: {
    readonly id: string;
    /** Sessions this client watches: id → stop. */
    readonly watching: Map<string, () => void>;
  };
  readonly serverPid: number;
  /** Whether the server is stopping: it opens no session then. */
  stopping(): boolean;
  /** Stops the server (kill-server). */
  stopServer(reason: string): void;
  /** A message to this client, now. */
  send(message: OutgoingMessage): void;
  /** Messages to this client in order, waiting for it to read when a few MB wait for it. */
  sendAll(messages: OutgoingMessage[]): Promise<void>;
  /**
   * A watch of a session's events for this client (its `hear` the table's watcher): written as they
   * come while the client keeps up, sent from the kept events when it fell behind. Sends once started.
   */
  feed(session: string): SessionFeed;
  /** A watch of a native session's output for this client, drawn again from its screen when the client fell behind. */
  nativeFeed(session: string, channel: NativeChannel): NativeFeed;
  /**
   * Runs right after the reply is written, in the same turn: what the op sends behind its reply
   * (an attach's held events). The client's next request waits for it.
   */
  afterReply(then: () => Promise<void> | void): void;
}

export interface Op<K extends RequestOp> {
  readonly op: K;
  readonly schema: z.ZodMiniType<RequestOf<K>, unknown>;
  /**
   * Its reply may come after the replies to this client's later requests: a step that can take
   * minutes (a race's check) must not hold the client's keys and decisions behind it.
   */
  readonly concurrent?: true;
  run(ctx: OpContext, request: RequestOf<K>): Promise<ReplyInput<K>> | ReplyInput<K>;
}
