/**
 * A harness, as one object: everything hmux knows and does for one CLI, exported by its
 * folder (`src/adapters/<harness>/adapter.ts`) and put in force by the registry, the only
 * table keyed by harness. Nothing outside src/adapters reaches a harness except through one
 * of these objects, so a new harness is a new folder plus one registry line.
 */
import * as z from "zod/mini";
import "../core/schema-locale.js";
import type { HarnessPlan } from "../core/argv/harness-plan.js";
import type { NativeFlagSpelling } from "../core/argv/native-spelling.js";
import type { TurnRequest } from "../core/argv/types.js";
import type { MatcherSet } from "../core/classify.js";
import type { ChannelCapabilities } from "../core/control/capabilities.js";
import type { DecoderContext, StreamDecoder } from "../core/decoder.js";
import type { HarnessDescriptor } from "../core/descriptor.js";
import type { Invocation, PlannedFile } from "../core/exec/invocation.js";
import type { BridgeCapabilities, SessionBridge } from "../core/exec/session-bridge.js";
import type { SessionRequest, SessionSpawnPlan } from "../core/exec/session-plan-types.js";
import { HARNESS_NAME_PATTERN, HARNESS_NAME_RULE } from "../core/harness-names.js";
import type { HarnessSettingSpec } from "../core/options/harness-settings.js";
import { type BinaryFacts, binaryFactsSchema } from "./binary-facts.js";
import { type PinnedVersion, pinnedVersionSchema } from "./pinned-version.js";

export type { Invocation, PlannedFile } from "../core/exec/invocation.js";

/**
 * A session with one harness process for its whole life, driven through a protocol bridge. Its
 * spawn is planned by the module's one planner (`plan(...).session`), from the same harness
 * environment as its one-shot turn.
 */
export interface ProcessSessionSupport {
  readonly kind: "process";
  /** The bridge's channel and posture: what the session runtime and the UI may offer. */
  readonly capabilities: BridgeCapabilities;
  createBridge(request: SessionRequest): SessionBridge;
  /**
   * Turn settings beyond the common ones (src/core/launch/turn-gate.ts) that this session's plan
   * honours, so a one-shot turn gated through it keeps them: normalized keys (`access`) and the
   * harness's own settings as `<harness>.<key>` (codex: access, codex.sandbox, codex.contextWindow).
   */
  readonly carries?: readonly string[];
}

/** A session run as one harness process per turn, each turn resuming the harness's own session. */
export interface TurnPerProcessSession {
  readonly kind: "turn-per-process";
  /** The capability row of its channel (one of the module's `channels`). */
  readonly channel: ChannelCapabilities;
}

export type SessionSupport = ProcessSessionSupport | TurnPerProcessSession;

/** A registered harness's process session: the spawn comes from the harness's one planner. */
export interface ProcessSession extends ProcessSessionSupport {
  /** Pure: the spawn (argv, env) and the files and dirs to make first. */
  plan(request: SessionRequest): SessionSpawnPlan;
}

/** What a native pane needs from the harness beyond its binary. */
export interface NativePaneInput {
  readonly cwd: string;
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  /** The endpoint, when the pane runs isolated against one. */
  readonly endpoint?: URL;
  /** The isolated HOME, with an endpoint. */
  readonly home?: string;
  readonly model?: string;
  /** The command a lifecycle hook runs for one event; hooks are installed only when given. */
  readonly hookCommand?: (event: string) => string;
  /** Every lifecycle event hmux's hook reporter understands. */
  readonly hookEvents: readonly string[];
}

export interface NativePanePlan {
  readonly flags: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly files: readonly PlannedFile[];
}

/** The harness's own interactive UI in a terminal pane. */
export interface NativePane {
  /** Whether hmux's lifecycle hooks can report the pane's state. */
  readonly hooks: boolean;
  /** The bytes the UI treats as "stop what you are doing". */
  readonly interruptKey: string;
  plan(input: NativePaneInput): NativePanePlan;
}

/**
 * One setting only this harness has (codex's context window and sandbox, muse's step cap and its
 * write and shell gates): the module owns its name, its check and its help, and hmux derives the
 * rest. It is given as `--<harness>-<key>` (kebab case) on the command line, as
 * `harnessOptions.<harness>.<key>` in a config file (checked when the file loads), and reaches the
 * planner as `options.harnessOptions[<harness>][<key>]`, checked by `value`. What the core needs of
 * it (profile value, trust ladder, exclusions) is HarnessSettingSpec's.
 */
export interface HarnessOptionSpec extends HarnessSettingSpec {
  /** One line of --help. */
  readonly describe: string;
  /** How a command-line token becomes a value for the check. */
  readonly cli: "string" | "integer" | "boolean";
  /**
   * The flag it had before it was the harness's own (`--context-window`, `--sandbox`), still
   * accepted as a legacy spelling of `--<harness>-<key>` (a boolean one with its `--no-` form).
   */
  readonly legacyFlag?: string;
}

