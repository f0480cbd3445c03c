/**
 * Serves `hmux acp` on stdio until the client closes it: NDJSON JSON-RPC in on stdin, out on
 * stdout (the SDK's ndJsonStream answers a line that is not JSON with a parse error and reads on).
 * When the client goes, this detaches from the server and the sessions stay on it.
 */
import { Readable, Writable } from "node:stream";
import { ndJsonStream } from "@agentclientprotocol/sdk";
import { type HmuxAcpOptions, hmuxAcpAgent } from "./agent.js";

export interface ServeAcpOptions extends HmuxAcpOptions {
  readonly input: NodeJS.ReadableStream;
}

export async function serveAcp(o: ServeAcpOptions): Promise<number> {
  const agent = hmuxAcpAgent(o);
  const stream = ndJsonStream(
    Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
    Readable.toWeb(o.input as Readable) as ReadableStream<Uint8Array>,
  );
  const connection = agent.app.connect(stream);
  await connection.closed;
  await agent.close();
  return 0;
}
