/**
 * How each pinned ACP agent is pointed at the scripted model by its own settings, with HOME and
 * the XDG dirs isolated under one temp folder and every documented switch that stops it reaching
 * the network at start turned on. What each switch is for, and how it was found, is in
 * docs/acp-agents.md; the probes (scripts/acp-probe.ts) and the live tests use this.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AcpEndpointSetup } from "../../../src/adapters/acp-kind/definition.js";
import { renderTemplate } from "../../../src/adapters/acp-kind/endpoint.js";
import { codexAcp } from "../../../src/adapters/codex-acp/adapter.js";
import { REPO_ROOT } from "./isolated-cli.js";

export const ACP_AGENTS = ["opencode", "qwen", "claude-acp", "codex-acp", "pi-acp"] as const;
export type AcpAgent = (typeof ACP_AGENTS)[number];

const bin = (name: string) => join(REPO_ROOT, "node_modules", ".bin", name);

export function acpRoot(agent: AcpAgent): string {
  return mkdtempSync(join(tmpdir(), `hmux-acp-${agent}-`));
}

export interface AcpIsolation {
  readonly agent: AcpAgent;
  readonly root: string;
  readonly home: string;
  readonly cwd: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Record<string, string>;
  cleanup(): void;
}

/** The command line hmux starts each agent with. */
export function acpCommand(agent: AcpAgent): { command: string; args: string[] } {
  switch (agent) {
    case "opencode":
      return { command: bin("opencode"), args: ["acp"] };
    case "qwen":
      // Its default mode is "auto" (an LLM classifier decides); "default" asks for every edit and shell command.
      return { command: bin("qwen"), args: ["--acp", "--approval-mode", "default"] };
    case "claude-acp":
      return { command: bin("claude-agent-acp"), args: [] };
    case "codex-acp":
      return { command: bin("codex-acp"), args: [] };
    case "pi-acp":
      return { command: bin("pi-acp"), args: [] };
  }
}

function write(path: string, text: string): void {
  writeFileSync(path, text, { mode: 0o600 });
}