/** What a harness folder exports: facts and functions, before the registry binds it to its peers. */
export interface HarnessModule {
  readonly name: string;
  /** Every CLI fact at the pinned version, each with its evidence. */
  readonly descriptor: HarnessDescriptor;
  readonly pinned: PinnedVersion;
  readonly binary: BinaryFacts;
  /**
   * The variables holding this harness's own vendor credentials: with a custom --endpoint they
   * are withheld from it (src/core/launch/harness-env.ts), so no vendor key is sent to a server
   * the user named for something else. Only a key the user names for the endpoint goes there.
   */
  readonly credentialEnv: readonly string[];
  /**
   * The schema of its descriptor's endpoint routing data (descriptor.endpoint.data: a provider
   * name, a default model …), which only the module reads; the registry checks the data against it.
   */
  readonly endpointRouting?: z.ZodMiniType;
  /** Failure wording for classifying an unexplained non-zero exit (shared + harness extras). */
  readonly matchers: MatcherSet;
  createDecoder(context?: DecoderContext): StreamDecoder;
  /**
   * The harness's one planner. Pure: resolved options → one harness environment (isolation, the
   * endpoint's variables, files and argv), and from it the one-shot turn (`turn()`: argv/env/files,
   * or a RefusalError) and, for a process session, the session spawn (`session(input)`). Peers are
   * every registered descriptor: isolation covers their dirs, refusals name who supports an option.
   * `planHarness` (src/core/argv/harness-plan.ts) builds one from three renderers.
   */
  plan(request: TurnRequest, peers: readonly HarnessDescriptor[]): HarnessPlan;
  /**
   * Present when its one-shot turn (the plan's turn) refuses, by the harness's own
   * permission system, every call nobody approved; absent when that turn runs calls unasked, in
   * which case `hmux run` gates it through its session channel or refuses it without --autonomy.
   */
  readonly oneShotGate?: { readonly why: string };
  /** How `hmux session` and TUI panes run it, or null when only one-turn runs work. */
  readonly session: SessionSupport | null;
  /** Its interactive UI in a native pane, or null when hmux has no native pane for it. */
  readonly native: NativePane | null;
  /**
   * Whether `hmux demo` and `hmux race --demo` give it a pane when no harness is named: the demo's
   * script is written for it and fits its screen. Absent = only when named (`--harness`).
   */
  readonly inDemo?: boolean;
  /**
   * Its capability rows, one per channel hmux can run it on (its session's among them), each
   * fact with its evidence; the registry collects them into the capability table.
   */
  readonly channels: readonly ChannelCapabilities[];
  /** Settings only this harness has (HarnessOptionSpec); absent = none. */
  readonly options?: readonly HarnessOptionSpec[];
  /** Its own flags for what hmux spells its own way, redirected when typed before `--`; absent = none. */
  readonly nativeSpellings?: readonly NativeFlagSpelling[];
}

/**
 * What decoding a recorded stream needs of a harness: each folder exports it from its `decoding.ts`,
 * which its module spreads, so `hmux decode` can load it without the rest of the folder.
 */
export type HarnessDecoding = Pick<HarnessModule, "name" | "createDecoder" | "matchers">;

/** A registered harness: its planner bound to the registry's descriptors. */
export interface HarnessAdapter extends Omit<HarnessModule, "plan" | "session"> {
  plan(request: TurnRequest): HarnessPlan;
  /** `plan(request).turn()`. */
  planTurn(request: TurnRequest): Invocation;
  readonly session: ProcessSession | TurnPerProcessSession | null;
}

/** Lowercase word (src/core/harness-names.ts). */
export const harnessNameSchema = z.string().check(z.regex(HARNESS_NAME_PATTERN, { error: HARNESS_NAME_RULE }));
const word = () => z.string().check(z.minLength(1));

/**
 * The data half of a module, checked when one is registered: an adapter from outside this
 * folder (a test, a plugin) must not put a malformed name or fact into every table at once.
 */
export const harnessModuleFactsSchema = z.object({
  name: harnessNameSchema,
  pinned: pinnedVersionSchema,
  binary: binaryFactsSchema,
  credentialEnv: z.array(
    z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: "a credential variable is an env name" })),
  ),
  session: z.union([z.null(), z.object({ kind: z.enum(["process", "turn-per-process"]) })]),
  native: z.union([z.null(), z.object({ hooks: z.boolean(), interruptKey: word() })]),
  nativeSpellings: z.optional(
    z.array(
      z.object({
        flag: z
          .string()
          .check(z.regex(/^--?[A-Za-z][\w-]*$/, { error: "a native spelling's flag is one -x or --long token" })),
        spelling: z.optional(word()),
        option: word(),
        normalized: word(),
        sense: z.optional(word()),
      }),
    ),
  ),
});
