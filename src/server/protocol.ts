/**
 * The hmux server's client protocol, `hmux.server/1`: NDJSON over the server's Unix socket.
 *
 * The first line a client sends is a login (the token from the server's 0600 token file, the
 * client's hmux version and protocol); the server answers `hello` or an `error` and hangs up.
 * After it, every line is one request with a caller-chosen `req` and gets exactly one `reply`
 * with the same `req` (`ok: true` plus the op's payload, or `ok: false` plus a typed error).
 * Besides replies the server pushes `event` lines (a session's event wire, for the sessions
 * this client attached) and `table` lines (a session was created, changed or removed: every
 * client sees the same table). An `input` request carries one line of `hmux session`'s stdin —
 * a send/answer/close op or a metaharness.command/1 line — to a session, so a decision from
 * any client settles a call once and the others get TOO_LATE from the session itself.
 *
 * Native sessions (a harness's own UI, or a shell, in a server-owned pty) are made with
 * `create-native` and driven by bytes: `write` sends keys to the pty, `resize` sets its size,
 * and attached clients get `output` lines (base64, raw pty bytes). Attaching to one also
 * returns `screen`: the bytes that draw its screen as it is, for a terminal of its size.
 */

import { z } from "zod";
import type { SessionEvent } from "../core/control/types.js";
import type { ControlSnapshot } from "../core/exec/control-snapshot.js";
import type { ProvenanceTier } from "../core/options/types.js";
import type { ServerErrorBody } from "./errors.js";
import { PROTOCOL } from "./protocol-name.js";

export { PROTOCOL };

/** What a client may put in `req`: short, so a reply never echoes a flood back. */
const Req = z.string().min(1).max(64);
/** A session target: its name, its id, or a unique prefix of its id. */
const Target = z.string().min(1).max(128);
/** A session name: a plain word, so it prints in a table and types on a command line. */
export const SESSION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const Name = z
  .string()
  .regex(SESSION_NAME, "a name is letters, digits, '.', '_' and '-', starting with a letter or digit (at most 64)");

export const LoginSchema = z
  .object({
    op: z.literal("login"),
    token: z.string().max(256),
    protocol: z.string().max(64),
    version: z.string().max(64),
  })
  .strict();
export type Login = z.infer<typeof LoginSchema>;

/** How a session is launched: the `hmux session` flags a headless session takes. */
export const CreateOptionsSchema = z
  .object({
    model: z.string().min(1).max(200).optional(),
    effort: z.string().min(1).max(50).optional(),
    endpoint: z.string().min(1).max(2048).optional(),
    isolate: z.boolean().optional(),
    approvals: z.enum(["ask", "deny", "allow"]).optional(),
    stallSeconds: z.number().min(0).max(86_400).optional(),
    decisionBudgetMs: z.number().int().min(1).max(86_400_000).optional(),
    escalateQuestions: z.boolean().optional(),
    /** An hmux journal id, or the harness's own session id, to continue. */
    resume: z.string().min(1).max(256).optional(),
    /** Its own git worktree: true (a generated name), a name, false (none, whatever the config says). */
    worktree: z.union([z.boolean(), z.string().min(1).max(64)]).optional(),
    /** Where a new worktree starts (a branch, tag or commit; default HEAD). */
    base: z.string().min(1).max(256).optional(),
    /** The first turn, sent by the server once the session started (so it runs whether or not a client stays). */
    prompt: z
      .string()
      .min(1)
      .max(256 * 1024)
      .optional(),
    /** What a TUI pane's header calls the session (the name stays the target). */
    label: z.string().min(1).max(80).optional(),
  })
  .strict();
export type CreateOptions = z.infer<typeof CreateOptionsSchema>;

/** A terminal size a pane may ask for. */
const Cols = z.number().int().min(2).max(1000);
const Rows = z.number().int().min(1).max(1000);
/** Keys typed into a native session: at most a large paste per request. */
export const MAX_WRITE_CHARS = 256 * 1024;

