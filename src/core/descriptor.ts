/**
 * Knowledge layer: one frozen HarnessDescriptor per harness holds every fact hmux knows about
 * that CLI at its pinned version. Each fact carries Evidence (probe, doc, recorded stream,
 * help text) so a reader can see where it came from and re-check it after a version bump.
 * Descriptors are pure data: patterns are {pattern, flags} strings, never RegExp objects.
 */

import { type DiscoveryFacet, TURN_OPTION_KEYS, type TurnOptionKey } from "./argv/option-keys.js";
import type { AuthFailureKind, LimitCode } from "./events.js";
import type { Evidence, Fact } from "./evidence.js";
import { deepFreeze } from "./evidence.js";
import type { HarnessName } from "./harness-names.js";
import type { CanonicalTool } from "./tools.js";

/** Where the newest release of a harness can be looked up (drift checks). */
export type VersionSource =
  | { readonly kind: "npm"; readonly package: string }
  | { readonly kind: "installed-probe"; readonly command: readonly string[] };

/**
 * Where the prompt goes in argv. "after-separator": last, after `--` (the parser honours it,
 * so a prompt can never be read as a flag or subcommand). "after-print-flag": immediately
 * after `-p`, which consumes it before any later flag can (pi). "last": final positional,
 * no separator known to work.
 */
export type PromptStyle = "after-separator" | "after-print-flag" | "last";

export interface StdinPromptRule {
  /** Prompts larger than this many UTF-8 bytes go through stdin instead of argv. */
  readonly overBytes?: number;
  /** Prompts starting with one of these characters go through stdin (argv would misread them). */
  readonly leadingChars?: string;
}

export interface LaunchShape {
  /** Tokens after the binary for a fresh headless turn, before any option. */
  readonly prefix: readonly string[];
  /** Tokens that select the structured stream this harness's decoder reads. */
  readonly streamFlags: readonly string[];
  readonly promptStyle: PromptStyle;
  /** Alternative prompt channel through stdin, or null when the harness has none we trust. */
  readonly stdinPrompt: StdinPromptRule | null;
}

export interface PatternSpec {
  readonly pattern: string;
  readonly flags: string;
}

export interface ResumeShape {
  /** Tokens after the binary; the token "{id}" is replaced by the session id. */
  readonly prefix: readonly string[];
  readonly idShape: PatternSpec;
  /** What the harness does with an unknown id: fail, or silently start a blank session. */
  readonly onMissing: "error" | "create";
}

/** The harness's own "most recent session in this cwd" grammar. */
export interface ResumeLastShape {
  readonly prefix: readonly string[];
}

/**
 * How a harness names the folder that holds one cwd's sessions below its store root.
 * non-alphanumeric-to-dash: every character outside [A-Za-z0-9] becomes "-"; a result longer
 * than maxLength is cut there and suffixed "-" + base-36 |31-hash of the cwd| (claude).
 * double-dash-wrapped: "--" + cwd without its leading "/" with "/", "\\" and ":" as "-" + "--" (pi).
 * md5-hex: the hex MD5 of the cwd (cursor).
 */
export type CwdFolderRule =
  | { readonly kind: "non-alphanumeric-to-dash"; readonly maxLength: number }
  | { readonly kind: "double-dash-wrapped" }
  | { readonly kind: "md5-hex" };

/** Where the harness files its sessions (docs/harness-facts.md#reference-resume-last: the store-root diagnostic). */
export interface SessionStoreShape {
  /** Env var that relocates the harness's own dir (CLAUDE_CONFIG_DIR …), or null when none is known. */
  readonly dirEnv: string | null;
  /** The harness's own dir relative to HOME when dirEnv is unset (".claude"). */
  readonly homeDir: string;
  /** The sessions folder inside that dir ("projects", "sessions", "chats"). */
  readonly sessions: string;
  /** The per-cwd folder below the store root, or null when sessions are not filed per cwd (codex files by date). */
  readonly perCwd: CwdFolderRule | null;
}

export interface SessionModeShape {
  /** Complete argv after the binary for a persistent multi-turn process. */
  readonly argv: readonly string[];
  /** The stdin/stdout protocol a bridge speaks to it ("claude-stream-json", "codex-app-server" …), named by its adapter. */
  readonly channel: string;
}

