/**
 * The ACP kind: one AcpAgentDefinition → one HarnessModule, the same object every harness folder
 * exports. A config entry (`harnesses.<name>.acp`) and a pinned built-in folder both come through
 * here, so an agent added by config runs everywhere a built-in one does: `hmux run` (headless,
 * its calls gated through the ACP channel), `hmux session`, TUI panes, races and the server.
 * There is no one-shot argv: an ACP agent runs only as a session, and --autonomy is refused.
 */

import { type HarnessPlan, planHarness, type SessionRenderer } from "../../core/argv/harness-plan.js";
import { HMUX_SIDE_KEYS, TURN_OPTION_KEYS, type TurnOptionKey } from "../../core/argv/option-keys.js";
import { NOTHING_RENDERED } from "../../core/argv/render-common.js";
import type { TurnRequest } from "../../core/argv/types.js";
import { defineDescriptor, type HarnessDescriptor, optionFact } from "../../core/descriptor.js";
import { fact } from "../../core/evidence.js";
import { handshakeBudgetMs } from "../../core/exec/handshake-budget.js";
import type { BridgeCapabilities } from "../../core/exec/session-bridge.js";
import { HmuxError } from "../../core/hmux-error.js";
import type { HarnessModule, ProcessSessionSupport } from "../adapter.js";
import { descriptorMatchers } from "../descriptor-matchers.js";
import { AcpSessionBridge } from "./bridge.js";
import { acpChannelRow } from "./channel.js";
import { ACP_MATCHERS, createAcpDecoder } from "./decoder.js";
import { type AcpAgentDefinition, DEFAULT_ACP_LIMITS } from "./definition.js";
import { acpEnvironment } from "./endpoint.js";
import { acpRoutingSchema } from "./routing.js";

/** The name the descriptor's session mode gives the channel every ACP agent speaks. */
export const ACP_CHANNEL = "acp";
/** hmux's version, as clientInfo tells the agent. */
const CLIENT_VERSION = "0.1.0";
/** ACP session ids are opaque strings; hmux accepts any without spaces or control characters. */
const SESSION_ID = { pattern: "^[A-Za-z0-9._:@/+=-]{1,256}$", flags: "" };

/** Keys the descriptor below speaks to itself: model and endpoint by the definition, autonomy refused. */
const OWN_HINTS: ReadonlySet<TurnOptionKey> = new Set<TurnOptionKey>(["model", "autonomy", "endpoint"]);
/**
 * Settings ACP v1 has no field for: a session carries its cwd and each prompt's text, nothing more.
 * Derived from the one key list, so a new TurnOptions key gets a hint here without an edit.
 */
const UNEXPRESSED = TURN_OPTION_KEYS.filter((key) => !HMUX_SIDE_KEYS.has(key) && !OWN_HINTS.has(key));

function unexpressedHints(name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of UNEXPRESSED)
    out[key] = `${name} is an ACP agent: ACP v1 carries a session's cwd and each prompt's text, and no ${key} setting`;
  return out;
}

