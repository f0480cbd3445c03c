/**
 * Where native panes' hooks report: a Unix socket in a fresh 0700 directory, one token per
 * hmux run (handed to hooks in their env, compared in constant time). Each accepted line
 * goes to the listener registered for its pane id; rejected lines go to `onReject`.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ownedTempPrefix } from "../../core/temp-owner.js";
import { makePrivateTempDir } from "../../files/private-dir.js";
import { type HookReport, parseHookReport } from "./report-schema.js";

const MAX_LINE = 64 * 1024;

export interface HookServerOptions {
  readonly onReject?: (error: string) => void;
}

export class HookServer {
  private readonly listeners = new Map<string, (report: HookReport) => void>();
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    private readonly dir: string,
    readonly socketPath: string,
    private readonly token: string,
    private readonly options: HookServerOptions,
  ) {}

  static async start(options: HookServerOptions = {}): Promise<HookServer> {
    const dir = makePrivateTempDir(tmpdir(), ownedTempPrefix("hooks", process.pid));
    chmodSync(dir, 0o700);
    const socketPath = join(dir, "hooks.sock");
    const token = randomBytes(24).toString("hex");
    const server = createServer();
    const hooks = new HookServer(server, dir, socketPath, token, options);
    server.on("connection", (socket) => hooks.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => resolve());
    });
    server.unref();
    // A process.exit() without close() still removes the socket directory.
    process.once("exit", hooks.removeDir);
    return hooks;
  }

  /** The env a pane's hooks need to reach this server as that pane. */
  envFor(pane: string): Record<string, string> {
    return { HMUX_HOOK_SOCKET: this.socketPath, HMUX_HOOK_TOKEN: this.token, HMUX_HOOK_PANE: pane };
  }

  listen(pane: string, listener: (report: HookReport) => void): () => void {
    this.listeners.set(pane, listener);
    return () => this.listeners.delete(pane);
  }

  private matches = (candidate: string): boolean => {
    const a = Buffer.from(candidate);
    const b = Buffer.from(this.token);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.unref();
    let buffered = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_LINE) {
        this.options.onReject?.("report line too long");
        socket.destroy();
        return;
      }
      let nl: number;
      while ((nl = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line.trim() !== "") this.deliver(line);
      }
    });
    socket.on("end", () => {
      if (buffered.trim() !== "") this.deliver(buffered);
      buffered = "";
    });
    socket.on("error", () => undefined);
    socket.on("close", () => this.sockets.delete(socket));
  }

  private deliver(line: string): void {
    const parsed = parseHookReport(line, this.matches);
    if (!parsed.ok) return this.options.onReject?.(parsed.error);
    const listener = this.listeners.get(parsed.report.pane);
    if (!listener) return this.options.onReject?.(`report for unknown pane ${parsed.report.pane}`);
    listener(parsed.report);
  }

  private readonly removeDir = (): void => {
    rmSync(this.dir, { recursive: true, force: true });
  };

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    process.removeListener("exit", this.removeDir);
    this.removeDir();
  }
}
