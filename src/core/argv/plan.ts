/**
 * The shared planning flow. Each adapter supplies only its option renderer; this module owns
 * the checks every harness needs (resume inputs, unsupported keys, prompt safety, env) and
 * the argv layout: head (fresh / resume / resume-last grammar), stream flags, rendered
 * options, passthrough and the prompt at the one place the harness's parser cannot misread it.
 */
import type { HarnessDescriptor } from "../descriptor.js";
import { computeEnvironment, environmentRequestOf, type HarnessEnvironment, ISOLATION_ONLY } from "./environment.js";
import { DISCOVERY_FACETS, HMUX_SIDE_KEYS, TURN_OPTION_KEYS, type TurnOptionKey } from "./option-keys.js";
import {
  hintFor,
  mutuallyExclusive,
  refusal,
  supportedByFor,
  unsupportedFacet,
  unsupportedOnResume,
  unsupportedOption,
} from "./refusals.js";
import { checkToolExclusions } from "./tool-selection.js";
import type { OptionRenderer, PlanContext, PlannedInvocation, TurnRequest } from "./types.js";
import { envChanges, utf8Bytes, validateSeconds, validateSessionId } from "./validate.js";

function checkResumeInputs(self: HarnessDescriptor, all: readonly HarnessDescriptor[], request: TurnRequest): void {
  const { resume, resumeLast } = request.inputs;
  if (resume !== undefined && resumeLast) {
    throw mutuallyExclusive(
      self,
      "resume",
      "resumeLast",
      "--resume <id> continues a named session; --resume-last lets the harness pick. Use one",
    );
  }
  if (resume !== undefined) validateSessionId(self, resume);
  if (resumeLast && self.resumeLast.value === null) {
    const supportedBy = all
      .filter((d) => d.resumeLast.value !== null)
      .map((d) => ({ harness: d.name, spelling: d.resumeLast.value!.prefix.join(" ") }));
    throw refusal(
      self,
      "unsupported-option",
      "resumeLast",
      `${self.name} has no most-recent-session grammar`,
      ["--resume <id>"],
      hintFor(self, "resumeLast", "pass --resume <id> with the id from the identity event"),
      supportedBy,
    );
  }
}

function checkOptions(ctx: PlanContext): void {
  const { self, all, request, resuming } = ctx;
  const options = request.options as Record<TurnOptionKey, unknown>;
  for (const key of TURN_OPTION_KEYS) {
    const value = options[key];
    if (value === undefined) continue;
    if (key === "timeoutSeconds" || key === "stallSeconds") validateSeconds(self, key, value as number);
    const support = self.options[key]?.value;
    if (!support) {
      if (HMUX_SIDE_KEYS.has(key)) continue;
      throw unsupportedOption(self, all, key);
    }
    if (support.only && !support.only.includes(value as never)) throw unsupportedOption(self, all, key, value);
    if (key === "discovery" && support.facets) {
      for (const facet of DISCOVERY_FACETS) {
        const asked = request.options.discovery?.[facet];
        const allowed = support.facets[facet];
        if (asked === undefined || allowed === "any" || allowed.includes(asked)) continue;
        throw unsupportedFacet(self, all, facet);
      }
    }
    if (resuming && !support.onResume) throw unsupportedOnResume(self, all, key);
  }
}

function checkToolFree(ctx: PlanContext): void {
  const { self, request, resuming } = ctx;
  const o = request.options;
  if (o.isolation !== "tool-free") return;
  if (resuming) throw unsupportedOnResume(self, ctx.all, "isolation");
  const clash: [string, boolean][] = [
    ["tools", o.tools !== undefined],
    ["excludeTools", o.excludeTools !== undefined],
    ["access", o.access !== undefined],
    ["autonomy", o.autonomy === true],
    ["skills", o.skills !== undefined],
    ["discovery", o.discovery !== undefined && Object.values(o.discovery).some((v) => v === false)],
    ["passthrough", (request.inputs.passthrough?.length ?? 0) > 0],
  ];
  const hit = clash.find(([, on]) => on);
  if (hit) {
    throw mutuallyExclusive(
      self,
      "isolation",
      hit[0],
      `--isolation tool-free already turns tools and discovery off; drop ${hit[0]}`,
    );
  }
}