export const RequestSchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("list"), req: Req }).strict(),
  z
    .object({
      op: z.literal("create"),
      req: Req,
      harness: z.string().min(1).max(64),
      name: Name.optional(),
      cwd: z.string().startsWith("/", "cwd must be an absolute path").max(4096),
      options: CreateOptionsSchema.default({}),
    })
    .strict(),
  z
    .object({
      op: z.literal("attach"),
      req: Req,
      session: Target,
      /** How many of the session's kept events to send first: all of them when absent. */
      replay: z.number().int().min(0).optional(),
      /**
       * The replay as one `events` array in the reply instead of event lines after it: a client
       * attaching many sessions decodes each replay once and applies it as one update.
       */
      batch: z.boolean().optional(),
    })
    .strict(),
  /** Stops this client's events from one session, or from every session when none is named. */
  z.object({ op: z.literal("detach"), req: Req, session: Target.optional() }).strict(),
  z.object({ op: z.literal("rename"), req: Req, session: Target, name: Name }).strict(),
  z.object({ op: z.literal("kill"), req: Req, session: Target }).strict(),
  /** Reopens a detached (or ended) session through the harness's own resume; a running one is refused. */
  z
    .object({
      op: z.literal("resume"),
      req: Req,
      /** A row's name or id; or the id of a session no row holds any more (killed) whose journal can resume. */
      session: Target,
      /** Watch it from its first resumed event, as attach does (a client whose pane shows it). */
      attach: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      op: z.literal("input"),
      req: Req,
      session: Target,
      /** One stdin line of `hmux session`: a string as typed, or the JSON value itself. */
      line: z.union([z.string(), z.record(z.string(), z.unknown())]),
      /** Who decides when the line is a tool.decide: a person at a TUI, or a program (default); `human` is a person's old name. */
      as: z.enum(["person", "human", "program"]).optional(),
    })
    .strict(),
  z.object({ op: z.literal("kill-server"), req: Req }).strict(),
  z
    .object({
      op: z.literal("create-native"),
      req: Req,
      /** A harness with a native pane (`hmux harnesses`), or "shell". */
      kind: z.string().min(1).max(64),
      name: Name.optional(),
      cwd: z.string().startsWith("/", "cwd must be an absolute path").max(4096),
      cols: Cols,
      rows: Rows,
      endpoint: z.string().min(1).max(2048).optional(),
      model: z.string().min(1).max(200).optional(),
    })
    .strict(),
  /** Keys for a native session's pty, as text (JSON escapes the control bytes). */
  z.object({ op: z.literal("write"), req: Req, session: Target, data: z.string().max(MAX_WRITE_CHARS) }).strict(),
  z.object({ op: z.literal("resize"), req: Req, session: Target, cols: Cols, rows: Rows }).strict(),
]);
export type Request = z.infer<typeof RequestSchema>;
export type RequestOp = Request["op"];
/** A request before the client's own `req` is attached (what ServerClient.request takes). */
export type RequestBody = Request extends infer R ? (R extends { req: string } ? Omit<R, "req"> : never) : never;

/** What a row says of a native session: its pty, and whether its state is known. */
export interface NativeSummary {
  /** The harness whose UI runs in it, or "shell". */
  readonly kind: string;
  readonly pid: number;
  readonly cols: number;
  readonly rows: number;
  /** Whether the lifecycle comes from the harness's hooks; false: unknown, never guessed. */
  readonly stateKnown: boolean;
  /** The bytes that interrupt the pane's UI (its harness's own key, Ctrl-C for a shell): a client sends them, knowing no harness. */
  readonly interruptKey: string;
  /** How the pty's process ended, once it has. */
  readonly exit?: { readonly code: number | null; readonly signal: number | null };
}

/** A native session's screen on attach: `data` (base64) draws it on a fresh `cols` × `rows` terminal. */
export interface NativeScreen {
  readonly cols: number;
  readonly rows: number;
  readonly data: string;
}

