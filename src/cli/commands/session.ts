/**
 * `hmux session <harness> --json`: many turns, for a program — one harness process driven
 * through a bridge, or one process per turn resuming the harness's own session (the adapter says which).
 * stdout: NDJSON only — session, then turn / harness events / done per turn, dispositions,
 * approval-request / approval-disposition / approval-cleared, command.result, closed last.
 * stdin: one line each — {"op":"send"|"answer","id","text"}, {"op":"close"}, or a
 * metaharness.command/1 line. EOF means close. Exit 0 when closed.cause is clean, 1
 * otherwise, 2 for a refusal before the stream opens (still ending failure + closed).
 */

import { randomUUID } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { join, resolve as resolvePath } from "node:path";
import type { Command } from "commander";
import type { HarnessRegistry } from "../../adapters/registry.js";
import type { OwnedNativeSpelling } from "../../core/argv/native-spelling.js";
import type { AllowRule } from "../../core/control/allow-rules.js";
import type { WaitingQuestion } from "../../core/control/machine-types.js";
import { makeClassifier } from "../../core/control/policy.js";
import type { SessionEvent } from "../../core/control/types.js";
import type { FailureSummary } from "../../core/events.js";
import { oneShotStartRefusals } from "../../core/exec/oneshot-session.js";
import { COMMAND_NAMES, type ControlName } from "../../core/exec/session-bridge.js";
import { unreadLineMarker } from "../../core/exec/session-commands.js";
import type { ApprovalMode, SessionHandle } from "../../core/exec/session-types.js";
import type { HarnessName } from "../../core/harness-names.js";
import { harnessResumeOf } from "../../core/launch/harness-resume.js";
import { prepareLaunchOrThrow } from "../../core/launch/prepare.js";
import { settingsView } from "../../core/launch/settings-view.js";
import type { LaunchPlan, LaunchRequest, LaunchWorkspace } from "../../core/launch/types.js";
import { LineSplitter } from "../../core/line-splitter.js";
import { renderUntrustedLine } from "../../core/options/render-provenance.js";
import type { TurnOptions } from "../../core/options/types.js";
import { RefusalError } from "../../core/refusal.js";
import { type ControlSocketServer, listenControlSocket } from "../../session/control-socket.js";
import { JournalWriter, journalPath, sessionsDir, summarizeJournal } from "../../session/journal.js";
import { launchSession, sessionHarnesses } from "../../session/launch.js";
import { checkSessionId } from "../../session/session-id.js";
import type { ResolvedSettingView } from "../../ui/session-port.js";
import { claimWorkspaceAt, type WorkspaceLease } from "../../workspace/lease.js";
import type { CliContext } from "../context.js";
import { exitCodeFor, failureOf } from "../errors.js";
import type { Output } from "../render/output.js";
import {
  abandonLaunchWorkspace,
  addWorkspaceFlags,
  openLaunchWorkspace,
  releaseLaunchWorkspace,
  setUpLaunchWorkspace,
  snapshotLaunchTurn,
  type WorkspaceFlags,
} from "../workspace-launch.js";

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
}

const APPROVAL_MODES: readonly ApprovalMode[] = ["ask", "deny", "allow"];
const CONTROLS: readonly ControlName[] = [...COMMAND_NAMES, "tool.decide/replace"];

