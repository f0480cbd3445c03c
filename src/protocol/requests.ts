/**
 * What a client may send: the login line first, then requests, each one object with an `op` and a
 * caller-chosen `req` its reply echoes. Every object is strict (a field the server does not know is
 * a `bad-request`, not silently ignored) and every string and number is bounded.
 */
import * as z from "zod/mini";
import {
  absolutePath,
  cols,
  MAX_PROMPT_CHARS,
  MAX_WRITE_CHARS,
  req,
  rows,
  sessionName,
  target,
  word,
} from "./fields.js";

export const LoginSchema = z.strictObject({
  op: z.literal("login"),
  token: z.string().check(z.maxLength(256)),
  protocol: z.string().check(z.maxLength(64)),
  version: z.string().check(z.maxLength(64)),
});
export type Login = z.infer<typeof LoginSchema>;

/** The login a remote client sends through `hmux server --stdio`: the relay puts the token in (and replaces one sent). */
export const RelayLoginSchema = z.strictObject({ ...LoginSchema.shape, token: z.optional(LoginSchema.shape.token) });

/** How a session is launched: the `hmux session` flags a headless session takes. */
export const CreateOptionsSchema = z.strictObject({
  model: z.optional(word(200)),
  effort: z.optional(word(50)),
  endpoint: z.optional(word(2048)),
  isolate: z.optional(z.boolean()),
  approvals: z.optional(z.enum(["ask", "deny", "allow"])),
  stallSeconds: z.optional(z.number().check(z.gte(0), z.lte(86_400))),
  decisionBudgetMs: z.optional(z.int().check(z.gte(1), z.lte(86_400_000))),
  escalateQuestions: z.optional(z.boolean()),
  /** An hmux journal id, or the harness's own session id, to continue. */
  resume: z.optional(word(256)),
  /** Its own git worktree: true (a generated name), a name, false (none, whatever the config says). */
  worktree: z.optional(z.union([z.boolean(), word(64)])),
  /** Where a new worktree starts (a branch, tag or commit; default HEAD). */
  base: z.optional(word(256)),
  /** The first turn, sent by the server once the session started (so it runs whether or not a client stays). */
  prompt: z.optional(word(MAX_PROMPT_CHARS)),
  /** What a TUI pane's header calls the session (the name stays the target). */
  label: z.optional(word(80)),
  /**
   * Each harness's own settings, by harness then key (`--codex-sandbox` → `{codex: {sandbox}}`):
   * scalars here; the server's registry checks each against the harness's own schema when it plans.
   */
  harnessOptions: z.optional(
    z.record(word(64), z.record(word(64), z.union([z.string().check(z.maxLength(4096)), z.number(), z.boolean()]))),
  ),
});
export type CreateOptions = z.infer<typeof CreateOptionsSchema>;

export const ListRequest = z.strictObject({ op: z.literal("list"), req: req() });

export const CreateRequest = z.strictObject({
  op: z.literal("create"),
  req: req(),
  harness: word(64),
  name: z.optional(sessionName()),
  cwd: absolutePath(),
  options: z._default(CreateOptionsSchema, {}),
});

export const CreateNativeRequest = z.strictObject({
  op: z.literal("create-native"),
  req: req(),
  /** A harness with a native pane (`hmux harnesses`), or "shell". */
  kind: word(64),
  name: z.optional(sessionName()),
  cwd: absolutePath(),
  cols: cols(),
  rows: rows(),
  endpoint: z.optional(word(2048)),
  model: z.optional(word(200)),
});

/**
 * Watches a session: the reply carries its kept events (`replay`: how many of the newest; all of
 * them when absent), and every later event follows as an event line. A native session's reply
 * also carries its screen, and its output follows as output lines.
 */
export const AttachRequest = z.strictObject({
  op: z.literal("attach"),
  req: req(),
  session: target(),
  replay: z.optional(z.int().check(z.gte(0))),
});

