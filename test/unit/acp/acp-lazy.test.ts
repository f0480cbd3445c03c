/**
 * The ACP SDK is loaded when an ACP session starts, not when hmux does: a command that only builds
 * the registry (here `hmux harnesses`, with an ACP agent in the config) pays nothing for it.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HMUX } from "../cli/cli-harness.js";
import { STAND_IN } from "./acp-fixture.js";

const LOG_LOADS = `data:text/javascript,${encodeURIComponent(
  'import { registerHooks } from "node:module"; import { appendFileSync } from "node:fs";' +
    "const log = process.env.HMUX_TEST_MODULE_LOG;" +
    'registerHooks({ load(url, context, next) { appendFileSync(log, url + "\\n"); return next(url, context); } });',
)}`;

const dir = mkdtempSync(join(tmpdir(), "hmux-acp-lazy-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the ACP SDK", () => {
  it("is not loaded by a command that only builds the registry, though the config adds an ACP agent", () => {
    mkdirSync(join(dir, "config", "hmux"), { recursive: true });
    writeFileSync(
      join(dir, "config", "hmux", "config.json"),
      JSON.stringify({ version: 1, harnesses: { standin: { acp: { command: [process.execPath, STAND_IN] } } } }),
    );
    const log = join(dir, "modules.log");
    const r = spawnSync(process.execPath, ["--import", LOG_LOADS, HMUX, "harnesses"], {
      encoding: "utf8",
      env: { ...process.env, HMUX_TEST_MODULE_LOG: log, HOME: dir, XDG_CONFIG_HOME: join(dir, "config") },
      timeout: 30_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("standin");
    const modules = readFileSync(log, "utf8").split("\n").filter(Boolean);
    // The log is real: the ACP kind itself was loaded to build the agent's harness.
    expect(modules.some((u) => u.endsWith("/dist/adapters/acp-kind/kind.js"))).toBe(true);
    expect(modules.filter((u) => u.includes("@agentclientprotocol/sdk"))).toEqual([]);
  });
});
