/**
 * `hmux session <harness> --json`: many turns, for a program — one harness process driven
 * through a bridge, or one process per turn resuming the harness's own session (the adapter says which).
 * stdout: NDJSON only — session, then turn / harness events / done per turn, dispositions,
 * approval-request / approval-disposition / approval-cleared, command.result, closed last.
 * stdin: one line each — {"op":"send"|"answer","id","text"}, {"op":"close"}, or a
 * metaharness.command/1 line. EOF means close. Exit 0 when closed.cause is clean, 1
 * otherwise, 2 for a refusal before the stream opens (still ending failure + closed).
 */

import { resolve as resolvePath } from "node:path";
import type { Command } from "commander";
import type { HarnessRegistry } from "../../adapters/registry.js";
import type { OwnedNativeSpelling } from "../../core/argv/native-spelling.js";
import type { FailureSummary } from "../../core/events.js";
import { oneShotStartRefusals } from "../../core/exec/oneshot-session.js";
import type { ControlName } from "../../core/exec/session-bridge.js";
import { unreadLineMarker } from "../../core/exec/session-commands.js";
import type { ApprovalMode, SessionHandle } from "../../core/exec/session-types.js";
import { LineSplitter } from "../../core/line-splitter.js";
import type { HarnessOptions, TurnOptions } from "../../core/options/types.js";
import { RefusalError } from "../../core/refusal.js";
import { launch } from "../../launch/launch.js";
import type { LaunchedSession, SessionLaunchRequest } from "../../launch/types.js";
import { type ControlSocketServer, listenControlSocket } from "../../session/control-socket.js";
import type { CommandRuntime } from "../command-line.js";
import { CONTROLS } from "../command-lines/session.js";
import type { CliContext } from "../context.js";
import { exitCodeFor, failureOf } from "../errors.js";
import type { Output } from "../render/output.js";
import type { WorkspaceFlags } from "../workspace-launch.js";
import { harnessOptionsFromFlags } from "./harness-option-flags.js";

export interface SessionFlags extends WorkspaceFlags {
  json?: boolean;
  resume?: string;
  sessionId?: string;
  endpoint?: string;
  isolate?: boolean;
  model?: string;
  effort?: string;
  stall?: string;
  approvals?: string;
  decisionBudget?: string;
  require?: string;
  cwd?: string;
  escalateQuestions?: boolean;
  journal?: boolean;
  controlSocket?: boolean;
  /** The harness settings typed as `--<harness>-<key>` (harnessOptionsFromFlags), not a flag of its own. */
  harnessOptions?: HarnessOptions;
}

const APPROVAL_MODES: readonly ApprovalMode[] = ["ask", "deny", "allow"];

export async function sessionAction(
  run: CommandRuntime,
  harness: string,
  flags: SessionFlags,
  cmd: Command,
): Promise<void> {
  const context = await run.context();
  const own = harnessOptionsFromFlags(flags as Readonly<Record<string, unknown>>, cmd, context.registry.harnessOptions);
  const typed: SessionFlags = { ...flags, ...(own ? { harnessOptions: own } : {}) };
  process.exitCode = await sessionCommand(harness, typed, context.output, context.input, context);
}

export async function sessionCommand(
  harnessArg: string,
  flags: SessionFlags,
  output: Output,
  input: NodeJS.ReadableStream,
  context: CliContext,
): Promise<number> {
  const write = (event: unknown) => output.out(`${JSON.stringify(event)}\n`);
  let launched: LaunchedSession;
  try {
    launched = await launch(
      sessionRequest(harnessArg, flags, (line) => output.err(`${line}\n`)),
      context,
    );
  } catch (err) {
    for (const event of oneShotRefusals(context.registry, harnessArg, flags)) write(event);
    return refuse(err, output, write, context.registry.nativeSpellings);
  }
  const { handle } = launched;
  let opened = false;
  let closedWritten = false;
  handle.subscribe((event) => {
    if (closedWritten) return; // closed is the last stdout line; later answers go to the journal only
    if (event.kind === "session") opened = true;
    if (event.kind === "closed") closedWritten = true;
    write(event);
  });
  let socket: ControlSocketServer | null = null;
  if (flags.controlSocket !== false) {
    try {
      socket = await listenControlSocket(handle, context);
      output.err(`hmux: control socket ${socket.socket} (hmux control ${handle.sessionId} -)\n`);
    } catch (err) {
      output.err(`hmux: no control socket: ${(err as Error).message}\n`);
    }
  }
  output.onBroken(() => void handle.abort("killed")); // the reader left: stop the harness, exit 1
  const stop = () => void handle.close();
  const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  for (const sig of SIGNALS) process.once(sig, stop);
  await handle.start();
  pumpStdin(input, handle);
  const closed = await handle.closed;
  for (const sig of SIGNALS) process.removeListener(sig, stop);
  await socket?.close();
  await launched.released; // its snapshots, journal, state dir and worktree hold, let go
  await output.drain();
  if (output.broken) return 1;
  if (!opened) return 2; // refused at start (a control the channel lacks): nothing was spawned
  return closed.cause === "clean" ? 0 : 1;
}

