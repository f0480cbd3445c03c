/**
 * Claude argv: `claude -p <stream flags> <options> <tool lists> <passthrough> -- <prompt>`.
 * Every valued flag uses the `--flag=value` form: claude's --allowedTools, --disallowedTools
 * and --tools are variadic and would swallow a following bare token, and `=` ends them
 * (probed on 2.1.197 and 2.1.332). The prompt sits after `--`, so no flag can ever consume it.
 */

import { effortValue, modelFlags } from "../../core/argv/render-common.js";
import { complementOf, nativeToolNames, readAccessNatives } from "../../core/argv/tool-selection.js";
import type { PlanContext, RenderedOptions } from "../../core/argv/types.js";
import { validateEndpoint } from "../../core/argv/validate.js";
import { descriptor } from "./descriptor.js";

/** The tool name a claude permission pattern governs: "Bash(git *)" → "Bash". */
function baseName(native: string): string {
  const paren = native.indexOf("(");
  return paren > 0 ? native.slice(0, paren) : native;
}

/**
 * An exact tool set: --tools names the built-ins that exist at all, the grant skips approval, and
 * the known complement is denied too. --tools is what holds: each release adds built-ins (2.1.332
 * lists Monitor, ToolSearch, ListAgents, DesignSync that 2.1.197 did not), which a deny list
 * written before them cannot name. MCP tools are not built-ins; the grant and deny govern them.
 */
function exactSet(grant: readonly string[]): string[] {
  if (grant.length === 0) return ["--tools="];
  const names = [...new Set(grant.map(baseName))];
  const builtins = names.filter((n) => !n.startsWith("mcp__"));
  const deny = complementOf(descriptor, names);
  return [
    `--tools=${builtins.join(",")}`,
    `--allowedTools=${grant.join(",")}`,
    ...(deny.length ? [`--disallowedTools=${deny.join(",")}`] : []),
  ];
}

function toolFlags(ctx: PlanContext): string[] {
  const o = ctx.request.options;
  if (o.tools) return exactSet(nativeToolNames(descriptor, ctx.all, o, o.tools, "tools"));
  if (o.excludeTools) {
    const deny = nativeToolNames(descriptor, ctx.all, o, o.excludeTools, "excludeTools");
    return deny.length ? [`--disallowedTools=${deny.join(",")}`] : [];
  }
  if (o.access === "read") return exactSet(readAccessNatives(descriptor, o));
  return [];
}

/** The turn's own flags; the endpoint's variables are the harness environment's (endpoint.ts). */
export function renderTurn(ctx: PlanContext): RenderedOptions {
  const { request } = ctx;
  const o = request.options;
  const flags: string[] = [];
  const env: Record<string, string> = {};
  const url = o.endpoint !== undefined ? validateEndpoint(descriptor, o.endpoint) : undefined;

  flags.push(...modelFlags(ctx, url !== undefined));
  const effort = effortValue(ctx);
  if (effort !== undefined) flags.push(`--effort=${effort}`);
  if (o.autonomy) {
    flags.push(...descriptor.autonomy.value!.argv);
    if (request.host?.isRoot) Object.assign(env, descriptor.autonomy.value!.rootEnv);
  }
  const memory = descriptor.memory.value;
  if (o.memory === false && memory.kind === "env-disable") Object.assign(env, memory.env);
  if (o.discovery?.tools === false) flags.push("--tools=");
  if (o.discovery?.extensions === false) flags.push("--setting-sources=project");
  if (o.discovery?.skills === false) flags.push("--disable-slash-commands");
  if (o.systemPrompt !== undefined) flags.push(`--system-prompt=${o.systemPrompt}`);
  if (o.appendSystemPrompt !== undefined) flags.push(`--append-system-prompt=${o.appendSystemPrompt}`);
  if (o.isolation === "tool-free") flags.push("--bare", "--tools=", "--strict-mcp-config", "--disable-slash-commands");
  // Tool lists last among our flags (they are the variadic ones, kept in `=` form anyway).
  flags.push(...toolFlags(ctx));
  return { flags: dedupe(flags), env, files: [], dirs: [] };
}

/** A flag asked for twice (e.g. skills off by discovery and by isolation) renders once. */
function dedupe(flags: string[]): string[] {
  const out: string[] = [];
  for (const f of flags) if (!(f.startsWith("--") && out.includes(f))) out.push(f);
  return out;
}