export interface TransportChoice {
  readonly headlessTurn: "pipe";
  readonly session: "pipe" | null;
  readonly interactive: "pty";
  readonly why: string;
}

export type ModelAcceptance =
  /** Only known models and aliases. */
  | { readonly kind: "known-or-pattern"; readonly pattern: PatternSpec }
  /** Any clean selector (the harness routes to arbitrary providers). */
  | { readonly kind: "clean-selector" }
  | { readonly kind: "known-only" };

export interface ModelVocabulary {
  readonly flag: string;
  /** Short names hmux accepts, mapped to what is passed natively (identity when the CLI knows the alias). */
  readonly aliases: Readonly<Record<string, string>>;
  readonly known: readonly string[];
  readonly accepts: ModelAcceptance;
  /** The model the harness picks with no flag, when a recorded stream or probe shows it. */
  readonly nativeDefault: string | null;
}

export type EffortRender =
  | { readonly kind: "flag"; readonly flag: string }
  | { readonly kind: "config"; readonly key: string };

export interface EffortVocabulary {
  readonly render: EffortRender;
  readonly ladder: readonly string[];
  /** Per-model ladders where a model narrows the harness ladder (model or alias → ladder). */
  readonly byModel: Readonly<Record<string, readonly string[]>>;
}

/**
 * deny-complement: an include list is only a grant, so an exact set is rendered as a deny of
 * the complement (claude). strict-allowlist: the include list is the whole tool set (pi).
 * categories: only write/shell/web category switches (muse). none: no per-tool control (codex, cursor).
 */
export type ToolSelectionKind = "deny-complement" | "strict-allowlist" | "categories" | "none";

export interface ToolVocabulary {
  readonly map: Readonly<Partial<Record<CanonicalTool, string>>>;
  readonly selection: ToolSelectionKind;
  /** Built-in native tool names (complement math). */
  readonly builtins: readonly string[];
  readonly includeFlag: string | null;
  readonly excludeFlag: string | null;
  /** With selection "categories": the canonical tools its categories cover (all a toolMap may name). */
  readonly categoryTools?: readonly CanonicalTool[];
}

export interface LimitMatcher extends PatternSpec {
  readonly code: LimitCode;
}
export interface AuthMatcher extends PatternSpec {
  readonly kind: AuthFailureKind;
}

export interface AutonomyShape {
  readonly argv: readonly string[];
  /** Extra env needed when hmux runs as root (claude refuses bypass modes as root otherwise). */
  readonly rootEnv: Readonly<Record<string, string>>;
}

export type MemoryHandling =
  | { readonly kind: "env-disable"; readonly env: Readonly<Record<string, string>> }
  | { readonly kind: "argv-disable"; readonly argv: readonly string[] }
  | { readonly kind: "no-built-in-memory" }
  | { readonly kind: "cannot-disable" };

/**
 * Where a harness reads an endpoint from: its environment, its argv, or a file in its own
 * config dir. A harness of the last kind is isolated whenever it gets an endpoint, so that file
 * never lands in the user's own home.
 */
export type EndpointSource = "env" | "argv" | "state-dir";

/**
 * How a harness is pointed at a custom endpoint. The core reads only `source`; `data` holds the
 * adapter's own routing facts (a provider name, a default model, a wire API), opaque here and
 * checked by the schema its module declares (HarnessModule.endpointRouting), so a harness with a
 * new way of routing needs no core change.
 */
export interface EndpointRouting {
  readonly source: EndpointSource;
  readonly data: unknown;
}

/** How one TurnOptions key reaches this harness: the native spelling for supportedBy lists. */
export interface OptionSupport {
  readonly spelling: string;
  /** False when the resume grammar cannot carry it (refused with unsupported-on-resume). */
  readonly onResume: boolean;
  /** Only these values are expressible (e.g. pi: autonomy false; claude: write true = default). */
  readonly only?: readonly (string | number | boolean)[];
  /** discovery only: per facet, "any" or the values that are expressible. */
  readonly facets?: Readonly<Record<DiscoveryFacet, "any" | readonly boolean[]>>;
}

/**
 * One entry of `expresses`: a key (any value), `key=<JSON value>` (only that value), or a
 * discovery facet `discovery.<facet>` / `discovery.<facet>=<JSON>`. This is the format
 * option resolution's canExpress reads.
 */
