/**
 * What the real `hmux` (bin/hmux.js → dist/, rebuilt by the test setup) loads for its cheapest answers.
 * A preloaded module hook logs the URL of every module the process loads, ESM and CommonJS alike.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { commandModuleNames } from "../../../src/cli/command-lines/index.js";
import { VERSION } from "../../../src/cli/main.js";
import { HMUX, REPO } from "./cli-harness.js";

const LOG_LOADS = `data:text/javascript,${encodeURIComponent(
  'import { registerHooks } from "node:module"; import { appendFileSync } from "node:fs";' +
    "const log = process.env.HMUX_TEST_MODULE_LOG;" +
    'registerHooks({ load(url, context, next) { appendFileSync(log, url + "\\n"); return next(url, context); } });',
)}`;

const dir = mkdtempSync(join(tmpdir(), "hmux-lazy-"));
// The server `hmux ls` starts lives in this run's own runtime folder, and is stopped at the end.
const runtime = join(dir, "run");
afterAll(() => {
  spawnSync(process.execPath, [HMUX, "kill-server"], { env: { ...process.env, HOME: dir, XDG_RUNTIME_DIR: runtime } });
  rmSync(dir, { recursive: true, force: true });
});

let runs = 0;
function loadedBy(...args: string[]): { status: number | null; stdout: string; stderr: string; modules: string[] } {
  const log = join(dir, `modules-${++runs}.log`);
  const r = spawnSync(process.execPath, ["--import", LOG_LOADS, HMUX, ...args], {
    encoding: "utf8",
    env: { ...process.env, HMUX_TEST_MODULE_LOG: log, HOME: dir, XDG_RUNTIME_DIR: runtime },
    timeout: 30_000,
  });
  return {
    status: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    modules: readFileSync(log, "utf8").split("\n").filter(Boolean),
  };
}

// The build bundles Ink and React into dist/vendor/ (ink.js, react.js, react-jsx-runtime.js, tui-*.js chunks).
const TUI = /\/node_modules\/(ink|react|react-reconciler|yoga-layout)\/|\/dist\/ui\/|\/dist\/vendor\/(ink|react|tui-)/;

// dist/vendor/zod.js (the whole of zod, bundled, ~760 KB) or zod's own modules.
const WHOLE_ZOD = /\/dist\/vendor\/zod\.js$|\/node_modules\/zod\//;

describe("hmux loads only what a command needs", () => {
  it("--version prints the version having loaded no TUI module and no command module", () => {
    const r = loadedBy("--version");
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(VERSION);
    // The log is real: it saw the compiled entry point.
    expect(r.modules.some((u) => u.endsWith("/dist/cli/main.js"))).toBe(true);
    expect(r.modules.filter((u) => TUI.test(u))).toEqual([]);
    expect(r.modules.filter((u) => u.includes("/dist/cli/commands/") || u.includes("/dist/adapters/"))).toEqual([]);
  });

  it.each([["--help"], ["help"]])(
    "hmux %s lists every command having loaded only their declarations: no command's implementation, no adapter, no TUI module, no whole zod, no headless xterm and no pty addon",
    (asked) => {
      const r = loadedBy(asked);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/\bdecode\b/);
      expect(r.stdout).toMatch(/\btui\b/);
      expect(r.stdout).toMatch(/\bnative\b/);
      // The log is real: it saw the declarations, joined into one module by the build.
      expect(r.modules.some((u) => u.endsWith("/dist/cli/all-command-lines.js"))).toBe(true);
      expect(r.modules.filter((u) => /\/dist\/cli\/command-lines\/(?!index\.js$)/.test(u))).toEqual([]);
      const implementations = commandModuleNames().map((name) => `/dist/cli/commands/${name}.js`);
      expect(r.modules.filter((u) => implementations.some((i) => u.endsWith(i)))).toEqual([]);
      // A harness's folder (src/adapters/<harness>/, the shared decoding and the ACP kind among them).
      expect(r.modules.filter((u) => /\/dist\/adapters\/[^/]+\//.test(u))).toEqual([]);
      expect(r.modules.filter((u) => /\/dist\/(app|spawn|session|launch|server|native)\//.test(u))).toEqual([]);
      expect(r.modules.filter((u) => TUI.test(u) || WHOLE_ZOD.test(u))).toEqual([]);
      expect(r.modules.filter((u) => u.includes("@xterm/headless"))).toEqual([]);
      expect(r.modules.filter((u) => u.includes("/node_modules/@lydell/node-pty/"))).toEqual([]);
    },
  );

  it.each([["run --help"], ["help run"]])(
    "hmux %s loads the command's declaration and the registry it prints, not its implementation",
    (asked) => {
      const r = loadedBy(...asked.split(" "));
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/--codex-sandbox <value>/);
      expect(r.modules.some((u) => u.endsWith("/dist/cli/command-lines/run.js"))).toBe(true);
      expect(
        r.modules.filter((u) => /\/dist\/cli\/commands\/run\.js$|\/dist\/launch\//.test(u) || TUI.test(u)),
      ).toEqual([]);
      expect(r.modules.filter((u) => u.includes("/node_modules/@lydell/node-pty/"))).toEqual([]);
    },
  );

  it("decode of a recorded turn builds no app context and loads no whole zod: no TUI, process layer, pty addon or config file", () => {
    const r = loadedBy("decode", "claude", join(REPO, "test", "fixtures", "live", "claude", "text.ndjson"));
    expect(r.stdout).toContain('"kind":"done"');
    expect(r.modules.some((u) => u.endsWith("/dist/adapters/claude/decode.js"))).toBe(true);
    expect(
      r.modules.filter(
        (u) =>
          /\/dist\/(app|spawn|session)\/|node-pty|\/core\/config\/load/.test(u) || TUI.test(u) || WHOLE_ZOD.test(u),
      ),
    ).toEqual([]);
    // The question block is checked with zod/mini, vendored in part.
    expect(r.modules.some((u) => u.endsWith("/dist/vendor/zod-mini.js"))).toBe(true);
  });

  it("decode loads the decoding of the harness it names, not the rest of its folder, and nothing of another harness's", () => {
    const r = loadedBy("decode", "codex", join(REPO, "test", "fixtures", "live", "codex", "text.ndjson"));
    expect(r.stdout).toContain('"kind":"done"');
    const folders = new Set(r.modules.map((u) => /\/dist\/adapters\/([a-z]+)\//.exec(u)?.[1]));
    // src/adapters/decoding/ holds what the decoders share; every other folder is a harness.
    expect([...folders].filter((f) => f !== undefined && f !== "decoding")).toEqual(["codex"]);
    expect(r.modules.some((u) => u.endsWith("/dist/adapters/codex/decoding.js"))).toBe(true);
    expect(
      r.modules.filter((u) => /\/dist\/adapters\/codex\/(adapter|argv|session-bridge|native-pane)\.js$/.test(u)),
    ).toEqual([]);
  });

  it("decode refuses a harness it does not know by the registry's refusal, naming every harness", () => {
    const r = loadedBy("decode", "claud", join(REPO, "test", "fixtures", "live", "claude", "text.ndjson"));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown harness "claud"; hmux knows claude, codex, pi, muse, cursor/);
    expect(r.stderr).toMatch(/did you mean claude\?/);
  });

  it("sessions lists the journals having built no app context: no adapter, no process layer", () => {
    const r = loadedBy("sessions");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/no sessions journaled/);
    expect(r.modules.some((u) => u.endsWith("/dist/cli/commands/sessions.js"))).toBe(true);
    expect(r.modules.filter((u) => /\/dist\/(adapters|app|spawn)\//.test(u) || TUI.test(u))).toEqual([]);
  });

  it("ls against a running server builds no app context and loads no whole zod: only the small vendored zod/mini", () => {
    // The first ls starts the server; the second is the one a script calls in a loop.
    expect(loadedBy("ls").status).toBe(0);
    const r = loadedBy("ls");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/no sessions on the hmux server \(pid \d+\)/);
    expect(r.modules.some((u) => u.endsWith("/dist/cli/commands/ls.js"))).toBe(true);
    expect(r.modules.filter((u) => /\/dist\/(adapters|app)\//.test(u) || WHOLE_ZOD.test(u) || TUI.test(u))).toEqual([]);
    // The server's lines are checked with zod/mini schemas, against the part of zod/mini hmux uses.
    expect(r.modules.some((u) => u.endsWith("/dist/protocol/messages.js"))).toBe(true);
    const mini = r.modules.find((u) => u.endsWith("/dist/vendor/zod-mini.js"));
    expect(mini).toBeDefined();
    const code = readFileSync(new URL(mini as string), "utf8");
    expect(code).toContain("$ZodObject");
    expect(code.length).toBeLessThan(100 * 1024);
  });
});
