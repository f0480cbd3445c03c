/**
 * `hmux diff <session|workspace>`: what a session's worktree changed against its base — each file
 * with its +/- line counts, then the unified diff (coloured on a terminal). A session is named as
 * `hmux kill` names it — its id, its name, or the start of its id — found through the server's
 * sessions and the ids the workspace registry recorded (and its journal's cwd).
 */

import { existsSync } from "node:fs";
import type { SessionSummary } from "../../protocol/index.js";
import type { ServerClient } from "../../server/client.js";
import { isServerError } from "../../server/errors.js";
import { findSessionTarget, type TargetableSession } from "../../server/session-target.js";
import { journalPath, readMeta } from "../../session/journal.js";
import { type FileChange, workspaceDiff } from "../../workspace/diff.js";
import { WorkspaceError } from "../../workspace/errors.js";
import type { WorkspaceEntry, WorkspaceRegistry } from "../../workspace/registry.js";
import { findWorkspace } from "../../workspace/remove.js";
import { turnDiff } from "../../workspace/turns.js";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext, ProcessBasics } from "../context.js";
import type { Output } from "../render/output.js";
import { reachLocalServer } from "../server-client.js";

interface DiffFlags {
  turn?: number;
  json?: boolean;
  stat?: boolean;
  color?: boolean;
}

export async function diffAction(run: CommandRuntime, target: string, flags: DiffFlags): Promise<void> {
  const context = await run.context();
  process.exitCode = await diffCommand(target, flags, context.output, context, process.stdout.isTTY === true);
}

