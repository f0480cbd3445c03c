/**
 * Starts real harness sessions for the TUI. `validate` runs the same checks `hmux run` and
 * `hmux session` do before anything spawns — harness, session channel, cwd, loopback
 * endpoint, the resolver (H3) with provenance, the harness's planTurn (H2) for model and
 * effort, the binary — and returns the refusal with its hint. `launch` then uses H7's
 * launchSession and adapts the handle to the TUI's port.
 */

import { existsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve as resolvePath } from "node:path";
import { CLAUDE_SESSION_CAPABILITIES } from "../../adapters/claude/session-bridge.js";
import { CODEX_SESSION_CAPABILITIES } from "../../adapters/codex/session-bridge.js";
import { PI_SESSION_CAPABILITIES } from "../../adapters/pi/session-bridge.js";
import { requireHarness } from "../../adapters/registry.js";
import type { Config } from "../../core/config/schema.js";
import type { ProjectTrust } from "../../core/config/trust.js";
import type { BridgeCapabilities } from "../../core/exec/session-bridge.js";
import type { HarnessName } from "../../core/harness-names.js";
import { type ResolvedTurnOptions, resolveTurnOptions } from "../../core/options/resolve.js";
import { isRefusal, RefusalError } from "../../core/refusal.js";
import { launchSession, SESSION_HARNESSES } from "../../session/launch.js";
import { resolveBinary } from "../../spawn/binaries.js";
import { HandleSessionPort } from "../session-adapter.js";
import type { NewSessionRequest, SessionLauncher, Validation } from "../session-launcher.js";
import type { ResolvedSettingView, SessionPort } from "../session-port.js";

const CAPABILITIES: Readonly<Record<(typeof SESSION_HARNESSES)[number], BridgeCapabilities>> = {
  claude: CLAUDE_SESSION_CAPABILITIES,
  codex: CODEX_SESSION_CAPABILITIES,
  pi: PI_SESSION_CAPABILITIES,
};

export interface RealLauncherOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly defaultCwd: string;
  readonly user?: Config;
  readonly project?: Config;
  /** Whether the user config trusts the project: an untrusted project cannot loosen checks. */
  readonly projectTrust?: ProjectTrust;
  /** Isolate each harness's HOME under a temp state dir (the demo does: no credentials). */
  readonly isolate?: boolean;
  /** Endpoint used when the dialog leaves it empty (the demo's scripted model). */
  readonly defaultEndpoint?: string;
  readonly defaultModel?: string;
  /**
   * hmux's own decision deadline; a person at the keyboard needs longer than a program.
   * The core keeps it strictly below the harness's own limit. Default 10 minutes.
   */
  readonly decisionBudgetMs?: number;
  /** Let the worker ask questions (the demo's script asks one). */
  readonly escalateQuestions?: boolean;
}

interface Checked {
  readonly harness: (typeof SESSION_HARNESSES)[number];
  readonly cwd: string;
  readonly endpoint: string | undefined;
  readonly resolved: ResolvedTurnOptions;
  readonly binary: readonly string[];
}

export function settingsView(resolved: ResolvedTurnOptions): ResolvedSettingView[] {
  const rows: ResolvedSettingView[] = resolved.provenance.map((p) => ({ key: p.key, value: p.value, tier: p.tier }));
  for (const d of resolved.divergence) rows.push({ key: d.key, value: d.value, tier: d.tier, divergence: d.reason });
  return rows;
}

export class RealLauncher implements SessionLauncher {
  constructor(private readonly options: RealLauncherOptions) {}

  private check(request: NewSessionRequest): Checked {
    const adapter = requireHarness(request.harness);
    const harness = adapter.name;
    if (!(SESSION_HARNESSES as readonly HarnessName[]).includes(harness)) {
      throw new RefusalError(`${harness} has no multi-turn session channel, so it cannot run in a pane`, {
        issue: "no-session-mode",
        harness,
        supported: [...SESSION_HARNESSES],
        hint: `hmux run ${harness} "<prompt>" runs one turn`,
      });
    }
    const cwd = resolvePath(request.cwd ?? this.options.defaultCwd);
    if (!existsSync(cwd) || !statSync(cwd).isDirectory()) {
      throw new RefusalError(`cwd ${cwd} is not a directory`, {
        issue: "invalid-option-value",
        option: "cwd",
        hint: "leave it empty for the current folder",
      });
    }
    const endpoint = request.endpoint ?? this.options.defaultEndpoint;
    if (endpoint && !/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(endpoint)) {
      throw new RefusalError(`endpoint ${endpoint} is not on loopback; hmux only talks to 127.0.0.1`, {
        issue: "invalid-option-value",
        option: "endpoint",
        hint: "start one with `hmux model serve`",
      });
    }
    const model = request.model ?? this.options.defaultModel;
    const resolved = resolveTurnOptions({
      harness,
      expresses: adapter.descriptor.expresses,
      mode: "launch",
      args: {
        ...(model ? { model } : {}),
        ...(request.effort ? { effort: request.effort } : {}),
        ...(endpoint ? { endpoint } : {}),
      },
      ...(this.options.user ? { user: this.options.user } : {}),
      ...(this.options.project ? { project: this.options.project } : {}),
      ...(this.options.projectTrust ? { projectTrust: this.options.projectTrust } : {}),
    });
    // planTurn refuses what the harness cannot express (unknown effort, bad model…), spawning nothing.
    // planTurn is pure: the state dir is only named here, nothing is created.
    adapter.planTurn({
      options: resolved.options,
      inputs: { prompt: request.prompt ?? "hello", cwd },
      prompt: request.prompt ?? "hello",
      stateDir: join(tmpdir(), "hmux-plan-check"),
    });
    const found = resolveBinary(harness, { env: this.options.env });
    if (!found.ok) throw new RefusalError(found.message, { issue: "missing-binary", harness, hint: found.hint });
    return {
      harness: harness as Checked["harness"],
      cwd,
      endpoint,
      resolved,
      binary: [found.binary.executable, ...found.binary.prefixArgs],
    };
  }

  validate(request: NewSessionRequest): Validation {
    try {
      this.check(request);
      return { ok: true };
    } catch (err) {
      if (isRefusal(err)) {
        return {
          ok: false,
          message: err.message,
          issue: err.issue,
          ...(err.hint ? { hint: err.hint } : {}),
          ...(err.supported ? { supported: err.supported } : {}),
        };
      }
      return { ok: false, message: err instanceof Error ? err.message : String(err) };
    }
  }

  async launch(request: NewSessionRequest): Promise<SessionPort> {
    const c = this.check(request);
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(this.options.env)) if (v !== undefined) env[k] = v;
    const o = c.resolved.options;
    const handle = launchSession({
      harness: c.harness,
      cwd: c.cwd,
      env,
      isolate: this.options.isolate ?? false,
      approvals: "ask",
      binary: c.binary,
      escalateQuestions: this.options.escalateQuestions ?? o.escalateQuestions ?? true,
      decisionBudgetMs: this.options.decisionBudgetMs ?? 600_000,
      ...(c.endpoint ? { endpoint: c.endpoint } : {}),
      ...(o.model ? { model: o.model } : {}),
      ...(o.effort ? { effort: o.effort } : {}),
    });
    const port = new HandleSessionPort(handle, CAPABILITIES[c.harness], {
      cwd: c.cwd,
      settings: settingsView(c.resolved),
      ...(request.prompt ? { initialPrompt: request.prompt } : {}),
      ...(o.model ? { model: o.model } : {}),
      ...(o.effort ? { effort: o.effort } : {}),
    });
    return port;
  }
}
