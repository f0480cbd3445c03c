/**
 * Probe one pinned ACP agent against the scripted model with a raw SDK client, and record
 * every JSON-RPC line both ways: what its initialize reply offers, what a gated shell call's
 * session/request_permission looks like, and what it does when the client allows, denies,
 * cancels or stays silent. The recordings are the evidence behind the ACP capability rows.
 *
 *   node scripts/netns-run.mjs tsx scripts/acp-probe.ts <agent> <scenario> [--save]
 *
 * scenario: plain | read | allow | deny | cancel | silent | outside | unescalated | question | interrupt.
 * outside asks for an out-of-workspace write with escalation (codex's sandbox_permissions), unescalated
 * without; the client allows every permission in both, so only a sandbox can stop the write.
 * malformed answers a permission with an option id the agent never offered; deny-again denies the
 * shell call, then prompts the same again and allows it.
 * --save writes the stream to test/fixtures/acp/<agent>/<scenario>.ndjson (paths made relative).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { client, ndJsonStream } from "@agentclientprotocol/sdk";
import { parseScript } from "../src/scripted-model/script-schema.js";
import { startModelServer } from "../src/scripted-model/server.js";
import { ACP_AGENTS, type AcpAgent, acpRoot, isolateAcp } from "../test/live/helpers/acp-agents.js";
import { REPO_ROOT } from "../test/live/helpers/isolated-cli.js";

const SCENARIOS = [
  "plain",
  "read",
  "allow",
  "deny",
  "cancel",
  "silent",
  "outside",
  "unescalated",
  "malformed",
  "deny-again",
  "question",
  "interrupt",
] as const;
type Scenario = (typeof SCENARIOS)[number];

const agent = process.argv[2] as AcpAgent;
const scenario = process.argv[3] as Scenario;
const save = process.argv.includes("--save");
const silentMs = Number(process.env.PROBE_SILENT_MS ?? 20_000);
if (!ACP_AGENTS.includes(agent) || !SCENARIOS.includes(scenario)) {
  process.stderr.write(`usage: acp-probe <${ACP_AGENTS.join("|")}> <${SCENARIOS.join("|")}> [--save]\n`);
  process.exit(2);
}

function scriptFor(outsidePath: string, readme: string) {
  return parseScript({
    rules: [
      {
        name: "plain",
        match: { contains: "probe plain" },
        replies: [{ text: ["Hello ", "from the scripted model."] }],
      },
      {
        name: "read",
        match: { contains: "probe read" },
        replies: [
          { text: "Reading.", tools: [{ tool: "read", path: readme }] },
          { text: "The file says: {{toolResult}}", expect: { toolResult: "acp-probe-readme" } },
        ],
      },
      {
        name: "shell",
        match: { contains: "probe shell" },
        replies: [
          { text: "Running.", tools: [{ tool: "shell", command: "touch acp-shell.txt", escalate: true }] },
          { text: "The command ran." },
        ],
        onError: { text: "The command was refused." },
      },
      {
        name: "outside",
        match: { contains: "probe outside" },
        replies: [
          { text: "Writing outside.", tools: [{ tool: "shell", command: `touch ${outsidePath}`, escalate: true }] },
          { text: "The command ran." },
        ],
        onError: { text: "The command was refused." },
      },
      {
        name: "unescalated",
        match: { contains: "probe unescalated" },
        replies: [
          { text: "Writing outside.", tools: [{ tool: "shell", command: `touch ${outsidePath}` }] },
          { text: "The command ran." },
        ],
        onError: { text: "The command was refused." },
      },
      {
        name: "question",
        match: { contains: "probe question" },
        replies: [
          {
            text: "One question.",
            question: { question: "Which colour?", options: ["red", "blue"], recommended: "red" },
          },
        ],
      },
      {
        name: "interrupt",
        match: { contains: "probe interrupt" },
        replies: [{ text: ["one ", "two ", "three ", "four ", "five ", "six ", "seven ", "eight "], delayMs: 700 }],
      },
    ],
  });
}

const promptFor: Record<Scenario, string> = {
  plain: "probe plain",
  read: "probe read",
  allow: "probe shell",
  deny: "probe shell",
  cancel: "probe shell",
  silent: "probe shell",
  outside: "probe outside",
  unescalated: "probe unescalated",
  malformed: "probe shell",
  "deny-again": "probe shell",
  question: "probe question",
  interrupt: "probe interrupt",
};

/** Tool names and their parameter names, from the first model request (whatever its wire). */
function offeredTools(body: unknown): string[] {
  const tools = (body as { tools?: unknown[] } | null)?.tools ?? [];
  return tools.map((t) => {
    const tool = t as {
      name?: string;
      function?: { name?: string; parameters?: { properties?: object } };
      input_schema?: { properties?: object };
      parameters?: { properties?: object };
    };
    const name = tool.function?.name ?? tool.name ?? "?";
    const props =
      tool.function?.parameters?.properties ?? tool.input_schema?.properties ?? tool.parameters?.properties ?? {};
    return `${name}(${Object.keys(props).join(",")})`;
  });
}

