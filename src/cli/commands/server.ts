/**
 * `hmux server`: the one server of this user, which holds sessions while no terminal does.
 * Without --foreground it makes sure a server runs (starting one as a daemon) and says where;
 * client commands (`hmux ls`, `hmux new`) do the same on demand. With --foreground this process
 * is the server, until it has held no session and no client for the idle grace, or is told to
 * stop (`hmux kill-server`, SIGTERM, SIGINT). With --stdio it is the far end of a remote client
 * (`ssh user@box hmux server --stdio`): it relays stdin and stdout to the server here, starting
 * it when none runs (src/server/transport-relay.ts).
 */

import { routeConsole } from "../../main/console-route.js";
import type { RacesLoader } from "../../server/races.js";
import { journaledSession, journalRecordsOf, restoreDetached } from "../../server/restore.js";
import { fileSessionRecords } from "../../server/restore-records.js";
import { runServer } from "../../server/run-server.js";
import { DEFAULT_MAX_KEPT_EVENTS, resumeDetached, SessionTable } from "../../server/session-table.js";
import { relayStdio } from "../../server/transport-relay.js";
import type { CommandRuntime } from "../command-line.js";
import { DEFAULT_IDLE_EXIT_SECONDS } from "../command-lines/server.js";
import type { CliContext, ProcessBasics } from "../context.js";
import { UsageError } from "../errors.js";
import { VERSION } from "../main.js";
import { type Output, processOutput } from "../render/output.js";
import { reachLocalServer, reportServerError, serverSocket, serverToken } from "../server-client.js";
import { serverHarnesses } from "../server-harnesses.js";
import { serverLauncher } from "../server-launcher.js";
import { serverPlanner } from "../server-planner.js";
import { sessionSupport } from "../session-support.js";

interface ServerFlags {
  foreground?: boolean;
  idleExit?: string;
  stdio?: boolean;
}

/** Only --foreground needs the composition root; the relay and the plain start need the environment alone. */
export async function serverAction(run: CommandRuntime, flags: ServerFlags): Promise<void> {
  const output = processOutput();
  if (flags.stdio && flags.foreground)
    throw new UsageError("--stdio and --foreground are two different roles", "use one of them");
  const basics = await run.basics();
  if (flags.stdio) {
    process.exitCode = await relayStdio({
      input: process.stdin,
      output: process.stdout,
      connect: () => serverSocket(basics),
      readToken: () => serverToken(basics),
    });
    return;
  }
  process.exitCode = flags.foreground
    ? await foreground(flags, output, await run.context())
    : await ensure(output, basics);
}

/** Seconds → ms; "never" → null. Refuses anything else. */
export function idleExitMs(raw: string | undefined): number | null {
  const text = raw ?? String(DEFAULT_IDLE_EXIT_SECONDS);
  if (text === "never") return null;
  const n = Number(text);
  if (text.trim() === "" || !Number.isFinite(n) || n < 0)
    throw new UsageError(`--idle-exit ${text} is not a number of seconds ≥ 0 or "never"`, "e.g. --idle-exit 60");
  return Math.round(n * 1000);
}

async function foreground(flags: ServerFlags, output: Output, context: CliContext): Promise<number> {
  const idle = idleExitMs(flags.idleExit ?? context.env.HMUX_SERVER_IDLE_EXIT);
  const paths = context.paths.server;
  const log = (line: string) => output.err(`${new Date(context.clock.now()).toISOString()} hmux server: ${line}\n`);
  // What the server's code prints through the console (a library's console.error) is a log line like its own.
  routeConsole((line) => log(`console: ${line}`));
  const table = new SessionTable({
    launcher: serverLauncher(context),
    planner: serverPlanner(context),
    harnesses: serverHarnesses(context),
    clock: context.clock,
    records: fileSessionRecords(context.env, () => context.clock.now()),
    journaled: (target) => journaledSession(target, context.env, DEFAULT_MAX_KEPT_EVENTS),
    journal: (id) => journalRecordsOf(id, context.env),
    log,
  });
  // The races it runs for its clients: the check, git and the merge happen here, where the worktrees
  // are. Made by the first race op: a server whose clients never race never loads the race modules.
  const checkEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(context.env)) if (typeof v === "string") checkEnv[k] = v;
  let made: ReturnType<RacesLoader> | undefined;
  const races: RacesLoader = () =>
    (made ??= Promise.all([import("../../server/races.js"), import("../../race/record.js")]).then(
      ([{ journaledEvents, serverRaces }, { RaceStore }]) =>
        serverRaces({
          table,
          workspace: context.workspace,
          store: new RaceStore(context.env),
          checkEnv,
          journaled: journaledEvents(context.env),
        }),
    ));
  // The harness modules the config registers that this server will not run, each with why (said before any client can ask).
  for (const refused of context.registry.refused) log(refused.message);
  const startedAt = context.clock.now();
  let running: Awaited<ReturnType<typeof runServer>>;
  try {
    running = await runServer({
      paths,
      table,
      races,
      version: VERSION,
      idleExitMs: idle,
      clock: context.clock,
      log,
      signals: true,
      claimed: () => restore(table, context, startedAt, log),
    });
  } catch (err) {
    return reportServerError("server", err, output);
  }
  if (running.kind === "running-elsewhere") {
    log(`another hmux server already listens on ${paths.socket}; this one stands down`);
    return 0;
  }
  if (autoResume(context, log)) void resumeDetached(table, log);
  await running.stopped;
  return 0;
}

/** Lists the sessions of a server that died as detached rows, and says what could not be. */
function restore(table: SessionTable, context: CliContext, startedAt: number, log: (line: string) => void): void {
  try {
    const found = restoreDetached({
      env: context.env,
      self: { pid: process.pid, startedAt },
      maxKept: DEFAULT_MAX_KEPT_EVENTS,
      now: () => context.clock.now(),
    });
    for (const note of found.notes) log(note);
    // A restored row says what its channel takes as this server's registry knows its harness.
    const sessions = found.sessions.map((s) => {
      const support = sessionSupport(context.registry, s.record.harness);
      return support ? { ...s, support } : s;
    });
    for (const s of table.restore(sessions)) {
      const r = s.restored;
      const lost = r && r.lostCalls > 0 ? `, ${r.lostCalls} pending call(s) lost` : "";
      log(`restored ${s.name} (${s.id}, ${s.harness}) as detached${lost}${r?.cut ? `; ${r.cut}` : ""}`);
    }
  } catch (err) {
    // A journal folder that cannot be read loses the restore, never the server.
    log(`nothing restored: ${(err as Error).message}`);
  }
}

/** The user config's `server.autoResume` (default off); a config that does not parse leaves it off. */
function autoResume(context: CliContext, log: (line: string) => void): boolean {
  try {
    return context.launch.configFiles(context.env.HOME ?? "/").user?.server?.autoResume === true;
  } catch (err) {
    log(`server.autoResume not read (off): ${(err as Error).message}`);
    return false;
  }
}

async function ensure(output: Output, basics: ProcessBasics): Promise<number> {
  try {
    const client = await reachLocalServer(basics, true);
    output.out(`hmux server pid ${client.hello.pid} on ${basics.paths.server.socket}\n`);
    client.close();
    return 0;
  } catch (err) {
    return reportServerError("server", err, output);
  }
}