/** Stops this client's events from one session, or from every session when none is named. */
export const DetachRequest = z.strictObject({ op: z.literal("detach"), req: req(), session: z.optional(target()) });

export const RenameRequest = z.strictObject({
  op: z.literal("rename"),
  req: req(),
  session: target(),
  name: sessionName(),
});

export const KillRequest = z.strictObject({ op: z.literal("kill"), req: req(), session: target() });

/** Reopens a detached (or ended) session through the harness's own resume; a running one is refused. */
export const ResumeRequest = z.strictObject({
  op: z.literal("resume"),
  req: req(),
  /** A row's name or id; or the id of a session no row holds any more (killed) whose journal can resume. */
  session: target(),
  /** Watch it from its first resumed event, as attach does (a client whose pane shows it). */
  attach: z.optional(z.boolean()),
});

export const InputRequest = z.strictObject({
  op: z.literal("input"),
  req: req(),
  session: target(),
  /** One stdin line of `hmux session`: a string as typed, or the JSON value itself. */
  line: z.union([z.string(), z.record(z.string(), z.unknown())]),
  /** Who decides when the line is a tool.decide: a person at a TUI, or a program (default); `human` is a person's old name. */
  as: z.optional(z.enum(["person", "human", "program"])),
  /** The client as it names itself (`hmux tui on box`): a decision's record says it came through it. */
  client: z.optional(word(120)),
});

/** Every call waiting for a decision and every question waiting for its answer, across the server's sessions. */
export const InboxRequest = z.strictObject({ op: z.literal("inbox"), req: req() });

/**
 * A person's decision on one waiting call, from a shell (`hmux decide`) or any client: TOO_LATE
 * when someone (or the deadline) decided it first, UNKNOWN_CALL when the session never asked it.
 */
export const DecideRequest = z.strictObject({
  op: z.literal("decide"),
  req: req(),
  session: target(),
  call: word(256),
  decision: z.enum(["allow", "deny", "abstain", "replace"]),
  /** A deny's reason (required for a deny). */
  reason: z.optional(word(4096)),
  /** A replace's new input. */
  input: z.optional(z.unknown()),
  /** An allow that also makes a session rule (session: the offer the inbox shows; path: that one path). */
  scope: z.optional(z.enum(["session", "path"])),
  /** The client as it names itself, recorded on the decision. */
  client: word(120),
});

/** Every decision the journals record, of one session or of every session the server lists. */
export const AuditRequest = z.strictObject({ op: z.literal("audit"), req: req(), session: z.optional(target()) });

export const KillServerRequest = z.strictObject({ op: z.literal("kill-server"), req: req() });

/**
 * A dry run of a create (or, with `native`, of a create-native of kind `harness`): the server's
 * launch decision for it, with nothing spawned, no worktree made and no row added.
 */
export const PlanRequest = z.strictObject({
  op: z.literal("plan"),
  req: req(),
  harness: word(64),
  cwd: absolutePath(),
  options: z._default(CreateOptionsSchema, {}),
  native: z.optional(z.boolean()),
});

/** The harnesses a launch at `cwd` can use, as the server's registry there says (a dialog's list). */
export const HarnessesRequest = z.strictObject({ op: z.literal("harnesses"), req: req(), cwd: absolutePath() });

/** Keys for a native session's pty, as text (JSON escapes the control bytes). */
export const WriteRequest = z.strictObject({
  op: z.literal("write"),
  req: req(),
  session: target(),
  data: z.string().check(z.maxLength(MAX_WRITE_CHARS)),
});

export const ResizeRequest = z.strictObject({
  op: z.literal("resize"),
  req: req(),
  session: target(),
  cols: cols(),
  rows: rows(),
});

/** A race's name: one path component and the head of its branch names (the server checks it fully). */
const raceName = () => word(40);

