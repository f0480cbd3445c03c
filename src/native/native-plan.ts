/**
 * What to spawn for a native pane: the harness's interactive UI (or the user's shell), its
 * env, and the files to write first. Hooks are passed inline (claude `--settings`, codex
 * `-c hooks.*` with `--dangerously-bypass-hook-trust`, since hmux wrote those hooks itself)
 * so nothing is written into a user's own config. With an endpoint, everything runs below a
 * fresh state dir (H2's endpoint env/config, plus claude's onboarding pre-accepted).
 */
import { fileURLToPath } from "node:url";
import { claudeEndpointEnv } from "../adapters/claude/endpoint.js";
import { codexTurnEndpoint } from "../adapters/codex/endpoint.js";
import { PI_ENDPOINT_PROVIDER, piEndpointEnv, piEndpointFiles } from "../adapters/pi/endpoint.js";
import { PINNED_VERSIONS } from "../adapters/pinned-versions.js";
import { isolatedDirs, isolationEnv, joinPath } from "../core/argv/isolation.js";
import { configOverride } from "../core/argv/toml.js";
import type { TurnRequest } from "../core/argv/types.js";
import type { LaunchBinary } from "../core/launch/types.js";
import { HOOK_EVENTS, type HookEvent } from "./hooks/report-schema.js";

export const NATIVE_KINDS = ["claude", "codex", "pi", "shell"] as const;
export type NativeKind = (typeof NATIVE_KINDS)[number];

/** The model id the scripted model answers to. */
export const ENDPOINT_MODEL = "hmux-model";

export interface NativePlanRequest {
  readonly kind: NativeKind;
  readonly cwd: string;
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  /** Resolved harness binary (not needed for the shell). */
  readonly binary?: LaunchBinary;
  readonly endpoint?: URL;
  /** Required with an endpoint: the per-session dir everything is isolated below. */
  readonly stateDir?: string;
  /** HMUX_HOOK_* for this pane; hooks are installed only when given. */
  readonly hookEnv?: Readonly<Record<string, string>>;
  readonly model?: string;
}

export interface PlannedFile {
  readonly path: string;
  readonly content: string;
  readonly mode?: number;
}

export interface NativePlan {
  readonly argv: readonly string[];
  readonly env: Record<string, string>;
  readonly files: readonly PlannedFile[];
  readonly dirs: readonly string[];
  /** Whether lifecycle hooks report this pane's state. */
  readonly hooks: boolean;
}

export const REPORT_SCRIPT = fileURLToPath(new URL("./hooks/report.mjs", import.meta.url));

export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function hookCommand(event: HookEvent, nodePath = process.execPath, script = REPORT_SCRIPT): string {
  return `${shellQuote(nodePath)} ${shellQuote(script)} ${event}`;
}

/** claude `--settings` JSON: every lifecycle event reports; the hook never decides. */
export function claudeHookSettings(command: (event: HookEvent) => string = hookCommand): string {
  const hooks: Record<string, unknown> = {};
  for (const event of HOOK_EVENTS)
    hooks[event] = [{ matcher: "*", hooks: [{ type: "command", command: command(event), timeout: 10 }] }];
  return JSON.stringify({ hooks });
}

/** codex `-c hooks.<Event>=[…]` overrides (TOML inline tables), same events codex knows. */
export function codexHookFlags(command: (event: HookEvent) => string = hookCommand): string[] {
  const events: HookEvent[] = [
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "Stop",
  ];
  return events.flatMap((event) => [
    "-c",
    `hooks.${event}=[{matcher="*",hooks=[{type="command",command=${JSON.stringify(command(event))},timeout=10}]}]`,
  ]);
}

/** claude's first-run dialogs, pre-answered in an isolated config dir (probed on 2.1.197 and 2.1.332). */
export function claudeOnboarding(cwd: string, apiKey: string): string {
  return `${JSON.stringify(
    {
      hasCompletedOnboarding: true,
      lastOnboardingVersion: PINNED_VERSIONS.claude.version,
      projects: { [cwd]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
      // claude asks once whether to use an ANTHROPIC_API_KEY; it remembers the key's last 20 chars.
      customApiKeyResponses: { approved: [apiKey.slice(-20)], rejected: [] },
    },
    null,
    2,
  )}\n`;
}