export async function diffCommand(
  target: string,
  flags: DiffFlags,
  output: Output,
  context: CliContext,
  tty: boolean,
): Promise<number> {
  const ports = context.workspace;
  const entry = await resolveTarget(ports.registry(), target, context.env, () => serverSessions(context));
  if (!existsSync(entry.path))
    throw new WorkspaceError(`workspace ${entry.name}'s folder ${entry.path} no longer exists`, {
      issue: "unknown-workspace",
      hint: `its branch ${entry.branch} may still hold its commits: git log ${entry.branch}`,
    });
  const color = !flags.json && flags.color !== false && tty && !context.env.NO_COLOR;
  const diff =
    flags.turn !== undefined
      ? await turnDiff(ports.git, entry, flags.turn, { color, patch: !flags.stat })
      : await workspaceDiff(ports.git, entry, { color, patch: !flags.stat });
  const against =
    flags.turn !== undefined
      ? `turn ${flags.turn} (from its start)`
      : `${entry.base} (merge base ${diff.mergeBase.slice(0, 12)})`;
  if (flags.json) {
    output.out(
      `${JSON.stringify({
        workspace: entry.name,
        path: entry.path,
        branch: entry.branch,
        base: entry.base,
        ...(flags.turn !== undefined ? { turn: flags.turn } : {}),
        mergeBase: diff.mergeBase,
        files: diff.files,
        added: diff.added,
        removed: diff.removed,
        ...(flags.stat ? {} : { patch: diff.patch }),
      })}\n`,
    );
    return 0;
  }
  const paint = (code: string, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  output.out(
    `${entry.name}: ${entry.path}, ${against}: ${diff.files.length} file(s), ${paint("32", `+${diff.added}`)} ${paint("31", `-${diff.removed}`)}\n`,
  );
  const counts = diff.files.map((f) => [countText(f.added, "+"), countText(f.removed, "-")] as const);
  const wa = Math.max(0, ...counts.map((c) => c[0].length));
  const wr = Math.max(0, ...counts.map((c) => c[1].length));
  diff.files.forEach((f, i) => {
    const [a, r] = counts[i]!;
    output.out(`  ${paint("32", a.padStart(wa))} ${paint("31", r.padStart(wr))}  ${fileLabel(f)}\n`);
  });
  if (!flags.stat && diff.patch !== "") output.out(`\n${diff.patch}`);
  return 0;
}

function countText(n: number | null, sign: string): string {
  return n === null ? "bin" : `${sign}${n}`;
}

function fileLabel(f: FileChange): string {
  return f.from !== undefined ? `${f.from} → ${f.path}` : f.path;
}

/** The sessions of this machine's hmux server, or why it could not be asked (none running is no sessions). */
type ServerSessions = { readonly sessions: readonly SessionSummary[] } | { readonly problem: string };

async function serverSessions(basics: ProcessBasics): Promise<ServerSessions> {
  let client: ServerClient;
  try {
    client = await reachLocalServer(basics, false);
  } catch (err) {
    return isServerError(err) && err.code === "no-server" ? { sessions: [] } : { problem: (err as Error).message };
  }
  try {
    const reply = await client.request({ op: "list" });
    return { sessions: reply.sessions as SessionSummary[] };
  } catch (err) {
    return { problem: (err as Error).message };
  } finally {
    client.close();
  }
}

/**
 * A workspace by name; else the workspace a session ran in, the session named as `hmux kill` and
 * `hmux resume` name it (an exact id, then a name, then a unique start of an id), among the
 * server's sessions and every session the registry recorded in a workspace (so an ended one's
 * short id still works).
 */
async function resolveTarget(
  registry: WorkspaceRegistry,
  target: string,
  env: NodeJS.ProcessEnv,
  server: () => Promise<ServerSessions>,
): Promise<WorkspaceEntry> {
  const all = registry.list();
  if (all.some((e) => e.name === target || `${e.repoName}/${e.name}` === target))
    return findWorkspace(registry, target);
  const ranIn = (id: string) =>
    all.filter((e) => e.sessions?.includes(id) || e.holders.some((h) => h.sessionId === id));
  if (ranIn(target).length === 1) return ranIn(target)[0]!;
  const live = await server();
  const recorded = all.flatMap((e) => [...(e.sessions ?? []), ...e.holders.flatMap((h) => h.sessionId ?? [])]);
  const candidates = new Map<string, { id: string; name: string; workspace?: SessionSummary["workspace"] }>();
  for (const id of recorded) candidates.set(id, { id, name: id });
  for (const s of "sessions" in live ? live.sessions : []) candidates.set(s.id, s);
  const session = sessionNamed(candidates.values(), target);
  const id = session?.id ?? target;
  const [only, ...more] = ranIn(id);
  if (only && more.length === 0) return only;
  const w = session?.workspace;
  const byServer = w ? all.find((e) => e.repo === w.repo && e.name === w.name) : undefined;
  if (byServer) return byServer;
  const cwd = journalCwd(id, env);
  const byCwd = cwd === undefined ? undefined : all.find((e) => e.path === cwd);
  if (byCwd) return byCwd;
  const name = session && session.name !== session.id ? `session ${session.name} (${id})` : `session ${id}`;
  if (session || cwd !== undefined)
    throw new WorkspaceError(
      `${name} ${cwd !== undefined ? `ran in ${cwd}, which is` : "runs in a folder that is"} not an hmux workspace`,
      {
        issue: "unknown-workspace",
        hint: "hmux diff shows sessions started with --worktree; use git diff in that folder",
      },
    );
  const known = all.map((e) => `${e.repoName}/${e.name}`);
  throw new WorkspaceError(`no workspace or session named ${JSON.stringify(target)}`, {
    issue: "unknown-workspace",
    hint: [
      known.length > 0 ? `workspaces: ${known.join(", ")}` : "no workspaces exist yet",
      "sessions: see hmux ls (a name, an id, or the start of one)",
      ...("problem" in live ? [`the hmux server could not be asked: ${live.problem}`] : []),
    ].join("; "),
  });
}

/** The session a target names, or null when none does; a start shared by several ids is an error naming them. */
function sessionNamed<T extends TargetableSession>(sessions: Iterable<T>, target: string): T | null {
  try {
    return findSessionTarget(sessions, target);
  } catch (err) {
    if (isServerError(err) && err.code === "no-such-session") return null;
    if (isServerError(err))
      throw new WorkspaceError(err.message, { issue: "ambiguous-workspace", ...(err.hint ? { hint: err.hint } : {}) });
    throw err;
  }
}

function journalCwd(sessionId: string, env: NodeJS.ProcessEnv): string | undefined {
  try {
    return readMeta(journalPath(sessionId, env))?.cwd;
  } catch {
    return undefined;
  }
}
