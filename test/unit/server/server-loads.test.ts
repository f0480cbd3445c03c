/**
 * What the real server (bin/hmux.js → dist/, rebuilt by the test setup) loads to serve: a server
 * whose clients never race does not load the race modules, one that hosts no native pane not the
 * pane's terminal emulator, and none loads the whole of zod (every module it instantiates stays
 * resident: npm run bench -- end-to-end, idle). A preloaded module hook logs the URL of every module
 * the process loads; the server stops by itself after a second with no client.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HMUX } from "../cli/cli-harness.js";

const LOG_LOADS = `data:text/javascript,${encodeURIComponent(
  'import { registerHooks } from "node:module"; import { appendFileSync } from "node:fs";' +
    "const log = process.env.HMUX_TEST_MODULE_LOG;" +
    'registerHooks({ load(url, context, next) { appendFileSync(log, url + "\\n"); return next(url, context); } });',
)}`;

const dir = mkdtempSync(join(tmpdir(), "hmux-server-loads-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The URL of every module an idle server (no client for a second) loaded, the hub among them. */
function idleServerModules(): string[] {
  const runtime = join(dir, "run");
  mkdirSync(runtime, { mode: 0o700, recursive: true });
  const log = join(dir, "modules.log");
  rmSync(log, { force: true });
  const r = spawnSync(process.execPath, ["--import", LOG_LOADS, HMUX, "server", "--foreground", "--idle-exit", "1"], {
    encoding: "utf8",
    env: { ...process.env, HMUX_TEST_MODULE_LOG: log, HOME: dir, XDG_RUNTIME_DIR: runtime, XDG_STATE_HOME: dir },
    timeout: 30_000,
  });
  expect(r.stderr).toContain("stopping: idle");
  const modules = readFileSync(log, "utf8").split("\n").filter(Boolean);
  // The log is real: it saw the hub that served.
  expect(modules.some((u) => u.endsWith("/dist/server/hub.js"))).toBe(true);
  return modules;
}

describe("the server loads what serving needs", () => {
  let modules: string[] = [];
  beforeAll(() => {
    modules = idleServerModules();
  }, 40_000);

  it("an idle server has loaded no race module: the first race op loads them", () => {
    expect(modules.filter((u) => u.includes("/dist/race/"))).toEqual([]);
  });

  it("an idle server has loaded no native pane's terminal: the first native plan or session loads it", () => {
    expect(
      modules.filter((u) => /\/dist\/(main\/native-launch|native\/native-(session|terminal))\.js$/.test(u)),
    ).toEqual([]);
  });

  it("an idle server has loaded no whole zod: its schemas are written with zod/mini", () => {
    expect(modules.filter((u) => /\/dist\/vendor\/zod\.js$|\/node_modules\/zod\//.test(u))).toEqual([]);
    expect(modules.some((u) => u.endsWith("/dist/vendor/zod-mini.js"))).toBe(true);
  });
});