export type ExpressionEntry = string;

/** A hint key is an option key or an option facet ("discovery.skills"). */
export type HintKey = TurnOptionKey | `discovery.${DiscoveryFacet}` | "resumeLast" | "prompt";

export interface CapabilityFacts {
  readonly vision: boolean;
  readonly images: boolean;
  readonly streaming: "token" | "message";
}

export interface HarnessDescriptor {
  readonly name: HarnessName;
  readonly displayName: string;
  readonly binary: Fact<string>;
  readonly verifiedAgainst: Fact<string>;
  readonly versionSource: Fact<VersionSource>;
  readonly launch: Fact<LaunchShape>;
  readonly resume: Fact<ResumeShape>;
  readonly resumeLast: Fact<ResumeLastShape | null>;
  /** Where sessions are filed; null when hmux knows no store (muse). */
  readonly sessionStore: Fact<SessionStoreShape | null>;
  readonly sessionMode: Fact<SessionModeShape | null>;
  readonly transport: Fact<TransportChoice>;
  readonly models: Fact<ModelVocabulary>;
  readonly efforts: Fact<EffortVocabulary | null>;
  readonly tools: Fact<ToolVocabulary>;
  readonly limitMatchers: Fact<readonly LimitMatcher[]>;
  readonly authMatchers: Fact<readonly AuthMatcher[]>;
  readonly autonomy: Fact<AutonomyShape | null>;
  readonly memory: Fact<MemoryHandling>;
  /** stdin for a headless turn: closed at once (codex exec and pi -p hang on an open pipe). */
  readonly stdin: Fact<"close">;
  /** Null when hmux cannot point the harness at an endpoint. */
  readonly endpoint: Fact<EndpointRouting | null>;
  readonly capabilities: Fact<CapabilityFacts>;
  /** Per option key: how it is spelled natively. A key absent here is refused (or diverges). */
  readonly options: Readonly<Partial<Record<TurnOptionKey, Fact<OptionSupport>>>>;
  /** Nearest alternative on this harness, for each refusal it can raise. */
  readonly hints: Fact<Readonly<Partial<Record<HintKey, string>>>>;
  /**
   * TurnOptions keys this harness can render (derived from `options`). Resolution reports a
   * profile/config value for any other key as divergence. A listed key may still refuse
   * particular values (e.g. pi renders autonomy:false but has no bypass for autonomy:true).
   */
  readonly expresses: readonly ExpressionEntry[];
}

export type DescriptorInput = Omit<HarnessDescriptor, "expresses">;

/** Freeze a descriptor and derive `expresses` from its option table. */
export function defineDescriptor(input: DescriptorInput): HarnessDescriptor {
  return deepFreeze({ ...input, expresses: expressionsOf(input.options) });
}

/** Flatten an option table into expression entries, in TURN_OPTION_KEYS order. */
export function expressionsOf(options: DescriptorInput["options"]): ExpressionEntry[] {
  const out: ExpressionEntry[] = [];
  for (const key of TURN_OPTION_KEYS) {
    const support = options[key]?.value;
    if (!support) continue;
    if (key === "discovery" && support.facets) {
      for (const [facet, allowed] of Object.entries(support.facets)) {
        if (allowed === "any") out.push(`discovery.${facet}`);
        else for (const v of allowed) out.push(`discovery.${facet}=${JSON.stringify(v)}`);
      }
    } else if (support.only) {
      for (const v of support.only) out.push(`${key}=${JSON.stringify(v)}`);
    } else {
      out.push(key);
    }
  }
  return out;
}

/** An option-table entry: how a key is spelled natively, and which values it can carry. */
export function optionFact(
  spelling: string,
  ev: Evidence,
  extra: { onResume?: boolean; only?: OptionSupport["only"]; facets?: OptionSupport["facets"] } = {},
): Fact<OptionSupport> {
  const support: OptionSupport = {
    spelling,
    onResume: extra.onResume ?? true,
    ...(extra.only ? { only: extra.only } : {}),
    ...(extra.facets ? { facets: extra.facets } : {}),
  };
  return { value: support, evidence: ev };
}

/** Shorthand for descriptor files: one Evidence reused by several facts. */
export function evidence(source: Evidence["source"], date: string, version: string, ref: string): Evidence {
  return { source, date, version, ref };
}
