/**
 * ACP agents added by config: `harnesses.<name>.acp` is read beside `module`, a program named by a
 * relative path is the config's own file, a project may add one only when it is trusted, and the
 * registry takes the agent through the ACP kind as a harness with a process session.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registryWith } from "../../../src/adapters/registry.js";
import { readHarnessSources } from "../../../src/core/config/harness-sources.js";
import type { ConfigReader } from "../../../src/core/config/load.js";
import { parseConfig } from "../../../src/core/config/parse.js";
import { registryFrom } from "../../../src/main/load-registry.js";
import { TOOL_RULES } from "../../helpers/builtin-harnesses.js";

const USER = "/home/u/.config/hmux/config.json";
const PROJECT = "/repo/.hmux/config.json";
const config = (body: Record<string, unknown>) => JSON.stringify({ version: 1, ...body });

function reader(files: Record<string, string>): ConfigReader {
  return {
    exists: (p) => p in files || p === "/repo/.git",
    readText: (p) => {
      const text = files[p];
      if (text === undefined) throw new Error(`ENOENT ${p}`);
      return text;
    },
  };
}
const sources = (files: Record<string, string>) =>
  readHarnessSources({ env: { HOME: "/home/u" }, cwd: "/repo/src", reader: reader(files) });

describe("an ACP agent in the harnesses key", () => {
  it("is read with its command, env and endpoint; a relative program is the config's file, a bare one stays for PATH", () => {
    const found = sources({
      [USER]: config({
        harnesses: {
          local: { acp: { command: ["agents/local.mjs", "--acp"], env: { LOCAL_MODE: "1" } } },
          onpath: { acp: { command: ["opencode", "acp"], endpoint: { baseUrlEnv: "OPENAI_BASE_URL" } } },
        },
      }),
    });
    expect(found.skipped).toEqual([]);
    expect(found.configured).toEqual([
      {
        kind: "acp",
        name: "local",
        acp: { command: ["/home/u/.config/hmux/agents/local.mjs", "--acp"], env: { LOCAL_MODE: "1" } },
        configPath: USER,
      },
      {
        kind: "acp",
        name: "onpath",
        acp: { command: ["opencode", "acp"], endpoint: { baseUrlEnv: "OPENAI_BASE_URL" } },
        configPath: USER,
      },
    ]);
  });

  it("an untrusted project's ACP agent is not added, and the reason says its command would run", () => {
    const found = sources({
      [USER]: config({}),
      [PROJECT]: config({ harnesses: { sneaky: { acp: { command: ["./run-me.sh"] } } } }),
    });
    expect(found.configured).toEqual([]);
    expect(found.skipped).toEqual([
      {
        name: "sneaky",
        configPath: PROJECT,
        reason: expect.stringContaining("a project's harness command runs only when"),
      },
    ]);
  });

  it("a trusted project's ACP agent is added", () => {
    const found = sources({
      [USER]: config({ trustedProjects: ["/repo"] }),
      [PROJECT]: config({ harnesses: { ours: { acp: { command: ["./agent.sh"] } } } }),
    });
    expect(found.configured).toMatchObject([{ kind: "acp", name: "ours", acp: { command: ["/repo/.hmux/agent.sh"] } }]);
  });

  it("the full parse refuses an entry that is neither a module nor an acp agent, an empty command and a path leaving HOME", () => {
    const parse = (harnesses: unknown) => parseConfig(config({ harnesses }), USER, TOOL_RULES);
    expect(parse({ a: { acp: { command: ["x"] } } }).ok).toBe(true);
    expect(parse({ a: { acp: { command: [] } } }).ok).toBe(false);
    expect(parse({ a: { acp: { command: ["x"], shell: true } } }).ok).toBe(false);
    expect(parse({ a: { module: "m.ts", acp: { command: ["x"] } } }).ok).toBe(false);
    expect(parse({ a: { acp: { command: ["x"], endpoint: { configFile: { path: "../x", template: "" } } } } }).ok).toBe(
      false,
    );
  });

  it("becomes a harness with a process session on the ACP channel, next to the built-ins", async () => {
    const registry = await registryFrom({
      configured: [{ kind: "acp", name: "local", acp: { command: ["/opt/local-agent", "--acp"] }, configPath: USER }],
      skipped: [],
    });
    expect(registry.names).toEqual([...registryWith().names, "local"]);
    const local = registry.require("local");
    expect(local.session?.kind).toBe("process");
    expect(local.descriptor.sessionMode.value).toEqual({ argv: ["--acp"], channel: "acp" });
    expect(registry.channels.find((c) => c.harness === "local")?.commands["tool.decide"].status).toBe("delivered");
    expect(registry.refused).toEqual([]);
  });

  it("an ACP agent may not take a built-in's name", async () => {
    const builtin = registryWith().names[0]!;
    const registry = await registryFrom({
      configured: [{ kind: "acp", name: builtin, acp: { command: ["x"] }, configPath: USER }],
      skipped: [],
    });
    expect(registry.refused.map((r) => r.file)).toEqual([USER]);
  });
});

describe("an ACP agent pointed at an endpoint", () => {
  const setup = {
    baseUrlEnv: "AGENT_BASE_URL",
    apiKeyEnv: "AGENT_KEY",
    modelEnv: "AGENT_MODEL",
    env: { AGENT_PROVIDER: "openai" },
    configFile: { path: ".agent/config.json", template: '{"url": "{{openaiBaseUrl}}", "model": "{{model}}"}' },
  };

  async function sessionPlan(endpoint: typeof setup | undefined, withEndpoint: boolean) {
    const registry = await registryFrom({
      configured: [
        {
          kind: "acp",
          name: "pointed",
          acp: { command: ["/opt/agent", "acp"], env: { AGENT_QUIET: "1" }, ...(endpoint ? { endpoint } : {}) },
          configPath: USER,
        },
      ],
      skipped: [],
    });
    const session = registry.require("pointed").session;
    if (session?.kind !== "process") throw new Error("no process session");
    return session.plan({
      sessionId: "s1",
      cwd: "/work",
      env: { PATH: "/usr/bin", HMUX_ENDPOINT_API_KEY: "k-123" },
      stateDir: "/state",
      isolate: true,
      ...(withEndpoint ? { endpoint: "http://127.0.0.1:9999", model: "scripted-1" } : {}),
    });
  }

  it("gets the endpoint's URL, key and model in the variables it names, and its config file inside the isolated HOME", async () => {
    const plan = await sessionPlan(setup, true);
    expect(plan.spawn.argv).toEqual(["/opt/agent", "acp"]);
    expect(plan.spawn.env).toMatchObject({
      AGENT_BASE_URL: "http://127.0.0.1:9999/v1",
      AGENT_KEY: "k-123",
      AGENT_MODEL: "scripted-1",
      AGENT_PROVIDER: "openai",
      AGENT_QUIET: "1",
    });
    const file = plan.files.find((f) => f.path.endsWith("/.agent/config.json"));
    expect(file?.path.startsWith(plan.spawn.env.HOME!)).toBe(true);
    expect(JSON.parse(file!.content)).toEqual({ url: "http://127.0.0.1:9999/v1", model: "scripted-1" });
  });

  it("without --endpoint nothing of the setup is set", async () => {
    const plan = await sessionPlan(setup, false);
    expect(plan.spawn.env.AGENT_BASE_URL).toBeUndefined();
    expect(plan.files).toEqual([]);
  });

  it("an agent whose entry says nothing about endpoints refuses --endpoint, naming the key to add", async () => {
    await expect(sessionPlan(undefined, true)).rejects.toThrow(/endpoint/);
  });
});

describe("an ACP agent from a plugin module", () => {
  it("is built with the API's ACP factory and row, its probed facet in force", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hmux-acp-plugin-"));
    const file = join(dir, "richer.mjs");
    writeFileSync(
      file,
      `export default (api) => {
  const ev = api.facts.evidence("probe", "2026-12-03", "2.0.0", "richer's own probe");
  return api.acp.harness({
    name: "richer", displayName: "Richer (ACP)", command: ["/opt/richer", "acp"], env: {},
    pinned: { version: "2.0.0", basis: "vendor-docs", note: "probed by its plugin" },
    binary: { npmPackage: null, platformPackages: [], installHint: "install richer" },
    credentialEnv: ["RICHER_KEY"], evidence: ev,
    channel: api.acp.channelRow("richer", ev, { sandbox: { value: true, basis: "probe", evidence: ev, note: "its own sandbox" } }),
  });
};
`,
    );
    try {
      const registry = await registryFrom({
        configured: [{ kind: "module", name: "richer", module: file, configPath: USER }],
        skipped: [],
      });
      expect(registry.refused).toEqual([]);
      const richer = registry.require("richer");
      expect(richer.session?.kind).toBe("process");
      expect(richer.credentialEnv).toEqual(["RICHER_KEY"]);
      const row = registry.channels.find((c) => c.harness === "richer");
      expect(row?.facets.sandbox).toMatchObject({ value: true, basis: "probe" });
      expect(row?.facets.replace.value).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
