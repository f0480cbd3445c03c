/**
 * Local mode's server: the hmux server's own table, launcher and planner, run in this process
 * (src/server/in-process.ts). `hmux native` opens its TUI as a client of it, so its panes are
 * planned and opened by the same code as every server's; they end with the TUI (nothing else
 * can reach them), and no later server lists them (their journals stay, as `hmux resume` reads them).
 */
import { homedir } from "node:os";
import { RaceStore } from "../race/record.js";
import type { ServerClient } from "../server/client.js";
import { startInProcessServer } from "../server/in-process.js";
import { journaledEvents, serverRaces } from "../server/races.js";
import { journaledSession, journalRecordsOf } from "../server/restore.js";
import { DEFAULT_MAX_KEPT_EVENTS, SessionTable } from "../server/session-table.js";
import type { CliContext } from "./context.js";
import { VERSION } from "./main.js";
import { serverHarnesses } from "./server-harnesses.js";
import { serverLauncher } from "./server-launcher.js";
import { serverPlanner } from "./server-planner.js";

export interface LocalServer {
  readonly client: ServerClient;
  /** Ends its sessions; resolves once they have ended. */
  stop(): Promise<void>;
}

export async function startLocalServer(context: CliContext): Promise<LocalServer> {
  const table = new SessionTable({
    launcher: serverLauncher(context),
    planner: serverPlanner(context),
    harnesses: serverHarnesses(context),
    clock: context.clock,
    // A halted pane's resume key reopens it from its journal, as on any server.
    journaled: (target) => journaledSession(target, context.env, DEFAULT_MAX_KEPT_EVENTS),
    journal: (id) => journalRecordsOf(id, context.env),
  });
  // Its races run here as on any server: the check, git and the merge in this process's checkout.
  const checkEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(context.env)) if (typeof v === "string") checkEnv[k] = v;
  const races = serverRaces({
    table,
    workspace: context.workspace,
    store: new RaceStore(context.env),
    checkEnv,
    journaled: journaledEvents(context.env),
  });
  const server = startInProcessServer({
    table,
    races: async () => races,
    version: VERSION,
    clock: context.clock,
    home: context.env.HOME ?? homedir(),
  });
  const client = await server.connect();
  return { client, stop: () => server.stop("the TUI closed") };
}
