/** One row of the server's session table: what `hmux ls` prints, a TUI's pane list follows, and most replies carry. */
import * as z from "zod/mini";
import { PROVENANCE_TIERS } from "../core/options/types.js";
import type { Frozen } from "./frozen.js";

const text = () => z.string();
const nonEmpty = () => z.string().check(z.minLength(1));
const count = () => z.int().check(z.gte(0));

/** What a row says of a native session: its pty, and whether its state is known. */
export const NativeSummarySchema = z.lazy(() =>
  z.object({
    /** The harness whose UI runs in it, or "shell". */
    kind: nonEmpty(),
    pid: z.int(),
    cols: z.int().check(z.gte(1)),
    rows: z.int().check(z.gte(1)),
    /** Whether the lifecycle comes from the harness's hooks; false: unknown, never guessed. */
    stateKnown: z.boolean(),
    /** The bytes that interrupt the pane's UI (its harness's own key, Ctrl-C for a shell): a client sends them, knowing no harness. */
    interruptKey: z.string().check(z.minLength(1), z.maxLength(16)),
    /** How the pty's process ended, once it has. */
    exit: z.optional(z.object({ code: z.nullable(z.number()), signal: z.nullable(z.number()) })),
  }),
);
export type NativeSummary = Frozen<z.infer<typeof NativeSummarySchema>>;

/**
 * What a session's channel can take from a person (the server's registry's capability facts for
 * its harness): a client offers the keys for what is true, knowing no harness itself.
 */
export const InputSupportSchema = z.lazy(() =>
  z.object({
    /** Text reaches the running turn. */
    steer: z.boolean(),
    /** Text is added between turns. */
    inject: z.boolean(),
    /** The harness checks a call on its own, so an abstain means something. */
    abstain: z.boolean(),
    /** An edited tool input can be delivered. */
    replace: z.boolean(),
    /** A deny's reason reaches the model. */
    denyReason: z.boolean(),
  }),
);
export type InputSupportSummary = Frozen<z.infer<typeof InputSupportSchema>>;

/** A resolved setting: the tier that decided it, and why the harness cannot express it. */
export const SettingSummarySchema = z.lazy(() =>
  z.object({
    key: nonEmpty(),
    // A setting whose value is undefined has no "value" key once written as JSON; it reads back as undefined.
    value: z._default(z.unknown(), undefined),
    tier: z.enum(PROVENANCE_TIERS),
    divergence: z.optional(text()),
  }),
);
export type SettingSummary = Frozen<z.infer<typeof SettingSummarySchema>>;

export const WorkspaceSummarySchema = z.lazy(() =>
  z.object({
    name: text(),
    branch: text(),
    base: text(),
    /** The repository the worktree belongs to (with the name, the key of the workspace registry). */
    repo: text(),
    path: text(),
  }),
);
export type WorkspaceSummary = Frozen<z.infer<typeof WorkspaceSummarySchema>>;

/** What a session spent so far (core/usage/totals.ts): priced on the server, shown by every client as it is. */
export const UsageSummarySchema = z.lazy(() =>
  z.object({
    records: count(),
    inputTokens: count(),
    outputTokens: count(),
    cachedInputTokens: count(),
    cacheWriteTokens: count(),
    /** USD over the records that had a cost; null while none had. */
    costUsd: z.nullable(z.number().check(z.gte(0))),
    /** Records that spent tokens and had no price: while any did, the cost reads "unknown". */
    unpriced: count(),
    contextTokens: z.nullable(count()),
    contextWindow: z.nullable(count()),
    model: z.nullable(text()),
  }),
);
export type UsageSummary = Frozen<z.infer<typeof UsageSummarySchema>>;

export const SessionSummarySchema = z.lazy(() =>
  z.object({
    id: nonEmpty(),
    name: nonEmpty(),
    harness: nonEmpty(),
    /** The session's lifecycle (starting, idle, running, awaiting-approval, …, closed, failed), or detached: restored, no harness running. */
    lifecycle: nonEmpty(),
    cwd: text(),
    /** ISO time the server created it. */
    createdAt: text(),
    /** Calls waiting for a decision now. */
    pending: count(),
    /**
     * Ms from when this row was made until the soonest waiting call's deadline, when hmux denies it
     * unanswered; absent when no call waits on one. Relative, so no two machines' clocks are compared.
     */
    deadlineInMs: z.optional(z.number().check(z.gte(0))),
    harnessSessionId: z.nullable(text()),
    /** How it ended, once it has. */
    closed: z.optional(z.object({ cause: text(), exitCode: z.nullable(z.number()) })),
    /**
     * Restored from a server that died: calls that were waiting for a decision then and are lost,
     * how its journal was cut (null: whole), and other journal lines that could not be read.
     */
    restored: z.optional(z.object({ lostCalls: count(), cut: z.nullable(text()), problems: count() })),
    /** Set for a native session (a pty, not an event stream). */
    native: z.optional(NativeSummarySchema),
    /** The session's own git worktree, when it has one: a client on this machine can show its changes. */
    workspace: z.optional(WorkspaceSummarySchema),
    /** A pane label and the first prompt, when the creating client gave them: an attaching TUI shows both. */
    label: z.optional(text()),
    prompt: z.optional(text()),
    model: z.optional(text()),
    effort: z.optional(text()),
    /** The session's resolved settings: each with the tier that decided it, and why the harness cannot express it. */
    settings: z.optional(z.array(SettingSummarySchema)),
    /** What its channel takes from a person; absent for a native session and a harness with no process session. */
    support: z.optional(InputSupportSchema),
    /** Tokens, context and cost so far, once the harness reported any usage. */
    usage: z.optional(UsageSummarySchema),
  }),
);
export type SessionSummary = Frozen<z.infer<typeof SessionSummarySchema>>;