export function register(program: Command, context: CliContext): void {
  const cmd = program
    .command("session")
    .description(
      "a multi-turn session for a program: hmux session <harness> --json (NDJSON events out, ops and metaharness.command/1 lines in)",
    )
    .argument("<harness>", sessionHarnesses(context.registry).join(" | "))
    .option("--json", "NDJSON on stdout, commands on stdin (required)")
    .option("--resume <id>", "continue an hmux session (journal id) or the harness's own session id")
    .option("--session-id <id>", "the caller-side id for a fresh session (default: a random UUID)")
    .option("--endpoint <url>", "an OpenAI/Anthropic-compatible http(s) endpoint (a gateway, or `hmux model serve`)")
    .option("--isolate", "give the harness its own HOME and config dir under the session's state dir")
    .option("--model <id>", "model for the session")
    .option("--effort <level>", "effort for the session spawn")
    .option("--stall <seconds>", "per-turn inactivity budget; 0 disables (no default)")
    .option(
      "--approvals <mode>",
      "ask (a program answers with tool.decide; hmux's deadline denies), deny (headless: nobody can answer), allow (observe)",
      "ask",
    )
    .option(
      "--decision-budget <ms>",
      "how long a gated call waits for an answer before hmux denies it (default: config decisionBudget, else 10 min)",
    )
    .option(
      "--require <controls>",
      `controls this run needs, refused at start if the harness lacks them (${CONTROLS.join(",")})`,
    )
    .option("--cwd <path>", "working directory")
    .option("--escalate-questions", "let the worker ask when blocked: a question event, then answer (default)")
    .option("--no-escalate-questions", "the worker never asks; it states its assumption and continues")
    .option("--no-journal", "do not write $XDG_STATE_HOME/hmux/sessions/<id>.ndjson")
    .option("--no-control-socket", "do not listen for `hmux control`");
  addWorkspaceFlags(cmd).action(async (harness: string, flags: SessionFlags) => {
    process.exitCode = await sessionCommand(harness, flags, context.output, context.input, context);
  });
}

export async function sessionCommand(
  harnessArg: string,
  flags: SessionFlags,
  output: Output,
  input: NodeJS.ReadableStream,
  context: CliContext,
): Promise<number> {
  const held: Held = { lease: null, snapshots: [] };
  try {
    return await runSessionCommand(harnessArg, flags, output, input, context, held);
  } finally {
    await Promise.allSettled(held.snapshots);
    releaseLaunchWorkspace(context, held.lease); // the worktree stays; this hmux no longer holds it
  }
}

/** The workspace this session holds, and the turn snapshots still being taken. */
interface Held {
  lease: WorkspaceLease | null;
  readonly snapshots: Promise<void>[];
}

