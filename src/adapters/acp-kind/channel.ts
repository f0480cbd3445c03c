/**
 * The capability row of an ACP agent's channel. What the protocol itself fixes is stated from the
 * ACP v1 schema (a permission answer is one of the agent's options or `cancelled`: no new input,
 * no reason text; an unanswered request waits); what only the agent decides (whether it asks
 * before every call, whether it sandboxes, what it does with a malformed answer) is set to the
 * value that makes hmux check more, marked assumed, until a pinned agent's folder records a probe.
 */
import type { ChannelCapabilities, FacetFact } from "../../core/control/capabilities.js";
import { absent, assumedFailsOpen, delivered, fact as f, facets } from "../../core/control/capability-builders.js";
import type { Evidence } from "../../core/evidence.js";
import { deepFreeze } from "../../core/evidence.js";

/** The facts a pinned agent establishes by probing it; each replaces the kind's assumption. */
export interface AcpProbedFacets {
  readonly sandbox?: FacetFact;
  readonly continueOnMalformed?: FacetFact;
  readonly humanReviewOnSilence?: FacetFact;
  /** Which calls reach hmux: every one, or only those the agent's own rules ask about. */
  readonly coverage?: ChannelCapabilities["coverage"];
}

export function acpChannelRow(harness: string, evidence: Evidence, probed: AcpProbedFacets = {}): ChannelCapabilities {
  const schema: Evidence = {
    ...evidence,
    source: "doc",
    ref: `ACP v1 schema (@agentclientprotocol/sdk); ${evidence.ref}`,
  };
  return deepFreeze({
    id: `${harness}-acp`,
    harness,
    mode: "ACP over stdio (initialize, session/new, session/prompt; no fs or terminal client capability)",
    facets: facets({
      grant: f(true, "doc", schema, "session/request_permission answered with the agent's allow_once option"),
      deny: f(true, "doc", schema, "answered with the agent's reject_once (else reject_always) option"),
      escalate: f(false, "doc", schema, "the permission request is itself the ask; nobody further"),
      humanReviewOnSilence:
        probed.humanReviewOnSilence ?? f(false, "doc", schema, "an unanswered permission request holds the call"),
      sandbox: probed.sandbox ?? f(false, "assumed", evidence, "not probed: assumed to run an allowed call unconfined"),
      continueOnMalformed: probed.continueOnMalformed ?? assumedFailsOpen(evidence),
      replace: f(false, "doc", schema, "a permission outcome names an option; it carries no new input"),
      denyReason: f(
        false,
        "doc",
        schema,
        "a permission outcome carries no text, so a deny's reason never reaches the model",
      ),
      silence: f(false, "doc", schema, "ACP has no 'no decision': the agent waits for the answer"),
    }),
    commands: {
      "tool.decide": delivered("session/request_permission answered with one of the agent's own option ids", schema),
      "frame.set": absent(
        "an ACP agent runs the calls its own rules allow without asking, so a frame cannot be held on every call",
        schema,
      ),
      "message.inject": delivered("session/prompt between turns", schema),
      steer: absent("ACP v1 has no steering: a send during a turn is held for the next prompt", schema),
      "permission.set": absent("hmux sets no ACP session mode", schema),
      interrupt: delivered("session/cancel (the prompt ends with stopReason cancelled; the session goes on)", schema),
      halt: delivered("kill the process group", schema),
    },
    coverage: probed.coverage ?? {
      value: "harness-asks-only",
      evidence,
      note: "an ACP agent asks permission only for the calls its own rules gate; the rest run without hmux seeing a request",
    },
    postures: [],
    defaultPosture: null,
    shadowingPostures: [],
    harnessTimeoutMs: null,
  });
}
