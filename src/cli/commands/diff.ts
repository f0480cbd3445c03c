/**
 * `hmux diff <session|workspace>`: what a session's worktree changed against its base — each file
 * with its +/- line counts, then the unified diff (coloured on a terminal). A session is found by
 * the id it was started with (the workspace registry records it, and its journal records its cwd).
 */
import { existsSync } from "node:fs";
import type { Command } from "commander";
import { journalPath, readMeta } from "../../session/journal.js";
import { type FileChange, workspaceDiff } from "../../workspace/diff.js";
import { WorkspaceError } from "../../workspace/errors.js";
import type { WorkspaceEntry, WorkspaceRegistry } from "../../workspace/registry.js";
import { findWorkspace } from "../../workspace/remove.js";
import { turnDiff } from "../../workspace/turns.js";
import type { CliContext } from "../context.js";
import type { Output } from "../render/output.js";

function turnNumber(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1)
    throw new WorkspaceError(`--turn expects a turn number from 1, got ${JSON.stringify(value)}`, {
      issue: "unknown-workspace",
      hint: "hmux diff <workspace> --turn 1",
    });
  return n;
}

interface DiffFlags {
  turn?: number;
  json?: boolean;
  stat?: boolean;
  color?: boolean;
}

export function register(program: Command, context: CliContext): void {
  program
    .command("diff")
    .description("what a session's worktree changed against its base: files with +/- counts, then the unified diff")
    .argument("<target>", "a workspace name (or <repo>/<name>), or the id of a session that ran in one")
    .option("--stat", "only the files and their +/- counts")
    .option("--turn <n>", "only what turn n changed (1 = the first turn recorded in the workspace)", turnNumber)
    .option("--json", "one JSON object: the files, the totals and the diff")
    .option("--no-color", "no colours even on a terminal")
    .action(async (target: string, flags: DiffFlags) => {
      process.exitCode = await diffCommand(target, flags, context.output, context, process.stdout.isTTY === true);
    });
}

export async function diffCommand(
  target: string,
  flags: DiffFlags,
  output: Output,
  context: CliContext,
  tty: boolean,
): Promise<number> {
  const ports = context.workspace;
  const entry = resolveTarget(ports.registry(), target, context.env);
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

/** A workspace by name, else the workspace a session (by id) was started in. */
function resolveTarget(registry: WorkspaceRegistry, target: string, env: NodeJS.ProcessEnv): WorkspaceEntry {
  const all = registry.list();
  const bySession = all.filter((e) => e.sessions?.includes(target) || e.holders.some((h) => h.sessionId === target));
  if (!all.some((e) => e.name === target || `${e.repoName}/${e.name}` === target)) {
    if (bySession.length === 1) return bySession[0]!;
    const cwd = journalCwd(target, env);
    const byCwd = cwd === undefined ? undefined : all.find((e) => e.path === cwd);
    if (byCwd) return byCwd;
    if (cwd !== undefined)
      throw new WorkspaceError(`session ${target} ran in ${cwd}, which is not an hmux workspace`, {
        issue: "unknown-workspace",
        hint: "hmux diff shows sessions started with --worktree; use git diff in that folder",
      });
  }
  return findWorkspace(registry, target);
}

function journalCwd(sessionId: string, env: NodeJS.ProcessEnv): string | undefined {
  try {
    return readMeta(journalPath(sessionId, env))?.cwd;
  } catch {
    return undefined;
  }
}
