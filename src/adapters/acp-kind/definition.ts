/**
 * An ACP agent as data: everything hmux needs to run one agent that speaks the Agent Client
 * Protocol, whether a config file names it (`harnesses.<name>.acp`) or a built-in folder pins it
 * (src/adapters/<name>/). The kind (this folder) turns one definition into a HarnessModule.
 */
import type { RequestPermissionRequest } from "@agentclientprotocol/sdk";
import type { ChannelCapabilities } from "../../core/control/capabilities.js";
import type { Evidence } from "../../core/evidence.js";
import type { BinaryFacts } from "../binary-facts.js";
import type { PinnedVersion } from "../pinned-version.js";

/** The tool call a `session/request_permission` names. */
export type PermissionToolCall = RequestPermissionRequest["toolCall"];

/** A file written inside the isolated HOME before the agent starts, from a template. */
export interface AcpConfigFile {
  /** Relative to the isolated HOME (an endpoint run is always isolated when a file is written). */
  readonly path: string;
  readonly template: string;
}

/**
 * How the agent is pointed at an OpenAI/Anthropic-compatible endpoint (`--endpoint`): the names
 * of the variables it reads, and/or a file it reads, written from a template before it starts.
 * In a template, {{baseUrl}}, {{openaiBaseUrl}} (the URL ending in /v1), {{apiKey}} and {{model}}
 * are replaced, each as a JSON string's contents; in an `env` value, as they are.
 */
export interface AcpEndpointSetup {
  readonly baseUrlEnv?: string;
  readonly apiKeyEnv?: string;
  readonly modelEnv?: string;
  /** Set too, always, when an endpoint is given (a provider switch, an offline flag, an Anthropic base URL: "{{baseUrl}}"). */
  readonly env?: Readonly<Record<string, string>>;
  readonly configFile?: AcpConfigFile;
  /** More files, for an agent that reads its endpoint from several (pi: models.json and settings.json). */
  readonly configFiles?: readonly AcpConfigFile[];
  /** The model asked of the endpoint when the launch names none. */
  readonly defaultModel?: string;
}

/** The bounds a misbehaving agent meets: each one ends the session with a failure naming it. */
export interface AcpLimits {
  /**
   * How long the agent has to answer initialize (and session/new, resume or load) before hmux
   * gives up; absent from a definition: the one default of src/core/exec/handshake-budget.ts.
   */
  readonly handshakeMs: number;
  /** Messages (requests and notifications: updates above all) one prompt turn may carry before the agent is called a flood. */
  readonly updatesPerTurn: number;
  /** Messages between turns (after session/new, before the first prompt; after a turn ended). */
  readonly updatesBetweenTurns: number;
  /** Permission requests waiting for an answer at once. */
  readonly openPermissions: number;
}

/** The bounds of a definition that declares none; the handshake's is the core's (handshakeBudgetMs). */
export const DEFAULT_ACP_LIMITS: Omit<AcpLimits, "handshakeMs"> = Object.freeze({
  updatesPerTurn: 100_000,
  updatesBetweenTurns: 2_000,
  openPermissions: 64,
});

export interface AcpAgentDefinition {
  /** The harness name (one lowercase word, or words joined by hyphens: src/core/harness-names.ts). */
  readonly name: string;
  readonly displayName: string;
  /** The command line that starts the agent speaking ACP on stdio: the program, then its arguments. */
  readonly command: readonly string[];
  /** Variables set for the agent on top of the environment it inherits. */
  readonly env: Readonly<Record<string, string>>;
  readonly endpoint?: AcpEndpointSetup;
  /** The version hmux verified, and how (a config agent: what its config says). */
  readonly pinned: PinnedVersion;
  /** Where the program is installed (a pinned npm package, or PATH). */
  readonly binary: BinaryFacts;
  /** The agent's own vendor keys, withheld from it when --endpoint names another server. */
  readonly credentialEnv: readonly string[];
  /** Where the facts of this definition come from (a config file; a pinned folder's probe). */
  readonly evidence: Evidence;
  /**
   * The capability row of its ACP channel; absent: the kind's conservative default, where every
   * facet not established by the protocol itself is assumed to need more checking.
   */
  readonly channel?: ChannelCapabilities;
  readonly limits?: Partial<AcpLimits>;
  /**
   * The session mode hmux sets once a session is open (session/set_mode), for an agent whose own
   * default would run calls without asking anybody (claude-agent-acp starts in "auto").
   */
  readonly sessionMode?: string;
  /**
   * Reads the call a permission request is about, for an agent that asks in its own words (pi-acp
   * asks about an extension's confirm dialog, naming the real call in its message); absent: the
   * request's own tool call.
   */
  readonly permissionToolCall?: (toolCall: PermissionToolCall) => PermissionToolCall;
  /**
   * Lines on stdout that are not JSON are tolerated (shown as raw output) instead of ending the
   * session as malformed JSON-RPC. Off by default: ACP reserves stdout for its messages.
   */
  readonly tolerateStdoutText?: boolean;
}