async function runSessionCommand(
  harnessArg: string,
  flags: SessionFlags,
  output: Output,
  input: NodeJS.ReadableStream,
  context: CliContext,
  held: Held,
): Promise<number> {
  const write = (event: unknown) => output.out(`${JSON.stringify(event)}\n`);
  let handle: SessionHandle;
  let journal: JournalWriter | null = null;
  let fresh: FreshState | null = null;
  try {
    // A fresh session's id is fixed here so the workspace registry can name the session that holds it.
    const resuming = flags.resume !== undefined;
    const sessionFlags = !resuming && flags.sessionId === undefined ? { ...flags, sessionId: randomUUID() } : flags;
    if (flags.json) context.launch.harness(harnessArg); // an unknown harness is refused before a worktree is made
    // A resumed session returns to its own folder; only an explicit --worktree moves it. Resuming,
    // the session it continues is named by --resume (its journal id, or the harness's own id).
    if (flags.json && (!resuming || flags.worktree !== undefined))
      held.lease = await openLaunchWorkspace(context, {
        cwd: resolvePath(flags.cwd ?? process.cwd()),
        flags,
        harness: harnessArg,
        sessionId: flags.resume ?? sessionFlags.sessionId ?? randomUUID(),
        output,
      });
    const lease = held.lease;
    const setup = prepare(
      harnessArg,
      lease ? { ...sessionFlags, cwd: lease.entry.path } : sessionFlags,
      context,
      lease,
    );
    const { harness, sessionId, launch } = setup;
    // A resumed session back in its worktree holds it again, so `workspace rm` sees it live.
    if (!held.lease && resuming) held.lease = claimWorkspaceAt(context.workspace, launch.cwd, { harness, sessionId });
    fresh = setup.freshState ? new FreshState(setup.freshState, flags.journal !== false) : null;
    for (const line of setup.untrusted) output.err(`${line}\n`);
    // The plan's notes, as `hmux run` prints them (credentials held back from an endpoint, a forced isolation).
    for (const note of setup.notes) output.err(`${note}\n`);
    if (lease) await setUpLaunchWorkspace(context, lease, output);
    if (flags.journal !== false) {
      journal = new JournalWriter(
        journalPath(sessionId),
        {
          sessionId,
          harness,
          cwd: launch.cwd,
          stateDir: launch.stateDir!,
          isolate: launch.isolate,
          ...(launch.endpoint ? { endpoint: launch.endpoint } : {}),
          ...(launch.model ? { model: launch.model } : {}),
        },
        { origin: launch.origin ?? "fresh", pid: process.pid, startedAt: new Date().toISOString() },
      );
    }
    const j = journal;
    handle = launchSession({ ...launch, ...(j ? { record: (e: SessionEvent) => j.record(e) } : {}) }, context.session);
  } catch (err) {
    journal?.close();
    fresh?.release();
    await abandonLaunchWorkspace(context, held.lease);
    held.lease = null;
    for (const event of oneShotRefusals(context.registry, harnessArg, flags)) write(event);
    return refuse(err, output, write, context.registry.nativeSpellings);
  }
  let opened = false;
  let closedWritten = false;
  handle.subscribe((event) => {
    fresh?.saw(event);
    if (event.kind === "turn" && held.lease)
      held.snapshots.push(snapshotLaunchTurn(context, held.lease, event.turnId, output));
    if (closedWritten) return; // closed is the last stdout line; later answers go to the journal only
    if (event.kind === "session") opened = true;
    if (event.kind === "closed") closedWritten = true;
    write(event);
  });
  let socket: ControlSocketServer | null = null;
  if (flags.controlSocket !== false) {
    try {
      socket = await listenControlSocket(handle);
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
  journal?.close();
  fresh?.release();
  await output.drain();
  if (output.broken) return 1;
  if (!opened) return 2; // refused at start (a control the channel lacks): nothing was spawned
  return closed.cause === "clean" ? 0 : 1;
}

/** stdin lines go to the session in order; EOF lets the open turn finish, then closes. */
function pumpStdin(input: NodeJS.ReadableStream, handle: SessionHandle): void {
  const splitter = new LineSplitter({ maxLineBytes: 1024 * 1024 });
  let last: Promise<unknown> = Promise.resolve();
  const submit = (text: string) => (last = handle.handleLine(text));
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

/**
 * A state dir this run created (not one a journal named for --resume): kept only when the
 * session can be resumed from it — journaled, with the harness's own session id recorded —
 * as `hmux run --isolate` keeps its dir only once an identity indexed it. Anything else is
 * removed when the session ends: it holds an isolated HOME nobody can come back to.
 */
export class FreshState {
  private resumable = false;

  constructor(
    private readonly dir: string,
    private readonly journaled: boolean,
  ) {}

  saw(event: SessionEvent): void {
    if (event.kind === "identity" && this.journaled) this.resumable = true;
  }

  release(): void {
    if (!this.resumable) rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface Prepared {
  readonly harness: HarnessName;
  readonly sessionId: string;
  /** The state dir when this run created it (no journal named one). */
  readonly freshState?: string;
  /** `untrusted:` lines for stderr. */
  readonly untrusted: readonly string[];
  /** The launch plan's notes for stderr. */
  readonly notes: readonly string[];
  /** The resolved settings with their tiers and divergences, as a pane's inspector shows them. */
  readonly settings: readonly ResolvedSettingView[];
  readonly launch: Parameters<typeof launchSession>[0];
}

/** The launch request `hmux session` makes of the pipeline (the same one `hmux run` and the TUI make). */
export function sessionLaunchRequest(
  harness: string,
  flags: SessionFlags,
  where: {
    readonly cwd: string;
    readonly resume?: string;
    readonly endpoint?: string;
    readonly isolate: boolean;
    readonly workspace?: LaunchWorkspace;
  },
): LaunchRequest {
  const stall = seconds("stall", flags.stall);
  const decisionBudgetMs =
    flags.decisionBudget === undefined ? undefined : positive("decision-budget", flags.decisionBudget);
  const args: TurnOptions = {
    ...(flags.model ? { model: flags.model } : {}),
    ...(flags.effort ? { effort: flags.effort } : {}),
    ...(where.endpoint ? { endpoint: where.endpoint } : {}),
    ...(where.isolate ? { isolate: true } : {}),
    ...(stall !== undefined ? { stallSeconds: stall } : {}),
    ...(flags.escalateQuestions !== undefined ? { escalateQuestions: flags.escalateQuestions } : {}),
  };
  return {
    entry: "session",
    harness,
    cwd: where.cwd,
    args,
    mode: where.resume ? "resume" : "launch",
    prompt: SESSION_CHECK_PROMPT,
    ...(where.resume ? { inputs: { resume: where.resume } } : {}),
    ...(where.workspace ? { workspace: where.workspace } : {}),
    ...(decisionBudgetMs !== undefined ? { decisionBudgetMs } : {}),
  };
}

/** The prompt a session's plan is checked with: the real prompts arrive later, one per turn. */
const SESSION_CHECK_PROMPT = "hmux session check";

/** Everything a session needs before it opens, checked: also how the hmux server opens its sessions. */
export function prepare(
  harnessArg: string,
  flags: SessionFlags,
  context: CliContext,
  lease: WorkspaceLease | null = null,
): Prepared {
  if (!flags.json)
    throw new RefusalError("hmux session needs --json: the human, interactive surface is `hmux tui`", {
      issue: "unsupported-option",
      option: "json",
      hint: `hmux session ${harnessArg} --json`,
    });
  const harness = context.launch.harness(harnessArg).name;
  const approvals = (flags.approvals ?? "ask") as ApprovalMode;
  if (!APPROVAL_MODES.includes(approvals))
    throw new RefusalError(`--approvals ${flags.approvals} is not one of ${APPROVAL_MODES.join(", ")}`, {
      issue: "invalid-option-value",
      option: "approvals",
      supported: [...APPROVAL_MODES],
    });
  seconds("stall", flags.stall);
  if (flags.decisionBudget !== undefined) positive("decision-budget", flags.decisionBudget);
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

  // --resume: an hmux journal id continues that session (its id, its state dir, the harness's own id).
  // Validated here, journal or not: the id also names the control socket and its token file.
  let sessionId = flags.sessionId === undefined ? randomUUID() : checkSessionId(flags.sessionId);
  let resume: string | undefined;
  let stateDir: string | undefined;
  let cwd = flags.cwd ?? process.cwd();
  let isolate = flags.isolate ?? false;
  let endpoint = flags.endpoint;
  let turnsBefore = 0;
  /** Resuming hmux's own journal (not a bare harness id): its turn count is known, 0 included. */
  let fromJournal = false;
  let waitingQuestion: WaitingQuestion | null = null;
  let rules: readonly AllowRule[] = [];
  if (flags.resume) {
    const path = safeJournalPath(flags.resume);
    if (path && existsSync(path)) {
      const j = summarizeJournal(path);
      if (!j.meta || j.harness !== harness)
        throw new RefusalError(`journal ${flags.resume} belongs to ${j.harness ?? "no harness"}, not ${harness}`, {
          issue: "unsupported-on-resume",
          harness,
        });
      // No turn ran: nothing of the harness's to resume; it starts fresh in this session (harnessResumeOf).
      if (!j.harnessSessionId && j.lastTurnNumber > 0)
        throw new RefusalError(
          `journal ${flags.resume} never recorded the harness's own session id, so there is nothing to resume`,
          { issue: "unsupported-on-resume", harness },
        );
      if (j.state.startsWith("live"))
        throw new RefusalError(`session ${flags.resume} is still live in hmux pid ${j.meta.runs.at(-1)?.pid}`, {
          issue: "unsupported-on-resume",
          harness,
          hint: `hmux control ${flags.resume} -`,
        });
      sessionId = j.sessionId;
      fromJournal = true;
      resume = harnessResumeOf({ resume: j.harnessSessionId ?? undefined, turnsBefore: j.lastTurnNumber });
      stateDir = j.meta.stateDir;
      cwd = flags.cwd ?? j.meta.cwd;
      isolate = j.meta.isolate;
      endpoint = flags.endpoint ?? j.meta.endpoint;
      turnsBefore = j.lastTurnNumber;
      waitingQuestion = j.waitingQuestion;
      rules = j.rules;
    } else {
      resume = flags.resume;
    }
  }
  const sessionState = stateDir ?? join(sessionsDir(), `${sessionId}.d`);
  const request = sessionLaunchRequest(harnessArg, flags, {
    cwd: resolvePath(cwd),
    ...(lease ? { workspace: lease.launch } : {}),
    isolate,
    ...(resume ? { resume } : {}),
    ...(endpoint ? { endpoint } : {}),
  });
  const plan: LaunchPlan = prepareLaunchOrThrow(request, {
    ...context.launch,
    stateDir: () => ({ dir: sessionState }),
  });
  const o = plan.options;
  // Config key `policy` (project > user, with trust; else hmux's default): safe operations run without asking anybody.
  const policy = plan.policy.value;
  // What an untrusted project asked for and did not get, said once each (docs/config.md).
  const untrusted = [
    ...new Set([...(plan.resolved.untrusted ?? []), ...plan.untrustedSettings].map(renderUntrustedLine)),
  ];
  const stallMs = o.stallSeconds !== undefined && o.stallSeconds > 0 ? o.stallSeconds * 1000 : undefined;
  return {
    harness,
    sessionId,
    untrusted,
    notes: plan.notes,
    settings: settingsView(plan.resolved, plan.policy, plan.decisionBudget),
    // A dir already there (a reused --session-id) may belong to an earlier session: never ours to remove.
    ...(stateDir === undefined && !existsSync(sessionState) ? { freshState: sessionState } : {}),
    launch: {
      harness,
      registry: context.registry,
      sessionId,
      cwd: plan.cwd,
      env: plan.env,
      stateDir: sessionState,
      isolate: plan.isolate,
      approvals,
      binary: [plan.binary.executable, ...plan.binary.prefixArgs],
      origin: resume || fromJournal ? "resumed" : "fresh",
      escalateQuestions: plan.escalateQuestions,
      ...(resume ? { resume } : {}),
      ...(o.endpoint ? { endpoint: o.endpoint } : {}),
      ...(o.model ? { model: o.model } : {}),
      ...(o.effort ? { effort: o.effort } : {}),
      ...(stallMs ? { stallMs } : {}),
      // hmux's decision budget rule (the same for every entry point); null under no entry that opens a session.
      ...(plan.decisionBudget.ms !== null ? { decisionBudgetMs: plan.decisionBudget.ms } : {}),
      ...(requiredControls.length ? { requiredControls: requiredControls as ControlName[] } : {}),
      ...(fromJournal ? { turnsBefore } : {}),
      ...(waitingQuestion ? { waitingQuestion } : {}),
      // The session's "allow always" rules stay in force across a detach, a resume and a server restart.
      ...(rules.length > 0 ? { rules } : {}),
      classify: makeClassifier(policy, plan.cwd),
      headlessDenyReason: policy.headless.reason,
    },
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

function safeJournalPath(id: string): string | null {
  try {
    return journalPath(id);
  } catch {
    return null;
  }
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
