/**
 * The five harnesses, each composed from its own files: descriptor (facts), argv (planTurn)
 * and decode (createDecoder). Everything outside src/adapters reaches a harness through here.
 */
import type { TurnRequest } from "../core/argv/types.js";
import { type MatcherSet, withExtras } from "../core/classify.js";
import type { HarnessDescriptor } from "../core/descriptor.js";
import { HARNESS_NAMES, type HarnessName, isHarnessName } from "../core/harness-names.js";
import { RefusalError } from "../core/refusal.js";
import { createDecoder as claudeDecoder } from "./claude/decode.js";
import { CLAUDE_MATCHERS } from "./claude/decode-matchers.js";
import { descriptor as claudeDescriptor } from "./claude/descriptor.js";
import { CODEX_MATCHERS, createDecoder as codexDecoder } from "./codex/decode.js";
import { descriptor as codexDescriptor } from "./codex/descriptor.js";
import { CURSOR_MATCHERS, createDecoder as cursorDecoder } from "./cursor/decode.js";
import { descriptor as cursorDescriptor } from "./cursor/descriptor.js";
import { createDecoder as museDecoder } from "./muse/decode.js";
import { descriptor as museDescriptor } from "./muse/descriptor.js";
import { PI_MATCHERS, createDecoder as piDecoder } from "./pi/decode.js";
import { descriptor as piDescriptor } from "./pi/descriptor.js";
import { planners } from "./planners.js";
import type { HarnessAdapter } from "./types.js";

function compose(
  descriptor: HarnessDescriptor,
  createDecoder: HarnessAdapter["createDecoder"],
  matchers: MatcherSet,
): HarnessAdapter {
  const name = descriptor.name;
  return Object.freeze({
    name,
    descriptor,
    matchers,
    createDecoder,
    planTurn: (input: TurnRequest) => planners[name](input),
  });
}

const ADAPTERS: Readonly<Record<HarnessName, HarnessAdapter>> = Object.freeze({
  claude: compose(claudeDescriptor, claudeDecoder, withExtras(CLAUDE_MATCHERS)),
  codex: compose(codexDescriptor, codexDecoder, withExtras(CODEX_MATCHERS)),
  pi: compose(piDescriptor, piDecoder, withExtras(PI_MATCHERS)),
  muse: compose(museDescriptor, museDecoder, withExtras()),
  cursor: compose(cursorDescriptor, cursorDecoder, withExtras(CURSOR_MATCHERS)),
});

export function adapterFor(harness: HarnessName): HarnessAdapter {
  return ADAPTERS[harness];
}

export function allAdapters(): readonly HarnessAdapter[] {
  return HARNESS_NAMES.map((h) => ADAPTERS[h]);
}

/** A harness name from the command line, or a refusal naming the ones that exist. */
export function requireHarness(name: string): HarnessAdapter {
  if (isHarnessName(name)) return ADAPTERS[name];
  const near = HARNESS_NAMES.find((h) => h.startsWith(name.slice(0, 2).toLowerCase()));
  throw new RefusalError(`unknown harness ${JSON.stringify(name)}; hmux knows ${HARNESS_NAMES.join(", ")}`, {
    issue: "unknown-harness",
    supported: HARNESS_NAMES,
    hint: near
      ? `did you mean ${near}? (Cursor CLI is "cursor", binary agent)`
      : `pick one of ${HARNESS_NAMES.join(", ")}`,
  });
}