function checkPrompt(self: HarnessDescriptor, all: readonly HarnessDescriptor[], request: TurnRequest): void {
  const userPrompt = request.inputs.prompt ?? request.prompt;
  if (userPrompt.startsWith("-") && !request.inputs.explicitPrompt) {
    throw refusal(
      self,
      "prompt-flag-injection",
      "prompt",
      `the prompt ${JSON.stringify(userPrompt.slice(0, 40))} starts with '-' and would be read as a flag`,
      ["--prompt <text>", "--prompt-file <path>"],
      'pass it with --prompt "…" or --prompt-file (hmux then sends it as data), or put flags before --',
      supportedByFor(all, "model").map((s) => ({ harness: s.harness, spelling: "--prompt <text>" })),
    );
  }
  if (request.prompt.length === 0) {
    throw refusal(
      self,
      "invalid-option-value",
      "prompt",
      "the prompt is empty (a headless turn, fresh or resumed, needs one)",
      ["a non-empty prompt"],
      "pass a prompt as the last argument or with --prompt",
    );
  }
  if (request.prompt.includes("\0")) {
    throw refusal(
      self,
      "invalid-option-value",
      "prompt",
      "the prompt contains a NUL byte, which no argv or pipe protocol here carries",
      ["a prompt without NUL bytes"],
      "remove the NUL byte",
    );
  }
}

function headTokens(self: HarnessDescriptor, request: TurnRequest): string[] {
  const { resume, resumeLast } = request.inputs;
  if (resume !== undefined) return self.resume.value.prefix.map((t) => (t === "{id}" ? resume : t));
  if (resumeLast) return [...self.resumeLast.value!.prefix];
  return [...self.launch.value.prefix];
}

function viaStdin(self: HarnessDescriptor, prompt: string): boolean {
  const rule = self.launch.value.stdinPrompt;
  if (!rule) return false;
  if (rule.overBytes !== undefined && utf8Bytes(prompt) > rule.overBytes) return true;
  return rule.leadingChars?.includes(prompt[0]!) ?? false;
}

/**
 * Plan one headless turn: shared checks, the harness's renderer, then the argv layout, over the
 * launch's harness environment (src/core/argv/harness-plan.ts hands in the one its session shares;
 * without one, isolation is all the environment holds).
 */
export function planWith(
  self: HarnessDescriptor,
  all: readonly HarnessDescriptor[],
  request: TurnRequest,
  render: OptionRenderer,
  environment: () => HarnessEnvironment = () =>
    computeEnvironment(environmentRequestOf(self, all, request), ISOLATION_ONLY),
): PlannedInvocation {
  const resuming = request.inputs.resume !== undefined || request.inputs.resumeLast === true;
  const ctx: PlanContext = { self, all, request, resuming };
  checkResumeInputs(self, all, request);
  checkOptions(ctx);
  checkToolExclusions(self, request.options);
  checkToolFree(ctx);
  checkPrompt(self, all, request);
  const userEnv = envChanges(self, request.inputs.env);
  const passthrough = [...(request.inputs.passthrough ?? [])];
  if (passthrough.some((t) => t.includes("\0"))) {
    throw refusal(
      self,
      "invalid-option-value",
      "passthrough",
      "a passthrough token contains a NUL byte",
      ["tokens without NUL"],
      "remove the NUL byte",
    );
  }

  if (self.launch.value.promptStyle === "after-separator" && passthrough.includes("--")) {
    throw refusal(
      self,
      "invalid-option-value",
      "passthrough",
      `a bare -- inside the passthrough would end ${self.name}'s options before hmux's own -- <prompt>`,
      ["native flags after the first --, without a second --"],
      "drop the extra --; hmux already ends the options before the prompt",
    );
  }
  const rendered = render(ctx);
  const harness = environment();
  const env: Record<string, string | null> = { ...harness.env, ...rendered.env, ...userEnv };
  const dirs = [...harness.dirs];
  for (const d of rendered.dirs) if (!dirs.includes(d)) dirs.push(d);

  const head = headTokens(self, request);
  const prompt = request.prompt;
  const stdin = viaStdin(self, prompt);
  const body = [...self.launch.value.streamFlags, ...harness.argv, ...rendered.flags];
  let argv: string[];
  switch (self.launch.value.promptStyle) {
    case "after-separator":
      argv = [...head, ...body, ...passthrough, ...(stdin ? [] : ["--", prompt])];
      break;
    case "after-print-flag": {
      const at = head.indexOf("-p") + 1;
      const withPrompt = stdin ? head : [...head.slice(0, at), prompt, ...head.slice(at)];
      argv = [...withPrompt, ...body, ...passthrough];
      break;
    }
    case "last":
      if (prompt.startsWith("-")) {
        throw refusal(
          self,
          "prompt-flag-injection",
          "prompt",
          `${self.name} has no verified way to pass a prompt starting with '-'`,
          ["a prompt starting with a word"],
          hintFor(self, "prompt", "start the prompt with a word"),
        );
      }
      argv = [...head, ...body, prompt, ...passthrough];
      break;
  }
  return {
    argv: [self.binary.value, ...argv],
    env,
    files: [...harness.files, ...rendered.files],
    dirs,
    stdin: stdin ? "pipe" : "close",
    ...(stdin ? { stdinData: prompt } : {}),
    transport: self.transport.value.headlessTurn,
  };
}
