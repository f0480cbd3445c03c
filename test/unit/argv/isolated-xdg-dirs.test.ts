/**
 * An isolated harness finds every XDG base dir inside its isolated HOME, whatever the user's own
 * environment says: opencode wrote `$XDG_STATE_HOME/opencode/locks` into the user's state dir while
 * HOME and XDG_CONFIG_HOME alone were moved. Checked on the planned environment of every entry
 * point — a one-shot turn, a session, a native pane — for every built-in harness and an ACP agent a
 * config adds, and each dir is among those the plan makes (0700, by src/files/spawn-files.ts).
 */
import { describe, expect, it } from "vitest";
import { configuredAcpDefinition } from "../../../src/adapters/acp-kind/configured.js";
import { acpHarness } from "../../../src/adapters/acp-kind/kind.js";
import { registryWith } from "../../../src/adapters/registry.js";
import { planNative } from "../../../src/native/native-plan.js";

const STATE = "/tmp/hmux-state/s1";
const HOME = `${STATE}/home`;
/** The user's own dirs, which an isolated harness must not be pointed at. */
const USER_ENV = {
  PATH: "/usr/bin",
  HOME: "/home/u",
  XDG_CONFIG_HOME: "/home/u/.config",
  XDG_DATA_HOME: "/home/u/.local/share",
  XDG_STATE_HOME: "/home/u/.local/state",
  XDG_CACHE_HOME: "/home/u/.cache",
  XDG_RUNTIME_DIR: "/run/user/1000",
};
const XDG_BASE_DIRS = ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR"];

const configured = acpHarness(
  configuredAcpDefinition({ name: "localagent", command: ["/opt/agent", "--acp"], env: {}, configPath: "/c.json" }),
);
const registry = registryWith([configured]);

/** The env a spawn gets: what it inherits, then what the plan sets over it. */
function effective(inherited: Record<string, string>, planned: Readonly<Record<string, string | null>>) {
  const env: Record<string, string | undefined> = { ...inherited };
  for (const [k, v] of Object.entries(planned)) env[k] = v ?? undefined;
  return env;
}

function expectInsideHome(where: string, env: Record<string, string | undefined>, dirs: readonly string[]) {
  for (const name of XDG_BASE_DIRS) {
    const value = env[name];
    expect(value?.startsWith(`${HOME}/`), `${where}: ${name}=${value}`).toBe(true);
    expect(dirs, `${where}: ${name} is made before the harness starts`).toContain(value);
  }
}

describe("an isolated harness's XDG base dirs", () => {
  it("every XDG base dir lies inside the isolated home, for every harness and entry point", () => {
    for (const name of registry.names) {
      const adapter = registry.get(name);
      const turn = adapter.planTurn({
        options: { isolate: true },
        inputs: { prompt: "go" },
        prompt: "go",
        stateDir: STATE,
        host: { env: USER_ENV },
      });
      expectInsideHome(`${name} turn`, effective(USER_ENV, turn.env), turn.dirs ?? []);
      const session = adapter.session;
      if (session?.kind === "process") {
        const plan = session.plan({ sessionId: "s1", cwd: "/w", env: USER_ENV, stateDir: STATE, isolate: true });
        expectInsideHome(`${name} session`, effective({}, plan.spawn.env ?? {}), plan.dirs ?? []);
      }
      if (adapter.native) {
        const plan = planNative({
          registry,
          kind: name,
          cwd: "/w",
          hostEnv: USER_ENV,
          endpoint: new URL("http://127.0.0.1:9"),
          stateDir: STATE,
          binary: { executable: `/bin/${name}`, prefixArgs: [] },
        });
        expectInsideHome(`${name} native pane`, plan.env, plan.dirs);
      }
    }
  });
});
