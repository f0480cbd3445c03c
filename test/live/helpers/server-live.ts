/**
 * What the live server tests share: the sessions `hmux ls --json` lists, stopping whatever server a
 * sandbox may still have, and one client's events per session with a wait for the next that matches.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { VERSION } from "../../../src/cli/main.js";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { systemClock } from "../../../src/main/system-clock.js";
import type { SessionSummary } from "../../../src/protocol/index.js";
import { ServerClient } from "../../../src/server/client.js";
import { serverPaths } from "../../../src/server/paths.js";
import { hmux, type Sandbox, sandbox } from "../session-live.js";

export type LiveEvent = SessionEvent & Record<string, unknown>;

/**
 * A sandbox for a server case, and the folder its sessions work in. Isolated homes and state dirs
 * go under the sandbox (TMPDIR), so the case cleans up all it made; an idle server stays two minutes.
 */
export function serverSandbox(): { box: Sandbox; work: string } {
  const box = sandbox();
  box.env.TMPDIR = join(box.dir, "tmp");
  box.env.HMUX_SERVER_IDLE_EXIT = "120";
  mkdirSync(box.env.TMPDIR, { recursive: true });
  const work = join(box.dir, "work");
  mkdirSync(work, { recursive: true });
  return { box, work };
}

/** A client logged in to the sandbox's server. */
export const connectClient = (box: Sandbox): Promise<ServerClient> =>
  ServerClient.connect(serverPaths(box.env), VERSION, systemClock);

export async function lsRows(box: Sandbox): Promise<SessionSummary[]> {
  const r = await hmux(box, ["ls", "--json"]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SessionSummary);
}

export const serverPid = (box: Sandbox): number => Number(readFileSync(serverPaths(box.env).pid, "utf8").trim());

/** Stops whatever server the sandbox may still have: politely, then by its pid. */
export async function stopServer(box: Sandbox): Promise<void> {
  await hmux(box, ["kill-server"]);
  if (!existsSync(serverPaths(box.env).pid)) return;
  try {
    process.kill(serverPid(box), "SIGKILL");
  } catch {
    // already gone
  }
}

/**
 * Every event a client hears, per session: the replay an `attach` carries in its reply, then the
 * event lines after it. `next` waits for the first match from a point: an index
 * into the session's events, or the first event matching `from`.
 */
export function sessionEvents(client: ServerClient) {
  const seen: { session: string; e: LiveEvent }[] = [];
  let wake: (() => void) | null = null;
  client.onEvent((session, event) => {
    seen.push({ session, e: event as LiveEvent });
    wake?.();
  });
  const of = (session: string) => seen.filter((s) => s.session === session).map((s) => s.e);
  const next = async (
    session: string,
    pred: (e: LiveEvent) => boolean,
    from: number | ((e: LiveEvent) => boolean) = 0,
    ms = 90_000,
  ): Promise<LiveEvent> => {
    const end = Date.now() + ms;
    for (;;) {
      const own = of(session);
      const start = typeof from === "number" ? from : own.findIndex(from);
      const hit = start < 0 ? undefined : own.slice(start).find(pred);
      if (hit) return hit;
      if (Date.now() > end) throw new Error(`timed out on ${session}; saw ${own.map((e) => e.kind).join(",")}`);
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 500);
      });
    }
  };
  /** Attaches through this client, taking the reply's replay in as heard before what follows it. */
  const attach = async (session: string) => {
    const reply = await client.request({ op: "attach", session });
    const replayed = reply.events.map((e) => ({ session: reply.session.id, e: e as LiveEvent }));
    const after = seen.splice(0);
    seen.push(
      ...after.filter((s) => s.session !== reply.session.id),
      ...replayed,
      ...after.filter((s) => s.session === reply.session.id),
    );
    wake?.();
    return reply;
  };
  return { of, next, attach };
}