/** stdin lines go to the session in order; EOF lets the open turn finish, then closes. */
function pumpStdin(input: NodeJS.ReadableStream, handle: SessionHandle): void {
  const splitter = new LineSplitter({ maxLineBytes: 1024 * 1024 });
  let last: Promise<unknown> = Promise.resolve();
  const submit = (text: string) => (last = handle.handleLine(text, "program", "hmux session stdin"));
  input.on("data", (chunk: Buffer) => {
    for (const item of splitter.push(chunk)) {
      if (item.kind === "line") submit(item.text);
      else submit(unreadLineMarker(item.bytes));
    }
  });
  input.on("end", () => {
    for (const item of splitter.end()) if (item.kind === "line") submit(item.text);
    void last.then(() => handle.close());
  });
  input.on("error", () => void handle.close());
}

/** `hmux session`'s flags as a launch request, each checked: launch() does everything after. */
export function sessionRequest(
  harness: string,
  flags: SessionFlags,
  onNote?: (line: string) => void,
): SessionLaunchRequest {
  if (!flags.json)
    throw new RefusalError("hmux session needs --json: the human, interactive surface is `hmux tui`", {
      issue: "unsupported-option",
      option: "json",
      hint: `hmux session ${harness} --json`,
    });
  const approvals = (flags.approvals ?? "ask") as ApprovalMode;
  if (!APPROVAL_MODES.includes(approvals))
    throw new RefusalError(`--approvals ${flags.approvals} is not one of ${APPROVAL_MODES.join(", ")}`, {
      issue: "invalid-option-value",
      option: "approvals",
      supported: [...APPROVAL_MODES],
    });
  const stall = seconds("stall", flags.stall);
  const decisionBudgetMs =
    flags.decisionBudget === undefined ? undefined : positive("decision-budget", flags.decisionBudget);
  const requiredControls = flags.require
    ? flags.require
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
  for (const c of requiredControls)
    if (!(CONTROLS as readonly string[]).includes(c))
      throw new RefusalError(`--require ${c} is not a control`, {
        issue: "invalid-option-value",
        option: "require",
        supported: [...CONTROLS],
      });
  const args: TurnOptions = {
    ...(flags.model ? { model: flags.model } : {}),
    ...(flags.effort ? { effort: flags.effort } : {}),
    ...(flags.endpoint ? { endpoint: flags.endpoint } : {}),
    ...(flags.isolate ? { isolate: true } : {}),
    ...(stall !== undefined ? { stallSeconds: stall } : {}),
    ...(flags.escalateQuestions !== undefined ? { escalateQuestions: flags.escalateQuestions } : {}),
    ...(flags.harnessOptions ? { harnessOptions: flags.harnessOptions } : {}),
  };
  const resuming = flags.resume !== undefined;
  return {
    kind: "session",
    harness,
    cwd: resolvePath(flags.cwd ?? process.cwd()),
    // Resuming without --cwd, the session returns to its own folder.
    cwdGiven: flags.cwd !== undefined,
    args,
    // A resumed session returns to its own folder (and holds its worktree again); only an explicit --worktree moves it.
    workspace:
      resuming && flags.worktree === undefined
        ? "its-own"
        : { flag: flags.worktree, ...(flags.base !== undefined ? { base: flags.base } : {}) },
    ...(flags.sessionId !== undefined ? { sessionId: flags.sessionId } : {}),
    ...(flags.resume !== undefined ? { resume: flags.resume } : {}),
    approvals,
    requiredControls: requiredControls as ControlName[],
    ...(decisionBudgetMs !== undefined ? { decisionBudgetMs } : {}),
    journal: flags.journal !== false,
    ...(onNote ? { onNote } : {}),
  };
}

/**
 * A one-process-per-turn session that could not even be launched (no binary, a refused option) still
 * names the controls its configuration needs and the one-shot channel lacks, as the runtime
 * would at start (ask and deny need tool.decide; allow claims no check).
 */
function oneShotRefusals(registry: HarnessRegistry, harness: string, flags: SessionFlags): unknown[] {
  const session = registry.find(harness)?.session;
  if (session?.kind !== "turn-per-process") return [];
  const approvals = (APPROVAL_MODES as readonly string[]).includes(flags.approvals ?? "ask")
    ? ((flags.approvals ?? "ask") as ApprovalMode)
    : "ask";
  return oneShotStartRefusals({ harness, channel: session.channel, approvals });
}

function seconds(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0)
    throw new RefusalError(`--${name} ${raw} is not a number of seconds ≥ 0`, {
      issue: "invalid-option-value",
      option: name,
    });
  return n;
}

function positive(name: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new RefusalError(`--${name} ${raw} is not a positive integer`, {
      issue: "invalid-option-value",
      option: name,
    });
  return n;
}

/** A refusal still owes the stream its terminal pair: failure, then closed{failed}. Exit 2. */
function refuse(
  err: unknown,
  output: Output,
  write: (e: unknown) => boolean,
  spellings: readonly OwnedNativeSpelling[],
): number {
  const f: FailureSummary = failureOf(err, spellings, "session");
  output.err(`hmux session: ${f.message}${f.hint ? `\n  hint: ${f.hint}` : ""}\n`);
  write({ kind: "failure", ...f });
  write({ kind: "closed", exitCode: null, cause: "failed", failure: f });
  return exitCodeFor(err);
}
