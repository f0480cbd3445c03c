/**
 * The same request, made through each entry point — `hmux run`, `hmux session`, a TUI pane and
 * a native pane — starts claude from the same environment: a fake claude (a node script in
 * HMUX_CLAUDE_BIN) writes the environment it was given to a file, and what each entry point
 * passed on of hmux's own environment is compared. With --endpoint none of them passes the
 * caller's Anthropic credentials or hmux's own tokens; all of them pass the user's other
 * variables.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createAppContext } from "../../../src/main/context.js";
import { launchNative } from "../../../src/main/native-launch.js";
import { systemClock } from "../../../src/main/system-clock.js";
import { spawnPty } from "../../../src/spawn/native-pty.js";
import { localTui } from "../../helpers/local-tui.js";
import { Sandbox } from "../cli/cli-harness.js";
import { nativePorts } from "../server/native-fixture.js";

const ENDPOINT = "http://127.0.0.1:9";
const SECRETS: Readonly<Record<string, string>> = {
  ANTHROPIC_API_KEY: "sk-ant-caller-secret",
  ANTHROPIC_AUTH_TOKEN: "ant-bearer-caller-secret",
  CLAUDE_CODE_OAUTH_TOKEN: "oauth-caller-secret",
  HMUX_HOOK_TOKEN: "outer-pane-hook-secret",
  HMUX_HOOK_SOCKET: "/run/outer/hooks.sock",
  HMUX_MODEL_TOKEN: "request-log-secret",
};
/** Set by an entry point or the adapter on purpose (isolation, the endpoint's wiring, the terminal). */
const SET_BY_HMUX = new Set([
  "HOME",
  "XDG_CONFIG_HOME",
  "XDG_DATA_HOME",
  "XDG_STATE_HOME",
  "XDG_CACHE_HOME",
  "XDG_RUNTIME_DIR",
  "PATH",
  "ANTHROPIC_API_KEY",
  "TERM",
  "COLORTERM",
]);

const box = new Sandbox();
afterAll(() => box.cleanup());

/**
 * A fake claude that writes its environment to `<root>/env-<entry>.json` and exits. The file is
 * written beside its name in two parts with a pause between, as a loaded machine may, and renamed
 * into place once whole: the name appears only complete, so waiting for it never reads half a file
 * (and a test that read the file while it is written would fail every time, not once under load).
 */
function fakeClaude(entry: string): string {
  const out = join(box.root, `env-${entry}.json`);
  const part = `${out}.part`;
  return box.fake(
    `claude-${entry}`,
    [
      `const fs = require("node:fs");`,
      `const text = JSON.stringify(process.env);`,
      `const fd = fs.openSync(${JSON.stringify(part)}, "w");`,
      `fs.writeSync(fd, text.slice(0, 1));`,
      `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);`,
      `fs.writeSync(fd, text.slice(1));`,
      `fs.closeSync(fd);`,
      `fs.renameSync(${JSON.stringify(part)}, ${JSON.stringify(out)});`,
    ].join("\n"),
  );
}

function hostEnv(entry: string): Record<string, string> {
  mkdirSync(join(box.root, "state"), { recursive: true });
  return {
    ...box.env,
    ...SECRETS,
    USER_MARK: "the user's own variable",
    GITHUB_TOKEN: "not claude's: the agent's shell may need it",
    HMUX_ENDPOINT_API_KEY: "gateway-key",
    HMUX_CLAUDE_BIN: fakeClaude(entry),
    XDG_STATE_HOME: join(box.root, "state"),
    XDG_RUNTIME_DIR: join(box.root, "state"),
  };
}

async function envSeenBy(entry: string): Promise<Record<string, string>> {
  const file = join(box.root, `env-${entry}.json`);
  for (let i = 0; i < 400 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 50));
  if (!existsSync(file)) throw new Error(`${entry}: claude did not write its environment within 20 s`);
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
}

/** What of hmux's own environment reached the harness unchanged, by name. */
function passedOn(host: Record<string, string>, seen: Record<string, string>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const name of Object.keys(host)) {
    if (SET_BY_HMUX.has(name) || name === "HMUX_CLAUDE_BIN") continue;
    out[name] = seen[name] === host[name] ? seen[name]! : null;
  }
  return out;
}

/** What `hmux run` and `hmux session` tell the user about the credentials they held back. */
const WITHHELD_NOTE = "ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN, CLAUDE_CODE_OAUTH_TOKEN not passed to claude";

const ENTRIES: Record<string, (env: Record<string, string>) => Promise<void>> = {
  run: async (env) => {
    const r = await box.run(["run", "claude", "--endpoint", ENDPOINT, "hello"], env);
    expect(r.stderr).toContain(WITHHELD_NOTE);
  },
  session: async (env) => {
    const args = ["session", "claude", "--json", "--endpoint", ENDPOINT, "--no-journal", "--no-control-socket"];
    const r = await box.run(args, env);
    expect(r.stderr).toContain(WITHHELD_NOTE);
  },
  pane: async (env) => {
    // A TUI pane in local mode: planned and opened by the server's code in this process.
    const tui = await localTui(createAppContext({ env }), box.root);
    try {
      const port = await tui.launcher.launch({ harness: "claude", endpoint: ENDPOINT });
      await port.start?.();
      await envSeenBy("pane");
      await port.close();
    } finally {
      await tui.close();
    }
  },
  native: async (env) => {
    const { session: port } = await launchNative(
      { kind: "claude", cwd: box.root, endpoint: ENDPOINT, cols: 80, rows: 24 },
      { ...nativePorts(env), clock: systemClock, spawn: spawnPty },
    );
    await envSeenBy("native");
    await port.close();
  },
};

describe("every entry point starts the harness from the same environment", () => {
  it("with --endpoint: the user's variables pass, vendor credentials and hmux's tokens do not, the same for all", async () => {
    const seen: Record<string, Record<string, string | null>> = {};
    for (const [entry, start] of Object.entries(ENTRIES)) {
      const env = hostEnv(entry);
      await start(env);
      const got = await envSeenBy(entry);
      for (const [name, value] of Object.entries(SECRETS))
        expect(Object.values(got).includes(value), `${entry}: ${name}'s value reached claude`).toBe(false);
      expect(got.ANTHROPIC_API_KEY, entry).toBe("gateway-key");
      seen[entry] = passedOn(env, got);
    }
    expect(seen.run).toMatchObject({ USER_MARK: "the user's own variable", ANTHROPIC_AUTH_TOKEN: null });
    for (const entry of Object.keys(ENTRIES)) expect({ entry, ...seen[entry] }).toEqual({ entry, ...seen.run });
  }, 60_000);
});
