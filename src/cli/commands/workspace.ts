/**
 * `hmux workspace ls|rm|gc`: the worktrees hmux made for sessions. `ls` shows each one's branch,
 * base, ahead/behind, uncommitted files, disk use and the live session in it; `rm NAME` removes
 * one unless that would lose work (exit 3, naming what); `gc` removes the orphans that are clean
 * and lists the others with what they still hold.
 */

import { mergeWorkspace } from "../../workspace/merge.js";
import type { WorkspaceHolder } from "../../workspace/registry.js";
import { collectGarbage, findWorkspace, removeWorkspace } from "../../workspace/remove.js";
import { humanBytes, type WorkspaceStatus, workspaceStatus } from "../../workspace/status.js";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext } from "../context.js";
import type { Output } from "../render/output.js";

export async function workspaceLsAction(run: CommandRuntime, flags: { json?: boolean }): Promise<void> {
  const context = await run.context();
  process.exitCode = await workspaceLs(flags, context.output, context);
}

export async function workspaceRmAction(
  run: CommandRuntime,
  name: string,
  flags: { force?: boolean; keepBranch?: boolean },
): Promise<void> {
  const context = await run.context();
  process.exitCode = await workspaceRm(name, flags, context.output, context);
}

export async function workspaceMergeAction(run: CommandRuntime, name: string, flags: { ff?: boolean }): Promise<void> {
  const context = await run.context();
  process.exitCode = await workspaceMerge(name, flags, context.output, context);
}

export async function workspaceGcAction(
  run: CommandRuntime,
  flags: { dryRun?: boolean; json?: boolean },
): Promise<void> {
  const context = await run.context();
  process.exitCode = await workspaceGc(flags, context.output, context);
}

function statusJson(s: WorkspaceStatus): Record<string, unknown> {
  return {
    name: s.entry.name,
    repo: s.entry.repo,
    path: s.entry.path,
    present: s.present,
    branch: s.branch,
    base: s.entry.base,
    baseCommit: s.entry.baseCommit,
    ahead: s.ahead,
    behind: s.behind,
    dirty: s.dirty,
    unmerged: s.unmerged,
    diskBytes: s.diskBytes,
    sessions: s.live,
    createdAt: s.entry.createdAt,
  };
}

/** A live holder as `hmux ls` names sessions: harness and short id (the pid for a holder from before ids). */
function sessionCell(h: WorkspaceHolder): string {
  return `${h.harness ?? "?"} ${h.sessionId !== undefined ? h.sessionId.slice(0, 8) : `pid ${h.pid}`}`;
}

export async function workspaceLs(flags: { json?: boolean }, output: Output, context: CliContext): Promise<number> {
  const ports = context.workspace;
  const registry = ports.registry();
  const statuses = [];
  for (const entry of registry.list()) statuses.push(await workspaceStatus(ports.git, entry, ports.alive));
  if (flags.json) {
    for (const s of statuses) output.out(`${JSON.stringify(statusJson(s))}\n`);
    return 0;
  }
  if (statuses.length === 0) {
    output.out(`no workspaces (registry: ${registry.path}); hmux run <harness> --worktree makes one\n`);
    return 0;
  }
  const rows = [
    ["WORKSPACE", "BRANCH", "BASE", "AHEAD/BEHIND", "DIRTY", "DISK", "SESSION", "PATH"],
    ...statuses.map((s) => [
      `${s.entry.repoName}/${s.entry.name}`,
      s.present ? (s.branch ?? "(detached)") : "(missing)",
      s.entry.base,
      s.present ? `+${s.ahead}/-${s.behind}` : "-",
      String(s.dirty.length),
      humanBytes(s.diskBytes),
      s.live.length > 0 ? s.live.map(sessionCell).join(", ") : "-",
      s.entry.path,
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows)
    output.out(`${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ")}\n`);
  return 0;
}

export async function workspaceRm(
  name: string,
  flags: { force?: boolean; keepBranch?: boolean },
  output: Output,
  context: CliContext,
): Promise<number> {
  const ports = context.workspace;
  const registry = ports.registry();
  const entry = findWorkspace(registry, name);
  const removed = await removeWorkspace(ports.git, registry, entry, {
    ...(flags.force ? { force: true } : {}),
    ...(flags.keepBranch ? { keepBranch: true } : {}),
    ...(ports.alive ? { alive: ports.alive } : {}),
  });
  const branch = removed.branchDeleted ? `; branch ${entry.branch} deleted` : `; branch ${entry.branch} kept`;
  const lost = removed.discarded.length > 0 ? `, losing ${removed.discarded.join("; ")}` : "";
  output.out(`removed workspace ${entry.name} (${entry.path})${lost}${branch}\n`);
  return 0;
}

export async function workspaceGc(
  flags: { dryRun?: boolean; json?: boolean },
  output: Output,
  context: CliContext,
): Promise<number> {
  const ports = context.workspace;
  const report = await collectGarbage(ports.git, ports.registry(), {
    ...(flags.dryRun ? { dryRun: true } : {}),
    ...(ports.alive ? { alive: ports.alive } : {}),
  });
  const verb = flags.dryRun ? "would remove" : "removed";
  if (flags.json) {
    for (const e of report.removed)
      output.out(
        `${JSON.stringify({ name: e.name, repo: e.repo, path: e.path, action: flags.dryRun ? "would-remove" : "removed" })}\n`,
      );
    for (const k of report.kept)
      output.out(
        `${JSON.stringify({ name: k.entry.name, repo: k.entry.repo, path: k.entry.path, action: "kept", reason: k.reason })}\n`,
      );
    return 0;
  }
  if (report.orphans.length === 0) {
    output.out("no orphaned workspaces\n");
    return 0;
  }
  for (const e of report.removed) output.out(`${verb} ${e.repoName}/${e.name} (${e.path})\n`);
  for (const k of report.kept) output.out(`kept ${k.entry.repoName}/${k.entry.name}: ${k.reason}\n`);
  return 0;
}

export async function workspaceMerge(
  name: string,
  flags: { ff?: boolean },
  output: Output,
  context: CliContext,
): Promise<number> {
  const ports = context.workspace;
  const entry = findWorkspace(ports.registry(), name);
  const result = await mergeWorkspace(ports.git, entry, {
    ...(flags.ff === false ? { noFastForward: true } : {}),
    ...(ports.alive ? { alive: ports.alive } : {}),
  });
  const where = result.at ? ` in ${result.at}` : "";
  const said =
    result.how === "up-to-date"
      ? `${entry.base} already has every commit of ${entry.branch}`
      : `merged ${entry.branch} into ${entry.base} (${result.how})${where}: ${entry.base} is now ${result.tip.slice(0, 12)}`;
  output.out(`${said}\n`);
  return 0;
}