/**
 * Opens a race on the server: every harness's session in its own worktree (`<race>-<harness>`)
 * from the same base of the repository at `cwd`, each sent `prompt` by the server. `options`
 * are every contestant's create options (a TUI's pane defaults); the worktree, prompt, base and
 * resume are the race's own.
 */
export const RaceStartRequest = z.strictObject({
  op: z.literal("race.start"),
  req: req(),
  cwd: absolutePath(),
  harnesses: z.array(word(64)).check(z.minLength(1), z.maxLength(16)),
  prompt: word(MAX_PROMPT_CHARS),
  /** The check command run in each worktree after its first turn; null for none. */
  check: z.nullable(word(4096)),
  name: z.optional(raceName()),
  base: z.optional(word(256)),
  options: z._default(z.omit(CreateOptionsSchema, { worktree: true, prompt: true, base: true, resume: true }), {}),
});

/** The race's scorecard: the reply waits while the check runs, and is `race-running` while a first turn does. */
export const RaceScoreRequest = z.strictObject({ op: z.literal("race.score"), req: req(), race: raceName() });

/** Ends the contestants' sessions, merges `harness`'s work into the base and removes the other worktrees. */
export const RacePickRequest = z.strictObject({
  op: z.literal("race.pick"),
  req: req(),
  race: raceName(),
  harness: word(64),
  /** Also remove worktrees that hold uncommitted or unmerged work (`hmux race pick --force`). */
  force: z.optional(z.boolean()),
  /** Always make a merge commit (`--no-ff`). */
  noFastForward: z.optional(z.boolean()),
});

/** Ends the contestants' sessions and removes every worktree that loses no work. */
export const RaceDiscardRequest = z.strictObject({
  op: z.literal("race.discard"),
  req: req(),
  race: raceName(),
  /** Also remove worktrees that hold uncommitted or unmerged work (`hmux race discard --force`). */
  force: z.optional(z.boolean()),
});

/** Every request, by its op: the server's op table has exactly one entry per member (test/unit/server/op-table.test.ts). */
const REQUESTS = [
  ListRequest,
  CreateRequest,
  CreateNativeRequest,
  AttachRequest,
  DetachRequest,
  RenameRequest,
  KillRequest,
  ResumeRequest,
  InputRequest,
  InboxRequest,
  DecideRequest,
  AuditRequest,
  KillServerRequest,
  WriteRequest,
  ResizeRequest,
  PlanRequest,
  HarnessesRequest,
  RaceStartRequest,
  RaceScoreRequest,
  RacePickRequest,
  RaceDiscardRequest,
] as const;
export const RequestSchema = z.discriminatedUnion("op", REQUESTS);
export type Request = z.infer<typeof RequestSchema>;
export type RequestOp = Request["op"];
export type RequestOf<Op extends RequestOp> = Extract<Request, { op: Op }>;
/** Every op of the union, read off the schema itself. */
export const REQUEST_OPS: readonly RequestOp[] = REQUESTS.flatMap((o) => [...o.shape.op._zod.def.values]);

type SchemaOf<Op extends RequestOp> = Extract<(typeof REQUESTS)[number], { _zod: { output: { op: Op } } }>;
/** A request before the client's own `req` is attached (what ServerClient.request takes), as the client writes it. */
export type RequestBody<Op extends RequestOp = RequestOp> = Op extends RequestOp
  ? Omit<z.input<SchemaOf<Op>>, "req">
  : never;

/** The `req` of a line that failed validation, when it has a usable one, so the refusal still correlates. */
export function reqOf(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  const found = (value as { req?: unknown }).req;
  return typeof found === "string" && req().safeParse(found).success ? found : null;
}

const OP_NAMES: ReadonlySet<string> = new Set(REQUEST_OPS);
/** Whether a request line's `op` is one this protocol has. */
export function isRequestOp(op: unknown): op is RequestOp {
  return typeof op === "string" && OP_NAMES.has(op);
}
