/**
 * `hmux demo` (= `npm start`): the embedded scripted model on 127.0.0.1 and three panes —
 * the real claude, codex and pi — on its script. Every harness runs isolated (its own HOME
 * under its session's state dir), so no credentials are needed and nothing of the user's is
 * touched. The panes' sessions run on the hmux server and the model runs as its own daemon,
 * so detaching (Ctrl+Q) leaves both running; `hmux attach` comes back to them.
 */

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makePrivateDirExclusive } from "../../files/private-dir.js";
import { type DemoModel, startDemoModel } from "../../main/demo-model.js";
import type { TuiExit } from "../../main/open-tui.js";
import type { SessionSummary } from "../../protocol/index.js";
import { parseScriptText } from "../../scripted-model/script-schema.js";
import type { ServerClient } from "../../server/client.js";
import { demoHarnesses } from "../../session/launch.js";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext } from "../context.js";
import { UsageError } from "../errors.js";
import { reachServer } from "../server-client.js";
import { StartupInterrupt } from "../startup-interrupt.js";
import { endOfTui, requireTerminal } from "./tui.js";

interface DemoFlags {
  port?: string;
  script?: string;
  theme?: string;
  harness?: string[];
  prompt?: string;
  mouse?: boolean;
}

export const DEMO_PROMPT = "Show me the hmux demo.";

const README = `# hmux demo project

A scratch folder the demo's agents work in. The scripted model reads this file,
asks to create hmux-demo.txt (approve or deny it), then asks you a question.
`;

export async function demoCommand(flags: DemoFlags, context: CliContext): Promise<void> {
  const port = Number(flags.port ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port: expected 0-65535, got ${flags.port}`);
  // A bad script is refused here, before anything starts (and before asking for a terminal).
  if (flags.script) parseScriptText(readScript(flags.script), flags.script);
  requireTerminal();
  const harnesses = flags.harness && flags.harness.length > 0 ? flags.harness : [...demoHarnesses(context.registry)];
  // Until the TUI draws, Ctrl-C is a signal that would end hmux and leave the model daemon and
  // its folder (and any session already opened) behind: the guard undoes them instead.
  const guard = new StartupInterrupt({
    command: "hmux demo",
    say: (line) => context.output.err(line),
    exit: (code) => process.exit(code),
  });
  try {
    // A server that died under the demo's TUI is said, with exit 1, as for hmux attach.
    process.exitCode = endOfTui(await runDemo(flags, context, port, harnesses, guard), undefined, context.output);
  } finally {
    guard.disarm();
  }
}

async function runDemo(
  flags: DemoFlags,
  context: CliContext,
  port: number,
  harnesses: readonly string[],
  guard: StartupInterrupt,
): Promise<TuiExit> {
  const server = await reachServer(context, true);
  guard.onStop(() => server.close());
  let model: DemoModel;
  try {
    model = await startDemoModel({
      paths: context.paths.server,
      serverPid: server.hello.pid,
      port,
      ...(flags.script ? { script: flags.script } : {}),
      env: context.env,
      started: (stop) => guard.onStop(stop),
    });
  } catch (err) {
    server.close();
    throw err;
  }
  const work = join(model.dir, "project");
  makePrivateDirExclusive(work);
  writeFileSync(join(work, "README.md"), README, { mode: 0o600 });
  // The panes' sessions are opened before the TUI draws; a stop then ends them with the model.
  guard.onStop(() => endSessionsIn(server, work));
  try {
    const openTui = await context.loadOpenTui();
    return await openTui({
      app: context,
      cwd: work,
      server,
      ...(flags.theme ? { theme: flags.theme } : {}),
      ...(flags.mouse ? { mouse: true } : {}),
      sessions: harnesses.map((harness) => ({ harness, prompt: flags.prompt ?? DEMO_PROMPT })),
      launcher: {
        isolate: true,
        escalateQuestions: true,
        defaultEndpoint: model.url,
      },
      // The TUI has the terminal from here on: Ctrl-C is a key, and it handles TERM and HUP itself.
      extra: { onStore: () => guard.disarm() },
    });
  } finally {
    await settle(model, work, context);
  }
}

/** Kills the sessions working in the demo's project (those a stopped start-up had opened). */
async function endSessionsIn(server: ServerClient, work: string): Promise<void> {
  const rows = (await server.list()).filter((s) => s.cwd === work || s.cwd.startsWith(`${work}/`));
  await Promise.allSettled(rows.map((row) => server.request({ op: "kill", session: row.id })));
}

function readScript(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "not found" : (err as Error).message;
    throw new UsageError(
      `--script ${path}: ${why}`,
      "pass a readable JSON script, or omit --script for the built-in one",
    );
  }
}

/**
 * After the TUI: while any of the demo's sessions is still on the server (a detach), the model
 * and the project stay for them; once none is, both go.
 */
async function settle(model: DemoModel, work: string, context: CliContext): Promise<void> {
  let left: SessionSummary[] = [];
  try {
    const client = await reachServer(context, false);
    try {
      left = (await client.list()).filter((s) => s.cwd === work || s.cwd.startsWith(`${work}/`));
    } finally {
      client.close();
    }
  } catch {
    // No server: nothing of the demo's is left running.
  }
  if (left.length === 0) {
    model.stop();
    return;
  }
  context.output.err(
    `hmux demo: detached; ${left.length} session${left.length === 1 ? "" : "s"} keep${left.length === 1 ? "s" : ""} running on the hmux server (hmux attach brings them back, hmux ls lists them)\n` +
      `hmux demo: the scripted model stays at ${model.url} while they do (request log: ${model.requestLog})\n`,
  );
}

/** Help text spells small counts out ("three panes"). */

export async function demoAction(run: CommandRuntime, flags: DemoFlags): Promise<void> {
  await demoCommand(flags, await run.context());
}
