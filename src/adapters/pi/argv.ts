/**
 * pi argv: `pi -p <prompt> --mode json <options> <passthrough>` (resume: `pi --session <id>
 * -p …`, resume-last: `pi --continue -p …`). pi 0.73.1's parser has no `--` separator (1.6.0 has
 * one) and an unknown `--flag` swallows the next bare token, but `-p` consumes the token right
 * after it first, so the prompt sits there on both. A prompt starting with '-' or '@' (an @file include to pi)
 * goes through stdin, which -p mode reads as the prompt.
 */

import { mutuallyExclusive, refusal } from "../../core/argv/refusals.js";
import { effortValue, modelFlags } from "../../core/argv/render-common.js";
import { complementOf, nativeToolNames, readAccessNatives } from "../../core/argv/tool-selection.js";
import type { PlanContext, RenderedOptions } from "../../core/argv/types.js";
import { CLEAN_SELECTOR, validateEndpoint } from "../../core/argv/validate.js";
import { descriptor } from "./descriptor.js";
import { piEndpointModel } from "./endpoint.js";

/**
 * A strict allowlist: an empty one means no tools at all. Since 1.x pi's --tools keeps every MCP
 * server's tools unless named (help text), so a restricted set also turns MCP off: a grant of
 * read-only tools must not leave a writing MCP tool in reach.
 */
function allowlist(natives: readonly string[]): string[] {
  return [...(natives.length ? ["--tools", natives.join(",")] : ["--no-tools"]), "--no-mcp"];
}

function toolFlags(ctx: PlanContext): string[] {
  const o = ctx.request.options;
  if (o.tools) return allowlist(nativeToolNames(descriptor, ctx.all, o, o.tools, "tools"));
  // The complement as an allowlist (1.6.0 also has --exclude-tools; this form parses on 0.73.1 too).
  if (o.excludeTools)
    return allowlist(complementOf(descriptor, nativeToolNames(descriptor, ctx.all, o, o.excludeTools, "excludeTools")));
  if (o.access === "read") return allowlist(readAccessNatives(descriptor, o));
  return [];
}

function skillFlags(ctx: PlanContext): string[] {
  const skills = ctx.request.options.skills;
  if (!skills) return [];
  const out = ["--no-skills"];
  for (const path of skills) {
    if (!path.startsWith("/") || path.includes("\0")) {
      throw refusal(
        descriptor,
        "invalid-option-value",
        "skills",
        `skill ${JSON.stringify(path)} is not an absolute path`,
        ["absolute paths to skill files or directories"],
        "pass each skill as an absolute path, e.g. /home/me/skills/review",
      );
    }
    out.push("--skill", path);
  }
  return out;
}

/** The turn's own flags; the endpoint's provider, files and variables are the harness environment's. */
export function renderTurn(ctx: PlanContext): RenderedOptions {
  const o = ctx.request.options;
  const flags: string[] = [];
  const url = o.endpoint !== undefined ? validateEndpoint(descriptor, o.endpoint) : undefined;

  if (url) {
    if (o.provider !== undefined) {
      throw mutuallyExclusive(
        descriptor,
        "endpoint",
        "provider",
        "--endpoint defines the provider pi uses; drop --provider",
      );
    }
    // The provider and model flags and files are the harness environment's (endpoint.ts); the model is checked here.
    if (!CLEAN_SELECTOR.test(piEndpointModel(o.model))) modelFlags(ctx, true); // refuses with the model vocabulary
  } else {
    if (o.provider !== undefined) {
      if (!CLEAN_SELECTOR.test(o.provider)) {
        throw refusal(
          descriptor,
          "invalid-option-value",
          "provider",
          `provider ${JSON.stringify(o.provider)} is not a clean provider name`,
          ["a provider name such as anthropic, openai, zai"],
          "pass a provider name pi knows (pi --list-models shows them)",
        );
      }
      // pi 1.x reads --provider only to search for --model, and exits on it alone.
      if (o.model === undefined) {
        throw refusal(
          descriptor,
          "invalid-option-value",
          "provider",
          "pi needs --model with --provider (the provider only narrows the model search)",
          ["--provider with --model", "--model provider/id"],
          `add --model, e.g. --provider ${o.provider} --model <model id>, or pass --model ${o.provider}/<model id>`,
        );
      }
      flags.push("--provider", o.provider);
    }
    flags.push(...modelFlags(ctx, false));
  }
  const effort = effortValue(ctx);
  if (effort !== undefined) flags.push("--thinking", effort);
  if (o.discovery?.tools === false) flags.push("--no-tools");
  if (o.discovery?.instructionFiles === false) flags.push("--no-context-files");
  if (o.discovery?.extensions === false) flags.push("--no-extensions");
  if (o.discovery?.skills === false && !o.skills) flags.push("--no-skills");
  if (o.systemPrompt !== undefined) flags.push("--system-prompt", o.systemPrompt);
  if (o.appendSystemPrompt !== undefined) flags.push("--append-system-prompt", o.appendSystemPrompt);
  flags.push(...skillFlags(ctx));
  flags.push(...toolFlags(ctx));
  return { flags, env: {}, files: [], dirs: [] };
}
