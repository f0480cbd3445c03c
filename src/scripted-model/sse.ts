/**
 * Server-sent events with pacing. Every write waits the reply's per-chunk delay first and
 * stops quietly once the client went away, so a slow stream never writes into a dead socket.
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import { HmuxError } from "../core/hmux-error.js";

export class SseWriter {
  private gone = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly delayMs: number,
  ) {
    res.on("close", () => {
      this.gone = true;
    });
  }

  get closed(): boolean {
    return this.gone || this.res.destroyed;
  }

  open(extraHeaders: Record<string, string> = {}): void {
    this.res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
      ...extraHeaders,
    });
    this.res.flushHeaders();
  }

  /** One event: `event:` line (when named) plus a JSON `data:` line. */
  async send(event: string | null, data: unknown): Promise<void> {
    await this.pace();
    if (this.closed) return;
    const head = event === null ? "" : `event: ${event}\n`;
    this.res.write(`${head}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
  }

  /** Send without waiting (protocol bookkeeping events that are not content). */
  sendNow(event: string | null, data: unknown): void {
    if (this.closed) return;
    const head = event === null ? "" : `event: ${event}\n`;
    this.res.write(`${head}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
  }

  end(): void {
    if (!this.closed) this.res.end();
  }

  /** Cut the connection mid-stream (the "drop" failure). */
  drop(): void {
    this.gone = true;
    this.res.socket?.destroy();
  }

  private async pace(): Promise<void> {
    if (this.delayMs > 0 && !this.closed) await new Promise((r) => setTimeout(r, this.delayMs));
  }
}

/** Read a request body as text (bounded, so a runaway client cannot exhaust memory). */
export async function readBody(req: IncomingMessage, limit = 64 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) throw new HmuxError("too-large", `request body exceeds ${limit} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}
