/**
 * `hmux control <session> [file|-]`: sends command lines (metaharness.command/1, or
 * send/answer/close ops) to a running hmux session over its control socket — or, for a session
 * on the hmux server, through the server — and prints one result line per command. Exit 0
 * when every line was honoured, 1 when any was refused or rejected, 2 when the session cannot
 * be reached or refuses this peer.
 */

import { createReadStream, existsSync } from "node:fs";
import { connect } from "node:net";
import { LineSplitter } from "../../core/line-splitter.js";
import { ServerClient } from "../../server/client.js";
import { readToken, socketPaths } from "../../session/control-socket.js";
import type { CommandRuntime } from "../command-line.js";
import type { ProcessBasics } from "../context.js";
import { VERSION } from "../main.js";
import { type Output, processOutput } from "../render/output.js";

export async function controlAction(run: CommandRuntime, session: string, source: string): Promise<void> {
  process.exitCode = await controlCommand(session, source, processOutput(), await run.context());
}

export async function controlCommand(
  sessionId: string,
  source: string,
  output: Output,
  basics: ProcessBasics,
): Promise<number> {
  const { env } = basics;
  if (!/^[A-Za-z0-9._-]+$/.test(sessionId)) {
    output.err(`hmux control: ${JSON.stringify(sessionId)} is not a session id\n`);
    return 2;
  }
  const paths = socketPaths(sessionId, env);
  if (!existsSync(paths.socket)) {
    const viaServer = await controlOnServer(sessionId, source, output, basics);
    if (viaServer !== null) return viaServer;
    output.err(
      `hmux control: no running session ${sessionId} (no socket at ${paths.socket}, and none of that name on the hmux server); see \`hmux sessions\` and \`hmux ls\`\n`,
    );
    return 2;
  }
  let token: string;
  try {
    token = readToken(sessionId, env);
  } catch (err) {
    output.err(`hmux control: cannot read the session's token: ${(err as Error).message}\n`);
    return 2;
  }
  const lines = await readLines(source);
  const commands = lines.filter((l) => l.trim() !== "");
  return new Promise<number>((resolve) => {
    const socket = connect(paths.socket);
    const splitter = new LineSplitter();
    let authed = false;
    let answered = 0;
    let failed = false;
    const finish = (code: number) => {
      socket.destroy();
      resolve(code);
    };
    socket.on("error", (err) => {
      output.err(`hmux control: ${err.message}\n`);
      finish(2);
    });
    socket.on("connect", () => {
      socket.write(`${JSON.stringify({ token })}\n`);
      for (const line of commands) socket.write(`${line}\n`);
      if (commands.length === 0) finish(0);
    });
    socket.on("data", (chunk: Buffer) => {
      for (const item of splitter.push(chunk)) {
        if (item.kind !== "line") continue;
        let reply: { kind?: string; outcome?: { result?: string }; disposition?: string };
        try {
          reply = JSON.parse(item.text) as typeof reply;
        } catch {
          continue;
        }
        if (!authed) {
          if (reply.kind !== "authenticated") {
            output.err(`hmux control: ${item.text}\n`);
            return finish(2);
          }
          authed = true;
          continue;
        }
        output.out(`${item.text}\n`);
        if (reply.kind === "error" || reply.outcome?.result === "refused" || reply.disposition === "rejected")
          failed = true;
        answered += 1;
        if (answered === commands.length) return finish(failed ? 1 : 0);
      }
    });
    socket.on("close", () => {
      if (answered < commands.length) {
        output.err(`hmux control: the session closed after ${answered} of ${commands.length} answers\n`);
        resolve(authed ? 1 : 2);
      }
    });
  });
}

async function readLines(source: string): Promise<string[]> {
  const stream = source === "-" ? process.stdin : createReadStream(source);
  const splitter = new LineSplitter({ maxLineBytes: 1024 * 1024 });
  const out: string[] = [];
  for await (const chunk of stream) {
    for (const item of splitter.push(chunk as Buffer)) if (item.kind === "line") out.push(item.text);
  }
  for (const item of splitter.end()) if (item.kind === "line") out.push(item.text);
  return out;
}

/**
 * A session on the hmux server has no socket of its own: its lines go through the server, one
 * `input` request each, and each answer is printed as the socket would print it. Null when no
 * server runs or it has no such session (the caller says so).
 */
async function controlOnServer(
  target: string,
  source: string,
  output: Output,
  basics: ProcessBasics,
): Promise<number | null> {
  let client: ServerClient;
  try {
    client = await ServerClient.connect(basics.paths.server, VERSION, basics.clock);
  } catch {
    return null;
  }
  try {
    if (!(await client.list()).some((s) => s.name === target || s.id.startsWith(target))) return null;
    const commands = (await readLines(source)).filter((l) => l.trim() !== "");
    let failed = false;
    for (const line of commands) {
      const reply = await client.request({ op: "input", session: target, line });
      const answer = reply.answer as { kind?: string; outcome?: { result?: string }; disposition?: string };
      output.out(`${JSON.stringify(answer)}\n`);
      if (answer.kind === "error" || answer.outcome?.result === "refused" || answer.disposition === "rejected")
        failed = true;
    }
    return failed ? 1 : 0;
  } catch (err) {
    // The server could not take a line (the session vanished, the server stopped): not reached.
    output.err(`hmux control: ${(err as Error).message}\n`);
    return 2;
  } finally {
    client.close();
  }
}
