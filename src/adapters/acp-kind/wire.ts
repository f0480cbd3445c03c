/**
 * The ACP SDK's message stream over the session transport: what the transport reads from the
 * agent's stdout (one parsed line at a time) goes into the SDK's readable side, and every message
 * the SDK writes comes out as one line for the transport to write to the agent's stdin. The
 * process itself stays the transport's (spawn, pipes, stop), as for every other harness.
 */
import type { AnyMessage, Stream } from "@agentclientprotocol/sdk";

export interface WireEnds {
  /** What the SDK's connection is built on. */
  readonly stream: Stream;
  /** One message from the agent, in arrival order. */
  push(message: AnyMessage): void;
  /** The agent's stdout ended: the SDK's connection closes. */
  close(): void;
}

export function wireEnds(write: (line: string) => void): WireEnds {
  let controller: ReadableStreamDefaultController<AnyMessage> | null = null;
  let closed = false;
  const readable = new ReadableStream<AnyMessage>({
    start(c) {
      controller = c;
    },
    // The SDK cancels its reader when its connection closes: nothing more is taken after that.
    cancel() {
      closed = true;
    },
  });
  const writable = new WritableStream<AnyMessage>({
    write(message) {
      write(JSON.stringify(message));
    },
  });
  return {
    stream: { readable, writable },
    push(message) {
      if (!closed) controller?.enqueue(message);
    },
    close() {
      if (closed) return;
      closed = true;
      controller?.close();
    },
  };
}