const PASS_THROUGH = ["PATH", "LANG", "LC_ALL", "LC_CTYPE", "USER", "LOGNAME", "SHELL", "TZ"];

function baseEnv(host: NativePlanRequest["hostEnv"], isolated: boolean): Record<string, string> {
  const env: Record<string, string> = {};
  if (isolated) {
    for (const k of PASS_THROUGH) if (host[k] !== undefined) env[k] = host[k]!;
  } else {
    for (const [k, v] of Object.entries(host)) if (v !== undefined) env[k] = v;
  }
  // The pane is not a tmux client, whatever hmux runs in.
  delete env.TMUX;
  delete env.TMUX_PANE;
  env.TERM = "xterm-256color";
  env.COLORTERM = "truecolor";
  return env;
}

/** H2's endpoint helpers read only the inputs' and host's env (and stall seconds) from a turn request. */
function endpointRequest(host: NativePlanRequest["hostEnv"]): TurnRequest {
  return { options: {}, inputs: { env: {} }, prompt: "", host: { env: host } } as unknown as TurnRequest;
}

export function planNative(request: NativePlanRequest): NativePlan {
  const { kind, endpoint } = request;
  if (endpoint && !request.stateDir) throw new Error("native pane: an endpoint needs a state dir");
  const isolated = endpoint !== undefined && kind !== "shell";
  const env = baseEnv(request.hostEnv, isolated);
  const files: PlannedFile[] = [];
  const dirs: string[] = [];
  const hooks = request.hookEnv !== undefined && (kind === "claude" || kind === "codex");
  if (hooks) Object.assign(env, request.hookEnv);
  const dirsOf = isolated ? isolatedDirs(request.stateDir!) : null;
  if (dirsOf) {
    Object.assign(env, isolationEnv(dirsOf));
    dirs.push(dirsOf.home, dirsOf.claudeConfig, dirsOf.codexHome, dirsOf.piAgent, dirsOf.xdgConfig);
  }
  if (kind === "shell") {
    const shell = request.hostEnv.SHELL || "/bin/sh";
    return { argv: [shell], env, files, dirs, hooks: false };
  }
  const binary = request.binary;
  if (!binary) throw new Error(`native pane: no ${kind} binary`);
  const argv: string[] = [binary.executable, ...binary.prefixArgs];
  const model = request.model ?? (endpoint ? ENDPOINT_MODEL : undefined);
  const turn = endpointRequest(request.hostEnv);
  switch (kind) {
    case "claude": {
      if (hooks) argv.push("--settings", claudeHookSettings());
      if (model) argv.push("--model", model);
      if (endpoint && dirsOf) {
        // 2.1.332 made auto mode (a classifier runs calls unasked) the default: ask, so its dialog can appear.
        argv.push("--permission-mode", "default");
        const endpointEnv = claudeEndpointEnv(endpoint, turn);
        Object.assign(env, endpointEnv);
        files.push({
          path: joinPath(dirsOf.claudeConfig, ".claude.json"),
          content: claudeOnboarding(request.cwd, endpointEnv.ANTHROPIC_API_KEY ?? "dummy"),
          mode: 0o600,
        });
      }
      break;
    }
    case "codex": {
      if (hooks) argv.push("--dangerously-bypass-hook-trust", ...codexHookFlags());
      if (endpoint) {
        const wiring = codexTurnEndpoint(endpoint, turn);
        argv.push(...wiring.overrides, ...configOverride("approval_policy", "on-request"));
        Object.assign(env, wiring.env);
      }
      if (model) argv.push(...configOverride("model", model));
      break;
    }
    case "pi": {
      if (endpoint && dirsOf) {
        files.push(
          ...piEndpointFiles(endpoint, dirsOf.piAgent, model ?? ENDPOINT_MODEL, turn).map((f) => ({
            path: f.path,
            content: f.content,
            mode: f.mode,
          })),
        );
        Object.assign(env, piEndpointEnv(dirsOf.piAgent));
        argv.push("--provider", PI_ENDPOINT_PROVIDER, "--model", model ?? ENDPOINT_MODEL);
      } else if (model) argv.push("--model", model);
      break;
    }
  }
  return { argv, env, files, dirs, hooks };
}
