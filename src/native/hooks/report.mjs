#!/usr/bin/env node
/**
 * hmux's lifecycle hook for native panes: `node report.mjs <Event>`. Reads the hook input
 * the harness pipes in, and sends one report line to the hmux that started the pane, over
 * the Unix socket named in HMUX_HOOK_SOCKET with the token in HMUX_HOOK_TOKEN. It prints
 * nothing and always exits 0 within ~2 s, so the harness carries on with its own dialogs:
 * this hook observes, it never decides.
 */
import { connect } from "node:net";

const MAX_INPUT = 256 * 1024;
const MAX_FIELD = 2000;
const event = process.argv[2] ?? "";
const socketPath = process.env.HMUX_HOOK_SOCKET;
const token = process.env.HMUX_HOOK_TOKEN;
const pane = process.env.HMUX_HOOK_PANE;

const finish = () => process.exit(0);
setTimeout(finish, 2000).unref();

function readInput() {
  return new Promise((resolve) => {
    let text = "";
    const done = () => resolve(text);
    if (process.stdin.isTTY) return done();
    process.stdin.setEncoding("utf8");
    process.stdin.on("data", (chunk) => {
      if (text.length < MAX_INPUT) text += chunk;
    });
    process.stdin.on("end", done);
    process.stdin.on("error", done);
    setTimeout(done, 1000).unref();
  });
}

function clip(value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value.slice(0, MAX_FIELD);
  const text = JSON.stringify(value);
  return text.length <= MAX_FIELD ? value : { truncated: text.slice(0, MAX_FIELD) };
}

async function main() {
  if (!socketPath || !token || !pane) return finish();
  const raw = await readInput();
  let input = {};
  try {
    const parsed = JSON.parse(raw);
    if (parsed && typeof parsed === "object") input = parsed;
  } catch {
    // Not JSON: report the event alone.
  }
  const report = {
    v: 1,
    token,
    pane,
    event: event || String(input.hook_event_name ?? ""),
    sessionId: typeof input.session_id === "string" ? input.session_id : undefined,
    tool: typeof input.tool_name === "string" ? input.tool_name : undefined,
    toolInput: clip(input.tool_input),
    notificationType: typeof input.notification_type === "string" ? input.notification_type : undefined,
    message: typeof input.message === "string" ? input.message.slice(0, MAX_FIELD) : undefined,
    at: Date.now(),
  };
  const socket = connect(socketPath);
  socket.on("error", finish);
  socket.on("close", finish);
  socket.on("connect", () => socket.end(`${JSON.stringify(report)}\n`));
}

main().catch(finish);