/**
 * A fixture keeps the protocol's shape, not an agent's whole catalogue: qwen lists ~0.5 MB of
 * skill details in a commands update's _meta, so a commands update keeps its first three commands and
 * the names of its _meta keys, and says how many commands it left out.
 */
function trimmed(line: Line): Line {
  const msg = line.msg as {
    method?: string;
    params?: { update?: { sessionUpdate?: string; availableCommands?: unknown[] } };
  };
  const update = msg.params?.update;
  if (msg.method !== "session/update" || update?.sessionUpdate !== "available_commands_update") return line;
  const all = update.availableCommands ?? [];
  const meta = (update as { _meta?: object })._meta;
  const kept = {
    ...update,
    availableCommands: all.slice(0, 3),
    _hmuxLeftOut: Math.max(0, all.length - 3),
    ...(meta ? { _meta: { _hmuxKeys: Object.keys(meta) } } : {}),
  };
  return { ...line, msg: { ...msg, params: { ...msg.params, update: kept } } };
}

type Line = { at: number; dir: "→" | "←"; msg: unknown };

async function main(): Promise<void> {
  // Outside the agent's cwd and its HOME: where a sandbox, if any, must stop a write.
  const outsideDir = mkdtempSync(join(tmpdir(), "hmux-acp-outside-"));
  const outsidePath = join(outsideDir, "outside.txt");
  // qwen's read_file takes only absolute paths, so the script names the file by its whole path.
  const root = acpRoot(agent);
  const model = await startModelServer({ script: scriptFor(outsidePath, join(root, "work", "README.md")) });
  const iso = isolateAcp(agent, model.url, root);
  writeFileSync(join(iso.cwd, "README.md"), "acp-probe-readme\n");
  const lines: Line[] = [];
  const t0 = Date.now();
  const child = spawn(iso.command, iso.args, {
    cwd: iso.cwd,
    env: iso.env,
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  const exited = new Promise<string>((r) => child.on("exit", (code, sig) => r(`exit code=${code} signal=${sig}`)));
  const tapIn = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, c) {
      tapText(chunk, "←");
      c.enqueue(chunk);
    },
  });
  const tapOut = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, c) {
      tapText(chunk, "→");
      c.enqueue(chunk);
    },
  });
  const partial: Record<string, string> = { "←": "", "→": "" };
  const decoder = new TextDecoder();
  function tapText(chunk: Uint8Array, dir: "→" | "←") {
    partial[dir] += decoder.decode(chunk, { stream: true });
    let nl = partial[dir]!.indexOf("\n");
    while (nl >= 0) {
      const text = partial[dir]!.slice(0, nl);
      partial[dir] = partial[dir]!.slice(nl + 1);
      if (text.trim()) {
        let msg: unknown = text;
        try {
          msg = JSON.parse(text);
        } catch {
          /* keep text */
        }
        lines.push({ at: Date.now() - t0, dir, msg });
      }
      nl = partial[dir]!.indexOf("\n");
    }
  }
  void tapOut.readable.pipeTo(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>).catch(() => {});
  const input = (Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>).pipeThrough(tapIn);
  const stream = ndJsonStream(tapOut.writable, input);

  let sessionId = "";
  let permissionSeen = false;
  let cancelSent = false;
  let secondPrompt = false;
  const app = client({ name: "hmux-probe" })
    .onNotification("session/update", async ({ params, agent: ctx }) => {
      if (scenario === "interrupt" && !cancelSent && params.update.sessionUpdate === "agent_message_chunk") {
        cancelSent = true;
        await ctx.notify("session/cancel", { sessionId: params.sessionId });
      }
    })
    .onRequest("session/request_permission", async ({ params, agent: ctx }) => {
      permissionSeen = true;
      const pick = (kinds: string[]) => params.options.find((o) => kinds.includes(o.kind));
      if (scenario === "deny" || (scenario === "deny-again" && !secondPrompt)) {
        const o = pick(["reject_once", "reject_always"]);
        return o ? { outcome: { outcome: "selected", optionId: o.optionId } } : { outcome: { outcome: "cancelled" } };
      }
      // An option id the agent never offered: does it run the call anyway (fail open)?
      if (scenario === "malformed") return { outcome: { outcome: "selected", optionId: "hmux-not-an-option" } };
      if (scenario === "cancel") {
        cancelSent = true;
        await ctx.notify("session/cancel", { sessionId: params.sessionId });
        return { outcome: { outcome: "cancelled" } };
      }
      if (scenario === "silent") {
        await new Promise((r) => setTimeout(r, silentMs));
        cancelSent = true;
        await ctx.notify("session/cancel", { sessionId: params.sessionId });
        return { outcome: { outcome: "cancelled" } };
      }
      const o = pick(["allow_once", "allow_always"]);
      return o ? { outcome: { outcome: "selected", optionId: o.optionId } } : { outcome: { outcome: "cancelled" } };
    });
  const conn = app.connect(stream);
  const result: Record<string, unknown> = { agent, scenario };
  const timeout = setTimeout(() => {
    result.timedOut = true;
    finish().catch(() => {});
  }, 90_000);
  let finished = false;
  async function finish() {
    if (finished) return;
    finished = true;
    clearTimeout(timeout);
    result.stderrTail = stderr.slice(-1500);
    result.shellFileExists = existsSync(join(iso.cwd, "acp-shell.txt"));
    result.outsideFileExists = existsSync(outsidePath);
    result.permissionSeen = permissionSeen;
    if (process.env.PROBE_DEBUG) result.requestBodies = model.requests().map((r) => r.body);
    result.offeredTools = offeredTools(model.requests()[0]?.body);
    result.modelRequests = model.requests().map((r) => ({
      path: r.path,
      outcome: r.outcome,
      rule: r.rule,
      replyIndex: r.replyIndex,
      onError: r.onError,
      error: r.error,
      checks: r.checks.filter((c) => !c.ok),
    }));
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* gone */
    }
    const how = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r("still running"), 3000))]);
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      /* gone */
    }
    result.exit = how;
    await model.close();
    const rel = (v: unknown) =>
      JSON.parse(
        JSON.stringify(v)
          .replaceAll(iso.root, "<root>")
          .replaceAll(outsideDir, "<outside>")
          .replaceAll(REPO_ROOT, "<repo>"),
      );
    if (save) {
      const dir = join(REPO_ROOT, "test", "fixtures", "acp", agent);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, `${scenario}.ndjson`),
        `${lines.map((l) => JSON.stringify(rel(trimmed(l)))).join("\n")}\n`,
      );
    }
    process.stdout.write(`${JSON.stringify(rel({ ...result, lines }), null, 1)}\n`);
    iso.cleanup();
    rmSync(outsideDir, { recursive: true, force: true });
    process.exit(0);
  }
  try {
    const init = await conn.agent.request("initialize", {
      protocolVersion: 1,
      clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
      clientInfo: { name: "hmux-probe", version: "0.1.0" },
    });
    result.initializeMs = Date.now() - t0;
    result.initialize = init;
    const created = await conn.agent.request("session/new", { cwd: iso.cwd, mcpServers: [] });
    result.newSessionMs = Date.now() - t0;
    sessionId = created.sessionId;
    const reply = await conn.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: promptFor[scenario] }],
    });
    result.promptMs = Date.now() - t0;
    result.stopReason = reply.stopReason;
    if (scenario === "deny-again") {
      // The same call asked for again after a denial, and allowed this time.
      secondPrompt = true;
      const again = await conn.agent.request("session/prompt", {
        sessionId,
        prompt: [{ type: "text", text: promptFor[scenario] }],
      });
      result.secondStopReason = again.stopReason;
    }
  } catch (err) {
    result.error = String((err as Error)?.message ?? err);
    result.errorData = (err as { data?: unknown }).data;
  }
  await new Promise((r) => setTimeout(r, 500));
  await finish();
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