function descriptorOf(def: AcpAgentDefinition): HarnessDescriptor {
  const ev = def.evidence;
  const [program, ...args] = def.command;
  const endpoint = def.endpoint;
  const templates = [...(endpoint?.configFile ? [endpoint.configFile] : []), ...(endpoint?.configFiles ?? [])];
  const takesModel =
    endpoint?.modelEnv !== undefined ||
    templates.some((file) => file.template.includes("{{model}}")) ||
    Object.values(endpoint?.env ?? {}).some((value) => value.includes("{{model}}"));
  const matchers = descriptorMatchers();
  return defineDescriptor({
    name: def.name,
    displayName: def.displayName,
    binary: fact(program!, ev),
    verifiedAgainst: fact(def.pinned.version, ev),
    versionSource: fact(
      def.binary.npmPackage
        ? { kind: "npm", package: def.binary.npmPackage }
        : { kind: "installed-probe", command: [program!, "--version"] },
      ev,
    ),
    // Never spawned: the turn runs through the session (hmux run gates it there); this is its argv for inspection.
    launch: fact({ prefix: args, streamFlags: [], promptStyle: "last", stdinPrompt: null }, ev),
    resume: fact({ prefix: args, idShape: SESSION_ID, onMissing: "error" }, ev),
    resumeLast: fact(null, ev),
    sessionStore: fact(null, ev),
    sessionMode: fact({ argv: args, channel: ACP_CHANNEL }, ev),
    transport: fact(
      { headlessTurn: "pipe", session: "pipe", interactive: "pty", why: "ACP is JSON-RPC on stdio pipes" },
      ev,
    ),
    models: fact(
      {
        flag: takesModel ? "(the endpoint's model setting)" : "(none)",
        aliases: {},
        known: [],
        accepts: { kind: "clean-selector" },
        nativeDefault: endpoint?.defaultModel ?? null,
      },
      ev,
    ),
    efforts: fact(null, ev),
    tools: fact({ map: {}, selection: "none", builtins: [], includeFlag: null, excludeFlag: null }, ev),
    limitMatchers: fact(matchers.limit, ev),
    authMatchers: fact(matchers.auth, ev),
    autonomy: fact(null, ev),
    memory: fact({ kind: "cannot-disable" }, ev),
    stdin: fact("close", ev),
    endpoint: fact(endpoint ? { source: templates.length > 0 ? "state-dir" : "env", data: endpoint } : null, ev),
    capabilities: fact({ vision: false, images: false, streaming: "token" }, ev),
    options: {
      ...(takesModel ? { model: optionFact("endpoint model", ev) } : {}),
      ...(endpoint ? { endpoint: optionFact("endpoint setup", ev) } : {}),
      escalateQuestions: optionFact("prompt preamble", ev),
      timeoutSeconds: optionFact("hmux wall clock", ev),
      stallSeconds: optionFact("hmux idle budget", ev),
      isolate: optionFact("env HOME", ev),
    },
    hints: fact(
      {
        ...unexpressedHints(def.name),
        autonomy: `${def.name} is an ACP agent: hmux answers each of its permission requests, so there is no unchecked mode`,
        ...(endpoint
          ? {}
          : {
              endpoint: `${def.name}'s definition says nothing about endpoints: add harnesses.${def.name}.acp.endpoint`,
            }),
      },
      ev,
    ),
  });
}

function sessionOf(def: AcpAgentDefinition, capabilities: BridgeCapabilities): ProcessSessionSupport {
  const limits = {
    ...DEFAULT_ACP_LIMITS,
    ...def.limits,
    handshakeMs: handshakeBudgetMs(def.name, def.limits?.handshakeMs),
  };
  return {
    kind: "process",
    capabilities,
    createBridge: (request) =>
      new AcpSessionBridge({
        agent: def.name,
        capabilities,
        cwd: request.cwd,
        ...(request.resume !== undefined ? { resume: request.resume } : {}),
        limits,
        tolerateStdoutText: def.tolerateStdoutText === true,
        clientVersion: CLIENT_VERSION,
        ...(def.sessionMode !== undefined ? { sessionMode: def.sessionMode } : {}),
        ...(def.permissionToolCall ? { permissionToolCall: def.permissionToolCall } : {}),
      }),
  };
}

/** The harness an ACP agent definition describes. */
export function acpHarness(def: AcpAgentDefinition): HarnessModule {
  if (def.command.length === 0) throw new HmuxError("invalid-harness", `ACP agent ${def.name}: its command is empty`);
  const descriptor = descriptorOf(def);
  const channel = def.channel ?? acpChannelRow(def.name, def.evidence);
  const capabilities: BridgeCapabilities = { harness: def.name, channel, posture: null, midTurnSend: "next-turn" };
  const environment = acpEnvironment(() => descriptor, def.endpoint);
  const session: SessionRenderer = () => ({ flags: [], env: { ...def.env } });
  return {
    name: def.name,
    descriptor,
    pinned: def.pinned,
    binary: def.binary,
    credentialEnv: def.credentialEnv,
    matchers: ACP_MATCHERS,
    createDecoder: createAcpDecoder,
    endpointRouting: acpRoutingSchema,
    plan: (request: TurnRequest, peers: readonly HarnessDescriptor[]): HarnessPlan =>
      // Never spawned as a turn (hmux run drives the session), but its plan shows the env the session gets.
      planHarness(descriptor, peers, request, {
        environment,
        turn: () => ({ ...NOTHING_RENDERED, env: { ...def.env } }),
        session,
      }),
    session: sessionOf(def, capabilities),
    native: null,
    channels: [channel],
  };
}
