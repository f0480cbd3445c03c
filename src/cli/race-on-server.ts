/**
 * `hmux race pick|discard` of a race of sessions asks the server that holds its contestants, as a
 * TUI does: the server ends their sessions before any worktree is touched, and knows the race was
 * ended. A race whose record names no session (a headless `hmux race`), or one no server runs for
 * now, is ended by the command itself from its record.
 */
import { RaceStore } from "../race/record.js";
import type { ServerClient } from "../server/client.js";
import { EXIT_WOULD_LOSE_WORK } from "../workspace/errors.js";
import type { CliContext } from "./context.js";
import type { Output } from "./render/output.js";
import { reachLocalServer, reportServerError } from "./server-client.js";

/** The running server a race of sessions is ended through; null when it is the command's to end. */
export async function serverOfRace(context: CliContext, race: string): Promise<ServerClient | null> {
  let ofSessions: boolean;
  try {
    ofSessions = new RaceStore(context.env).read(race).contestants.some((c) => c.session !== undefined);
  } catch {
    return null; // the command reads the record again and says what is wrong with it
  }
  if (!ofSessions) return null;
  try {
    return await reachLocalServer(context, false);
  } catch {
    return null; // no server runs: none holds the contestants
  }
}

interface RaceEndReply {
  readonly text: string;
  readonly kept: ReadonlyArray<{ readonly workspace: string; readonly reason: string }>;
}

/** The server's answer in the command's words and exit code (3 when a worktree was kept to protect work). */
export async function endedOnServer(
  command: string,
  client: ServerClient,
  output: Output,
  ask: (client: ServerClient) => Promise<RaceEndReply>,
): Promise<number> {
  try {
    const reply = await ask(client);
    output.out(`${reply.text}\n`);
    for (const k of reply.kept) output.err(`hmux: kept workspace ${k.workspace}: ${k.reason}\n`);
    if (reply.kept.length === 0) return 0;
    output.err("  hint: look first (hmux diff <workspace>), then pass --force to remove them anyway\n");
    return EXIT_WOULD_LOSE_WORK;
  } catch (err) {
    return reportServerError(command, err, output);
  } finally {
    client.close();
  }
}