/** `root`: a folder made by the caller (who needs the cwd's path in the model's script first). */
export function isolateAcp(agent: AcpAgent, url: string, root = acpRoot(agent)): AcpIsolation {
  const home = join(root, "home");
  const cwd = join(root, "work");
  const xdg = {
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local", "share"),
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_STATE_HOME: join(home, ".local", "state"),
  };
  for (const dir of [home, cwd, ...Object.values(xdg)]) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    LANG: "C.UTF-8",
    HOME: home,
    ...xdg,
    // pi-acp asks `npm view` for a newer pi at session/new; offline npm answers at once.
    npm_config_offline: "true",
    npm_config_update_notifier: "false",
  };
  if (agent === "opencode") {
    const dir = join(xdg.XDG_CONFIG_HOME, "opencode");
    mkdirSync(dir, { recursive: true });
    write(
      join(dir, "opencode.json"),
      JSON.stringify(
        {
          $schema: "https://opencode.ai/config.json",
          model: "hmux/hmux-model",
          small_model: "hmux/hmux-model",
          autoupdate: false,
          share: "disabled",
          provider: {
            hmux: {
              npm: "@ai-sdk/openai-compatible",
              name: "hmux scripted model",
              options: { baseURL: `${url}/v1`, apiKey: "dummy" },
              models: { "hmux-model": { name: "hmux model" } },
            },
          },
          permission: { bash: "ask", edit: "ask", webfetch: "ask", external_directory: "ask" },
        },
        null,
        2,
      ),
    );
    Object.assign(env, {
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_AUTOUPDATE: "1",
      OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
      OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
      OPENCODE_DISABLE_SHARE: "1",
      OPENCODE_DISABLE_CLAUDE_CODE: "1",
      OPENCODE_DISABLE_EXTERNAL_SKILLS: "1",
      OPENCODE_DISABLE_PROJECT_CONFIG: "1",
    });
  } else if (agent === "qwen") {
    const dir = join(home, ".qwen");
    mkdirSync(dir, { recursive: true });
    write(
      join(dir, "settings.json"),
      JSON.stringify(
        {
          security: { auth: { selectedType: "openai" } },
          model: { name: "hmux-model" },
          privacy: { usageStatisticsEnabled: false },
          telemetry: { enabled: false },
          general: { disableAutoUpdate: true, disableUpdateNag: true },
        },
        null,
        2,
      ),
    );
    Object.assign(env, {
      OPENAI_BASE_URL: `${url}/v1`,
      OPENAI_API_KEY: "dummy",
      OPENAI_MODEL: "hmux-model",
    });
  } else if (agent === "claude-acp") {
    const dir = join(home, ".claude");
    mkdirSync(dir, { recursive: true });
    // claude-agent-acp starts a session in "auto" (a classifier decides, nobody is asked) unless
    // the settings name another default: "default" asks the client for every gated call.
    write(join(dir, "settings.json"), JSON.stringify({ permissions: { defaultMode: "default" } }));
    Object.assign(env, {
      CLAUDE_CONFIG_DIR: dir,
      ANTHROPIC_BASE_URL: url,
      ANTHROPIC_API_KEY: "dummy",
      ANTHROPIC_MODEL: "hmux-model",
      CLAUDE_CODE_EXECUTABLE: bin("claude"),
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_ERROR_REPORTING: "1",
      CLAUDE_CODE_MAX_RETRIES: "1",
    });
  } else if (agent === "codex-acp") {
    const dir = join(home, ".codex");
    mkdirSync(dir, { recursive: true });
    // The config hmux itself writes for --endpoint (the adapter's template), so the probe runs what hmux runs.
    const setup = codexAcp.descriptor.endpoint.value?.data as AcpEndpointSetup;
    const file = setup.configFile!;
    write(join(home, file.path), renderTemplate(file.template, { model: "hmux-model", openaiBaseUrl: `${url}/v1` }));
    Object.assign(env, { CODEX_HOME: dir, [setup.apiKeyEnv!]: "dummy" });
    // Its default mode ("agent") has codex's own reviewer model decide escalations; read-only
    // runs every command in codex's read-only sandbox and asks the client for each escalation.
    env.INITIAL_AGENT_MODE = process.env.PROBE_CODEX_MODE ?? "read-only";
    if (process.env.PROBE_CODEX_CONFIG) env.CODEX_CONFIG = process.env.PROBE_CODEX_CONFIG;
  } else {
    const dir = join(home, ".pi", "agent");
    mkdirSync(dir, { recursive: true });
    write(
      join(dir, "models.json"),
      JSON.stringify({
        providers: {
          hmux: {
            baseUrl: `${url}/v1`,
            api: "openai-completions",
            apiKey: "dummy",
            models: [{ id: "hmux-model", name: "hmux model", contextWindow: 128000, maxTokens: 4096 }],
          },
        },
      }),
    );
    write(
      join(dir, "settings.json"),
      JSON.stringify({
        defaultProvider: "hmux",
        defaultModel: "hmux-model",
        // pi-acp otherwise opens every session with pi's version and file list as agent text.
        quietStartup: true,
        retry: { enabled: true, maxRetries: 1, baseDelayMs: 200 },
      }),
    );
    // pi gates nothing itself: hmux's confirm gate, found by pi in its extensions folder, asks
    // the client through pi-acp for every tool call.
    mkdirSync(join(dir, "extensions"), { recursive: true });
    copyFileSync(
      join(REPO_ROOT, "src", "adapters", "pi-acp", "extension", "hmux-confirm-gate.ts"),
      join(dir, "extensions", "hmux-confirm-gate.ts"),
    );
    Object.assign(env, { PI_CODING_AGENT_DIR: dir, PI_OFFLINE: "1", PI_TELEMETRY: "0" });
  }
  const { command, args } = acpCommand(agent);
  return { agent, root, home, cwd, command, args, env, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
