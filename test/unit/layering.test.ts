import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name)) out.push(path);
  }
  return out;
}

function importsOf(text: string): string[] {
  const specs: string[] = [];
  const re =
    /(?:import|export)\s[^"']*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/g;
  for (const m of text.matchAll(re)) specs.push((m[1] ?? m[2] ?? m[3])!);
  return specs;
}

/**
 * Which src/ folders each src/ folder may import (besides itself). Read top-down: the composition
 * root (main) wires everything; the TUI's client of the hmux server (tui-client) turns the wire into the UI's
 * session ports; the CLI hands its commands to the root; the UI sees only the core, the
 * native terminal it draws and the race scorecard it shows; sessions, the hmux server and native
 * panes get their spawners handed in, so they never import src/spawn; a race runs on workspaces;
 * every launch (src/launch) opens a workspace and starts a session or a turn, and only entry points call it;
 * the harness adapters see only the core; the core sees nothing. src/files (the one place folders
 * are made, 0700) sees only the core (its refusals are of the one error family), and whatever
 * touches the disk may use it. The server's
 * wire contract (protocol) sees only the core, so the server and every client read one schema.
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  core: [],
  files: ["core"],
  adapters: ["core"],
  "scripted-model": ["core"],
  spawn: ["core", "files"],
  native: ["core", "adapters", "files"],
  session: ["core", "adapters", "files"],
  protocol: ["core"],
  // The server hosts native sessions (src/native's NativeSession) as rows of its table, and runs its clients' races (src/race).
  server: ["core", "protocol", "session", "files", "native", "race"],
  workspace: ["core", "files"],
  race: ["core", "workspace", "files"],
  // The one launch (open the workspace, plan, state dir, setup, runtime, snapshots, journal, release): entry points call it.
  launch: ["core", "adapters", "session", "workspace", "files"],
  ui: ["core", "native", "race"],
  // The TUI's race port checks the server's scorecard with src/race's own schema.
  "tui-client": ["core", "adapters", "native", "protocol", "server", "ui", "workspace", "race"],
  main: [
    "core",
    "protocol",
    "adapters",
    "scripted-model",
    "spawn",
    "native",
    "session",
    "server",
    "workspace",
    "race",
    "ui",
    "tui-client",
    "launch",
    "files",
  ],
  cli: [
    "core",
    "protocol",
    "adapters",
    "scripted-model",
    "spawn",
    "native",
    "session",
    "server",
    "workspace",
    "race",
    "ui",
    "tui-client",
    "main",
    "launch",
    "files",
  ],
};

const SRC = join(ROOT, "src");

/** Every import between two different src/ folders: "from -> to" with the files that make it. */
function folderEdges(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const from = relative(SRC, file).split(sep)[0]!;
    for (const spec of importsOf(readFileSync(file, "utf8"))) {
      if (!spec.startsWith(".")) continue;
      const to = relative(SRC, resolve(dirname(file), spec)).split(sep)[0]!;
      if (to === from || to.startsWith("..")) continue;
      const key = `${from} -> ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), relative(ROOT, file)]);
    }
  }
  return edges;
}

/** Edges the matrix does not allow, each with the files that make it. */
function disallowed(edges: ReadonlyMap<string, readonly string[]>, allowed: typeof ALLOWED): string[] {
  const out: string[] = [];
  for (const [edge, files] of edges) {
    const [from, to] = edge.split(" -> ") as [string, string];
    if (!allowed[from]?.includes(to)) out.push(`${edge} (${[...new Set(files)].join(", ")})`);
  }
  return out.sort();
}

/** Every folder that can reach itself again through imports, as one path per cycle found. */
function cycles(edges: ReadonlyMap<string, readonly string[]>): string[] {
  const next = new Map<string, string[]>();
  for (const edge of edges.keys()) {
    const [from, to] = edge.split(" -> ") as [string, string];
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const found = new Set<string>();
  const walk = (node: string, path: readonly string[]): void => {
    for (const to of next.get(node) ?? []) {
      const at = path.indexOf(to);
      if (at !== -1) {
        const loop = path.slice(at);
        // One spelling per cycle: start it at its alphabetically first folder.
        const start = loop.indexOf([...loop].sort()[0]!);
        found.add([...loop.slice(start), ...loop.slice(0, start), loop[start]].join(" -> "));
      } else walk(to, [...path, to]);
    }
  };
  for (const node of next.keys()) walk(node, [node]);
  return [...found].sort();
}

/**
 * Only the composition root (src/main) builds the real ports and the built-in registry; everything
 * else is handed them, so a harness a config registers, a test's fake clock or another host's env
 * reaches every path. Outside src/main (and src/spawn, where the real ports are made, and src/adapters,
 * where the registry is), no file imports a src/spawn module, the built-in harness list, the
 * built-in registry (builtinRegistry, registryWith, BUILTIN_HARNESSES), a real*Ports factory or the
 * real clock (systemClock, src/main/system-clock.ts).
 * src/spawn/ssh.ts is allowed: it plans an ssh child over a spawner it is handed.
 */
const ROOT_ONLY_OWNERS = ["main", "spawn", "adapters"];
const SPAWN_MODULES_OVER_INJECTED_PORTS = new Set(["spawn/ssh.ts"]);
const ROOT_ONLY_NAMES = /\b(builtinRegistry|registryWith|BUILTIN_HARNESSES|real[A-Z]\w*Ports|systemClock)\b/;
/** Files another change of issue 20 is rewriting (its owner removes the default), each with what it still does. */
const ROOT_ONLY_PENDING: Readonly<Record<string, string>> = {};

interface SourceText {
  readonly file: string;
  readonly text: string;
}

/** Each import of a root-only thing outside the root: "file imports spec" (or "file names X from spec"). */
function rootOnlyImports(sources: readonly SourceText[]): string[] {
  const out: string[] = [];
  // A static import's names come before `from`; a dynamic one's around `import(…)` on its line.
  const statement =
    /(?:import|export)\s([^"']*?)from\s*["']([^"']+)["']|([^;\n]*)import\(\s*["']([^"']+)["']\s*\)([^;\n]*)/g;
  for (const { file, text } of sources) {
    const from = relative(SRC, join(ROOT, file)).split(sep)[0]!;
    if (ROOT_ONLY_OWNERS.includes(from)) continue;
    for (const m of text.matchAll(statement)) {
      const spec = (m[2] ?? m[4])!;
      if (!spec.startsWith(".")) continue;
      const target = relative(SRC, resolve(dirname(join(ROOT, file)), spec)).replace(/\.js$/, ".ts");
      const what = m[1] ?? `${m[3]} ${m[5]}`;
      if (target.startsWith(`spawn${sep}`) && !SPAWN_MODULES_OVER_INJECTED_PORTS.has(target.split(sep).join("/")))
        out.push(`${file} imports ${spec}`);
      else if (target === join("adapters", "builtin-harnesses.ts")) out.push(`${file} imports ${spec}`);
      else if (ROOT_ONLY_NAMES.test(what)) out.push(`${file} names ${ROOT_ONLY_NAMES.exec(what)![1]} from ${spec}`);
    }
  }
  return out.sort();
}

/**
 * No ambient defaults below the composition root: a file outside src/main reads no process.env and
 * calls no global timer or Date.now; it is handed the environment, hmux's paths and the Clock port,
 * so a test's fake clock and another host's env reach every path. Besides src/main, these may:
 * src/spawn (the real ports themselves), the process's entry (src/cli/main.ts hands process.env to
 * the root), code that runs in a process of its own (a harness's extension runs inside the harness,
 * and the scripted model is a stand-in server whose delays and timestamps are what it serves).
 */
const AMBIENT_OWNERS = ["src/main/", "src/spawn/", "src/scripted-model/"];
const AMBIENT_ENTRIES = new Set(["src/cli/main.ts"]);
/** A harness's extension (src/adapters/<h>/extension/) is loaded by the harness, in the harness's process. */
const IN_HARNESS_PROCESS = /^src\/adapters\/[^/]+\/extension\//;
/** A global timer, a wall-clock read or the process's environment (`clock.setTimeout(` is the port's). */
const AMBIENT =
  /(?<![.\w])(setTimeout|setInterval|clearTimeout|clearInterval)\s*\(|(?<![.\w])Date\.now\b|\bprocess\.env\b/;
/** Files that still time with global timers, each with what it times, until it takes the Clock port (or the UI's Scheduler). */
const AMBIENT_PENDING: Readonly<Record<string, string>> = {};

/** Each ambient read outside its owners: "file:line what"; comment lines are skipped. */
function ambientReads(sources: readonly SourceText[]): string[] {
  const out: string[] = [];
  for (const { file, text } of sources) {
    if (AMBIENT_OWNERS.some((o) => file.startsWith(o)) || AMBIENT_ENTRIES.has(file) || IN_HARNESS_PROCESS.test(file))
      continue;
    for (const [i, line] of text.split("\n").entries()) {
      const code = line.replace(/\/\/.*$/, "");
      if (/^\s*(\*|\/\*)/.test(code)) continue; // a doc comment's line
      if (/^\s*\w+\(\w+\??:/.test(code)) continue; // a method's signature (the Clock port's own setTimeout(fn: …))
      const m = AMBIENT.exec(code);
      if (m) out.push(`${file}:${i + 1} ${m[0].replace(/\s*\($/, "")}`);
    }
  }
  return out.sort();
}

/**
 * Libraries through their API: Ink keeps private fields on its contexts (`internal_eventEmitter`,
 * `internal_exitOnCtrlC`), absent from its public types and free to change in any release, and
 * files under its package besides its entry. No src file names the one or imports the other;
 * hmux reads keys through the stream it hands Ink (src/ui/input/terminal-input.ts).
 */
const LIBRARY_INTERNAL_NAME = /\binternal_\w+/;
const LIBRARY_DEEP_IMPORT = /^(ink|ink-[\w-]+|react|react-reconciler)\/(?!jsx-runtime$|jsx-dev-runtime$)/;

/** Each reach into a library's internals: "file:line what". */
function libraryInternals(sources: readonly SourceText[]): string[] {
  const out: string[] = [];
  for (const { file, text } of sources) {
    for (const [i, line] of text.split("\n").entries()) {
      const named = LIBRARY_INTERNAL_NAME.exec(line);
      if (named) out.push(`${file}:${i + 1} names ${named[0]}`);
      for (const spec of importsOf(line))
        if (LIBRARY_DEEP_IMPORT.test(spec)) out.push(`${file}:${i + 1} imports ${spec}`);
    }
  }
  return out.sort();
}

const FORBIDDEN_IN_CORE = [/^ink($|\/)/, /^ink-/, /^react($|\/)/, /node-pty/, /^(node:)?child_process$/, /^@xterm\//];

describe("layering", () => {
  it("src/core imports no ink, react, pty package or child_process", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(join(ROOT, "src", "core"))) {
      for (const spec of importsOf(readFileSync(file, "utf8"))) {
        if (FORBIDDEN_IN_CORE.some((re) => re.test(spec))) offenders.push(`${relative(ROOT, file)} imports ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("src/core reaches files, sockets, the OS and the process only through injected ports", () => {
    const impure = /^(node:)?(fs|fs\/promises|net|http|https|http2|dgram|dns|os|tty|worker_threads|cluster|readline)$/;
    const offenders: string[] = [];
    for (const file of sourceFiles(join(ROOT, "src", "core"))) {
      const text = readFileSync(file, "utf8");
      for (const spec of importsOf(text))
        if (impure.test(spec)) offenders.push(`${relative(ROOT, file)} imports ${spec}`);
      if (/\bprocess\.(env|exit|on|kill|stdout|stderr|stdin|cwd|argv|pid)\b/.test(text))
        offenders.push(`${relative(ROOT, file)} uses process`);
    }
    expect(offenders).toEqual([]);
  });

  it("every src/ folder has a row in the dependency matrix", () => {
    const folders = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());
    expect(folders.filter((f) => !(f in ALLOWED))).toEqual([]);
  });

  it("each src/ folder imports only the folders its matrix row allows", () => {
    expect(disallowed(folderEdges(), ALLOWED)).toEqual([]);
  });

  it("no src/ folders import each other in a cycle", () => {
    expect(cycles(folderEdges())).toEqual([]);
  });

  it("the matrix and cycle checks catch a forbidden edge and a cycle (they can fail)", () => {
    const edges = new Map([
      ["ui -> adapters", ["src/ui/x.ts"]],
      ["native -> ui", ["src/native/y.ts"]],
      ["ui -> native", ["src/ui/z.ts"]],
    ]);
    expect(disallowed(edges, ALLOWED)).toEqual(["native -> ui (src/native/y.ts)", "ui -> adapters (src/ui/x.ts)"]);
    expect(cycles(edges)).toEqual(["native -> ui -> native"]);
  });

  it("only the composition root imports the built-in registry and the real ports (src/spawn, real*Ports)", () => {
    const sources = sourceFiles(SRC).map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, "utf8") }));
    const found = rootOnlyImports(sources);
    expect(found.filter((f) => !(f.split(" ")[0]! in ROOT_ONLY_PENDING))).toEqual([]);
  });

  it("the root-only rule catches a spawner, the built-in registry and a real*Ports factory outside src/main (it can fail)", () => {
    const found = rootOnlyImports([
      { file: "src/server/x.ts", text: 'import { createPipeSpawner } from "../spawn/pipes.js";' },
      { file: "src/cli/v.ts", text: 'import { systemClock } from "../main/system-clock.js";' },
      {
        file: "src/cli/y.ts",
        text: 'import { builtinRegistry, type HarnessRegistry } from "../adapters/registry.js";',
      },
      { file: "src/cli/z.ts", text: 'const { realLaunchPorts } = await import("../main/launch-ports.js");' },
      { file: "src/native/w.ts", text: 'import { BUILTIN_HARNESS_LIST } from "../adapters/builtin-harnesses.js";' },
      { file: "src/cli/ssh.ts", text: 'import { spawnSshRelay } from "../spawn/ssh.js";' },
      { file: "src/main/root.ts", text: 'import { systemClock } from "./system-clock.js";' },
      { file: "src/cli/types.ts", text: 'import type { HarnessRegistry } from "../adapters/registry.js";' },
    ]);
    expect(found).toEqual([
      "src/cli/v.ts names systemClock from ../main/system-clock.js",
      "src/cli/y.ts names builtinRegistry from ../adapters/registry.js",
      "src/cli/z.ts names realLaunchPorts from ../main/launch-ports.js",
      "src/native/w.ts imports ../adapters/builtin-harnesses.js",
      "src/server/x.ts imports ../spawn/pipes.js",
    ]);
  });

  it("no file below the composition root reads process.env or calls a global timer or Date.now", () => {
    const sources = sourceFiles(SRC).map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, "utf8") }));
    const found = ambientReads(sources).filter((f) => !(f.split(":")[0]! in AMBIENT_PENDING));
    expect(found).toEqual([]);
  });

  it("every file the ambient rule still excuses has an ambient read left (a converted one leaves the list)", () => {
    const sources = sourceFiles(SRC).map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, "utf8") }));
    const files = new Set(ambientReads(sources).map((f) => f.split(":")[0]!));
    expect(Object.keys(AMBIENT_PENDING).filter((f) => !files.has(f))).toEqual([]);
  });

  it("the ambient rule finds process.env, a global timer and Date.now, and passes the ports and the root (it can fail)", () => {
    const found = ambientReads([
      { file: "src/cli/a.ts", text: "export function f(env = process.env) {}\nclock.setTimeout(tick, 5);" },
      { file: "src/session/b.ts", text: "const t = setTimeout(() => stop(), 1_000);\nconst at = this.clock.now();" },
      {
        file: "src/ui/c.ts",
        text: "// Date.now() in a comment\n * setInterval( in a doc line\nnow: () => Date.now(),",
      },
      { file: "src/main/root.ts", text: "const env = process.env;" },
      { file: "src/spawn/clock.ts", text: "setTimeout(fn, ms);" },
      { file: "src/cli/main.ts", text: "const env = options.env ?? process.env;" },
      { file: "src/adapters/pi/extension/gate.ts", text: "const raw = process.env.HMUX_GATE_TIMEOUT_MS;" },
      { file: "src/core/exec/ports.ts", text: "  setTimeout(fn: () => void, ms: number): unknown;" },
    ]);
    expect(found).toEqual(["src/cli/a.ts:1 process.env", "src/session/b.ts:1 setTimeout", "src/ui/c.ts:3 Date.now"]);
  });

  it("the real spawners live together in src/spawn: nothing else imports child_process or a pty", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(join(ROOT, "src"))) {
      const rel = relative(ROOT, file);
      if (rel.startsWith(join("src", "spawn"))) continue;
      for (const spec of importsOf(readFileSync(file, "utf8"))) {
        if (/node-pty|^(node:)?child_process$/.test(spec)) offenders.push(`${rel} imports ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("no src file reaches into a library's internals (Ink's internal_ fields, files deep in its package)", () => {
    const sources = sourceFiles(SRC).map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, "utf8") }));
    expect(libraryInternals(sources)).toEqual([]);
  });

  it("the internals rule finds an internal_ field and a deep import, and passes the public API (it can fail)", () => {
    const found = libraryInternals([
      { file: "src/ui/a.ts", text: "const ctx = useStdin() as unknown as { internal_eventEmitter: EventEmitter };" },
      { file: "src/ui/b.ts", text: 'import parse from "ink/build/parse-keypress.js";' },
      {
        file: "src/ui/c.tsx",
        text: 'import { useInput, usePaste, useStdin } from "ink";\nimport { jsx } from "react/jsx-runtime";',
      },
    ]);
    expect(found).toEqual([
      "src/ui/a.ts:1 names internal_eventEmitter",
      "src/ui/b.ts:1 imports ink/build/parse-keypress.js",
    ]);
  });

  it("src/ui parses no native stream: it never imports an adapter's decoder", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(join(ROOT, "src", "ui"))) {
      for (const spec of importsOf(readFileSync(file, "utf8"))) {
        if (/adapters\/[^/]+\/decode/.test(spec)) offenders.push(`${relative(ROOT, file)} imports ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
