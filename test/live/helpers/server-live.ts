/**
 * What the live server tests share: the sessions `hmux ls --json` lists, stopping whatever server a
 * sandbox may still have, and one client's events per session with a wait for the next that matches.
 */
import { existsSync, readFileSync } from "node:fs";
import { expect } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { ServerClient } from "../../../src/server/client.js";
import { serverPaths } from "../../../src/server/paths.js";
import type { SessionSummary } from "../../../src/server/protocol.js";
import { hmux, type Sandbox } from "../session-live.js";

export type LiveEvent = SessionEvent & Record<string, unknown>;

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
 * Every event a client hears, per session. `next` waits for the first match from a point: an index
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
  return { of, next };
}