/** One row of the server's session table, as `hmux ls` prints it. */
export interface SessionSummary {
  readonly id: string;
  readonly name: string;
  readonly harness: string;
  /** The session's lifecycle (starting, idle, running, awaiting-approval, …, closed, failed), or detached: restored, no harness running. */
  readonly lifecycle: string;
  readonly cwd: string;
  /** ISO time the server created it. */
  readonly createdAt: string;
  /** Calls waiting for a decision now. */
  readonly pending: number;
  /**
   * Ms from when this row was made until the soonest waiting call's deadline, when hmux denies it
   * unanswered; absent when no call waits on one. Relative, so no two machines' clocks are compared.
   */
  readonly deadlineInMs?: number;
  readonly harnessSessionId: string | null;
  /** How it ended, once it has. */
  readonly closed?: { readonly cause: string; readonly exitCode: number | null };
  /**
   * Restored from a server that died: calls that were waiting for a decision then and are lost,
   * how its journal was cut (null: whole), and other journal lines that could not be read.
   */
  readonly restored?: { readonly lostCalls: number; readonly cut: string | null; readonly problems: number };
  /** Set for a native session (a pty, not an event stream). */
  readonly native?: NativeSummary;
  /** The session's own git worktree, when it has one: a client on this machine can show its changes. */
  readonly workspace?: WorkspaceSummary;
  /** A pane label and the first prompt, when the creating client gave them: an attaching TUI shows both. */
  readonly label?: string;
  readonly prompt?: string;
  readonly model?: string;
  readonly effort?: string;
  /** The session's resolved settings: each with the tier that decided it, and why the harness cannot express it. */
  readonly settings?: readonly SettingSummary[];
}

export interface SettingSummary {
  readonly key: string;
  readonly value: unknown;
  readonly tier: ProvenanceTier;
  readonly divergence?: string;
}

export interface WorkspaceSummary {
  readonly name: string;
  readonly branch: string;
  readonly base: string;
  /** The repository the worktree belongs to (with the name, the key of the workspace registry). */
  readonly repo: string;
  readonly path: string;
}

export interface Hello {
  readonly kind: "hello";
  readonly protocol: string;
  readonly version: string;
  readonly pid: number;
  /**
   * The home folder of the server's user, on the server's machine: a client on another machine
   * (`--host`) opens new panes there unless told a path, since its own cwd means nothing there.
   */
  readonly home: string;
  readonly clientId: string;
}

export type Reply =
  | ({ readonly kind: "reply"; readonly req: string; readonly ok: true } & Record<string, unknown>)
  | { readonly kind: "reply"; readonly req: string | null; readonly ok: false; readonly error: ServerErrorBody };

export type TableChange = "created" | "updated" | "removed";

export type ServerMessage =
  | Hello
  | Reply
  /**
   * A session's event. One an attach replays as an event line carries `at`, when the session
   * emitted it (the server's clock, epoch ms; the attach reply's `now` is that clock then).
   */
  | { readonly kind: "event"; readonly session: string; readonly event: SessionEvent; readonly at?: number }
  | { readonly kind: "table"; readonly change: TableChange; readonly session: SessionSummary }
  /**
   * The control state (frame, posture, pending calls, census) of a session this client
   * attached, whenever it changed: what the pane's inspector shows. The attach reply carries it
   * as it was then (`control`, null while no harness runs the session).
   */
  | { readonly kind: "control"; readonly session: string; readonly control: ControlSnapshot }
  /** Raw pty bytes (base64) of a native session this client attached. */
  | { readonly kind: "output"; readonly session: string; readonly data: string }
  /** Connection-level: a refused login, or the server going away; the server hangs up after it. */
  | { readonly kind: "error"; readonly error: ServerErrorBody }
  | { readonly kind: "bye"; readonly reason: string };

/** The `req` of a line that failed validation, when it has a usable one, so the refusal still correlates. */
export function reqOf(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  const req = (value as { req?: unknown }).req;
  return typeof req === "string" && req.length > 0 && req.length <= 64 ? req : null;
}

/** zod's first issue as one line: where, and what was wrong. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid request";
  const where = issue.path.length ? issue.path.join(".") : "request";
  return `${where}: ${issue.message}`;
}

/** Why a client of another version may not log in, naming both; null when they match. */
export function versionProblem(login: Pick<Login, "protocol" | "version">, server: { version: string }): string | null {
  if (login.protocol !== PROTOCOL)
    return `this server speaks ${PROTOCOL} (hmux ${server.version}); the client speaks ${login.protocol} (hmux ${login.version})`;
  if (login.version !== server.version)
    return `the running server is hmux ${server.version}; this client is hmux ${login.version}`;
  return null;
}
