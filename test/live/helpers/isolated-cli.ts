/**
 * Runs a real harness binary the way the facts in docs/harness-facts.md were observed: an isolated HOME and config dir
 * under a temp folder, an environment built from scratch, stdin at EOF, its own process
 * group (killed as a group on cleanup), stdout split on "\n" only.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export type LiveHarness = "claude" | "codex" | "pi";
export type PiApi = "openai-completions" | "anthropic-messages" | "openai-responses";

export const REPO_ROOT = resolve(import.meta.dirname, "..", "..", "..");
export const BIN = (name: LiveHarness) => join(REPO_ROOT, "node_modules", ".bin", name);

export interface IsolatedRun {
  readonly root: string;
  readonly home: string;
  readonly cwd: string;
  readonly env: Record<string, string>;
  cleanup(): void;
}

function baseEnv(home: string): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8", HOME: home };
}

/** Config files and env that point one harness at the model server at `url` (or any URL). */
export function isolate(harness: LiveHarness, url: string, opts: { piApi?: PiApi } = {}): IsolatedRun {
  const root = mkdtempSync(join(tmpdir(), `hmux-live-${harness}-`));
  const home = join(root, "home");
  const cwd = join(root, "work");
  mkdirSync(home, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  const env = baseEnv(home);
  if (harness === "claude") {
    const dir = join(home, ".claude");
    mkdirSync(dir, { recursive: true });
    Object.assign(env, {
      CLAUDE_CONFIG_DIR: dir,
      ANTHROPIC_BASE_URL: url,
      ANTHROPIC_API_KEY: "dummy",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_ERROR_REPORTING: "1",
      CLAUDE_CODE_MAX_RETRIES: "1",
      IS_SANDBOX: "1",
    });
  } else if (harness === "codex") {
    const dir = join(home, ".codex");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "config.toml"),
      [
        `model = "hmux-model"`,
        `model_provider = "hmux"`,
        `approval_policy = "never"`,
        `sandbox_mode = "danger-full-access"`,
        `check_for_update_on_startup = false`,
        ``,
        `[analytics]`,
        `enabled = false`,
        ``,
        `[features]`,
        `plugins = false`,
        ``,
        `[model_providers.hmux]`,
        `name = "hmux scripted model"`,
        `base_url = "${url}/v1"`,
        `wire_api = "responses"`,
        `env_key = "HMUX_MODEL_API_KEY"`,
        `request_max_retries = 1`,
        `stream_max_retries = 0`,
        `stream_idle_timeout_ms = 5000`,
        ``,
      ].join("\n"),
    );
    Object.assign(env, { CODEX_HOME: dir, HMUX_MODEL_API_KEY: "dummy" });
  } else {
    const dir = join(home, ".pi", "agent");
    mkdirSync(dir, { recursive: true });
    const api = opts.piApi ?? "openai-completions";
    const baseUrl = api === "anthropic-messages" ? url : `${url}/v1`;
    writeFileSync(
      join(dir, "models.json"),
      JSON.stringify(
        {
          providers: {
            hmux: {
              baseUrl,
              api,
              apiKey: "dummy",
              models: [{ id: "hmux-model", name: "hmux model", contextWindow: 128000, maxTokens: 4096 }],
            },
          },
        },
        null,
        2,
      ),
    );
    writeFileSync(
      join(dir, "settings.json"),
      JSON.stringify({ retry: { enabled: true, maxRetries: 1, baseDelayMs: 200 } }),
    );
    Object.assign(env, { PI_CODING_AGENT_DIR: dir, PI_OFFLINE: "1", PI_TELEMETRY: "0" });
  }
  return { root, home, cwd, env, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** The argv after the binary for one headless turn with JSON output. */
export function turnArgs(harness: LiveHarness, prompt: string, extra: readonly string[] = []): string[] {
  switch (harness) {
    case "claude":
      return ["-p", prompt, "--output-format", "stream-json", "--verbose", ...extra];
    case "codex":
      return ["exec", "--json", "--skip-git-repo-check", ...extra, prompt];
    case "pi":
      return ["--mode", "json", "-p", "--provider", "hmux", "--model", "hmux-model", ...extra, prompt];
  }
}

export interface CliResult {
  readonly code: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly lines: readonly string[];
  readonly records: readonly Record<string, unknown>[];
  readonly stderr: string;
  readonly ms: number;
}

const live = new Set<ChildProcess>();
const started: number[] = [];

/** Process group ids of every CLI this module started (each CLI leads its own group). */
export function startedGroups(): readonly number[] {
  return [...started];
}

/** Kill every process group this module started and that is still running. */
export function killAll(): void {
  for (const child of live) killGroup(child);
}

function killGroup(child: ChildProcess): void {
  // The wrapper may be gone while its native child lives on (codex on node 20): signal the group.
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    /* already gone */
  }
}

export function runCli(
  harness: LiveHarness,
  args: readonly string[],
  run: IsolatedRun,
  timeoutMs = 60_000,
): Promise<CliResult> {
  const startedAt = Date.now();
  const child = spawn(BIN(harness), args, {
    cwd: run.cwd,
    env: run.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  live.add(child);
  if (child.pid !== undefined) started.push(child.pid);
  let out = "";
  let err = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => {
    out += d;
  });
  child.stderr!.setEncoding("utf8").on("data", (d: string) => {
    err += d;
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child);
  }, timeoutMs);
  return new Promise((resolvePromise) => {
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      // The wrapper may exit before its native child (codex on node 20): take the group down too.
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* group already gone */
      }
      live.delete(child);
      const lines = out
        .split("\n")
        .map((l) => l.replace(/\r$/, ""))
        .filter((l) => l.length > 0);
      const records: Record<string, unknown>[] = [];
      for (const line of lines) {
        try {
          const v: unknown = JSON.parse(line);
          if (typeof v === "object" && v !== null && !Array.isArray(v)) records.push(v as Record<string, unknown>);
        } catch {
          /* non-JSON line */
        }
      }
      resolvePromise({ code, signal, timedOut, lines, records, stderr: err, ms: Date.now() - startedAt });
    });
  });
}

/** True when a process group with this id still has members. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A harness version that changes its request shape or routes must fail loudly, naming what
 * the scripted model could not read (the server answered it with a clear 400/404 too).
 */
export function unreadRequests(
  requests: readonly { outcome: string; method: string; path: string; error?: string }[],
): string[] {
  return requests
    .filter((q) => q.outcome === "shape-error" || q.outcome === "not-json" || q.outcome === "not-found")
    .map((q) => `${q.method} ${q.path}: ${q.error ?? q.outcome}`);
}
