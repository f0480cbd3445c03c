// `npm run build` (and `prepare`, so `npm ci` does it): src/ → dist/, one ES module per source file, so
// `hmux` starts without compiling TypeScript at run time and the command folder stays discoverable.
// esbuild only strips types (tsc --noEmit checks them); it takes well under a second, which lets the test
// setup rebuild before every run instead of trusting a dist/ that may be older than src/.
// Plain JavaScript: it runs before anything is compiled, on whatever Node npm runs.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SRC = join(ROOT, "src");
const DIST = join(ROOT, "dist");

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

const compiled = (file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts");
// Files a harness or a child process loads by path at run time: plain .mjs scripts, and extensions a
// harness compiles itself (they stay .ts beside their compiled copy, which hmux's own modules import).
const copied = (file) => !compiled(file) || relative(SRC, file).split("/").includes("extension");

// Packages bundled into one module each under dist/vendor/, and the compiled modules' imports of them
// rewritten to it (zod too, below, in parts): commander is CommonJS, and each of its files went through
// Node's CommonJS-to-ESM export scan on every start; one bundled file loads in a fraction of that.
const VENDORED = ["commander"];

// The TUI's packages, bundled together for the same reasons and for memory: Ink imports es-toolkit's
// compat index, ~400 ES modules, for one function, and every module Node instantiates stays resident;
// bundled and tree-shaken, the client's memory at rest drops by about 20 MB (npm run bench -- rss).
// React's CommonJS chooses its build from NODE_ENV, and Node reads both builds to find their export
// names; the bundle holds the production build only. One bundle with shared chunks, so Ink and hmux's
// own components use one React. Package name → its module under dist/vendor/.
const TUI_VENDORED = { react: "react", "react/jsx-runtime": "react-jsx-runtime", ink: "ink" };
const fileOf = (name) => TUI_VENDORED[name] ?? ZOD_PARTS[name] ?? name;

/** An ES module re-exporting a CommonJS package by name: the names are read from the package itself. */
function reexportCommonJs(name) {
  const exports = createRequire(join(ROOT, "package.json"))(name);
  const names = Object.keys(exports).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== "default");
  return `import m from ${JSON.stringify(name)};\nexport default m;\nexport const { ${names.join(", ")} } = m;\n`;
}

async function vendorTui(staging) {
  const entry = { name: "hmux-vendor", namespace: "hmux-vendor" };
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(TUI_VENDORED).map(([name, file]) => [file, `${entry.name}:${name}`]),
    ),
    bundle: true,
    splitting: true,
    outdir: join(staging, "vendor"),
    chunkNames: "tui-[hash]",
    format: "esm",
    platform: "node",
    target: "node22",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
    banner: {
      js: 'import { createRequire as __vendorRequire } from "node:module";\nconst require = __vendorRequire(import.meta.url);',
    },
    plugins: [
      {
        name: "hmux-vendor",
        setup(b) {
          b.onResolve({ filter: /^hmux-vendor:/ }, (args) => ({
            path: args.path.slice(entry.name.length + 1),
            namespace: entry.namespace,
          }));
          b.onLoad({ filter: /.*/, namespace: entry.namespace }, (args) => ({
            contents: args.path === "ink" ? 'export * from "ink";\n' : reexportCommonJs(args.path),
            resolveDir: ROOT,
          }));
          // Ink connects to React DevTools when DEV=true (a variable many shells set for other reasons),
          // through react-devtools-core, which hmux does not ship: Ink would print an install hint over
          // the TUI. The bundle leaves that module empty, and with it the websocket client it pulls in.
          b.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]devtools\.js$/ }, () => ({
            contents: "export {};\n",
          }));
        },
      },
    ],
  });
}

// zod is vendored in parts: the whole of zod (`zod`, ~760 KB: its classic API cannot be tree-shaken and it
// carries every locale), and zod/mini and zod/locales each bundled from an entry that re-exports only the
// names hmux's sources use. A command whose schemas are written with zod/mini (`hmux ls`, `hmux decode`)
// then loads a few tens of KB instead of the whole, which costs about as much as starting Node
// (npm run bench -- startup). Each part has its own copy of zod's core (esbuild splits shared code by
// module, so a shared chunk would hold all of the core again). Their schemas still nest in each other, as
// the config's do (zod recognises a schema by its traits, not its class; test/unit/build/vendored-zod.test.ts),
// and zod keeps its locale setting on globalThis, so one setting serves every part. Subpath → its module under dist/vendor/.
const ZOD_PARTS = { zod: "zod", "zod/mini": "zod-mini", "zod/locales": "zod-locales" };
const TREE_SHAKEN_ZOD = ["zod/mini", "zod/locales"];

/**
 * The names `sources` (hmux's source texts) take from a package subpath: named imports, and every
 * `X.name` in a file that imports it as namespace X; kept only where the package exports them at run
 * time (a type such as `z.infer` is not). Reading the sources rather than a hand-kept list means a new
 * use cannot be missing.
 */
async function namesUsedFrom(specifier, sources) {
  const exported = new Set(Object.keys(await import(specifier)));
  const quoted = JSON.stringify(specifier);
  const named = new RegExp(`import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*${quoted}`, "g");
  const namespace = new RegExp(`import\\s*\\*\\s*as\\s*([A-Za-z_$][\\w$]*)\\s*from\\s*${quoted}`, "g");
  const used = new Set();
  for (const code of sources) {
    for (const m of code.matchAll(named))
      for (const part of m[1].split(","))
        used.add(
          part
            .trim()
            .replace(/^type\s+/, "")
            .split(/\s+as\s+/)[0],
        );
    for (const m of code.matchAll(namespace))
      for (const member of code.matchAll(new RegExp(`\\b${m[1].replace("$", "\\$")}\\.([A-Za-z_$][\\w$]*)`, "g")))
        used.add(member[1]);
  }
  return [...used].filter((name) => exported.has(name)).sort();
}

/** One vendored module: `contents` (an entry re-exporting a package) bundled into dist/vendor/<file>.js. */
async function bundleVendored(staging, file, contents) {
  await build({
    stdin: { contents, resolveDir: ROOT, sourcefile: `${file}.js` },
    bundle: true,
    outfile: join(staging, "vendor", `${file}.js`),
    format: "esm",
    platform: "node",
    target: "node22",
    logLevel: "warning",
    // A CommonJS package (commander) requires Node's built-ins; an ES module has no require of its own.
    banner: {
      js: 'import { createRequire as __vendorRequire } from "node:module";\nconst require = __vendorRequire(import.meta.url);',
    },
  });
}

async function vendor(staging) {
  for (const name of VENDORED) await bundleVendored(staging, name, `export * from ${JSON.stringify(name)};\n`);
  // The sources are read once for every part whose names are looked up in them.
  const sources = walk(SRC)
    .filter(compiled)
    .map((file) => readFileSync(file, "utf8"));
  for (const [specifier, file] of Object.entries(ZOD_PARTS)) {
    const names = TREE_SHAKEN_ZOD.includes(specifier) ? await namesUsedFrom(specifier, sources) : null;
    const only = names === null ? "*" : `{ ${names.join(", ")} }`;
    await bundleVendored(staging, file, `export ${only} from ${JSON.stringify(specifier)};\n`);
  }
  await vendorTui(staging);
  const names = [...VENDORED, ...Object.keys(ZOD_PARTS), ...Object.keys(TUI_VENDORED)];
  const specifier = new RegExp(`(\\bfrom\\s*|\\bimport\\s*\\(\\s*)"(${names.join("|")})"`, "g");
  for (const file of walk(staging).filter((f) => f.endsWith(".js") && !f.startsWith(join(staging, "vendor")))) {
    const code = readFileSync(file, "utf8");
    const rewritten = code.replace(specifier, (_, head, name) => {
      const target = relative(dirname(file), join(staging, "vendor", `${fileOf(name)}.js`));
      return `${head}"${target.startsWith(".") ? target : `./${target}`}"`;
    });
    if (rewritten !== code) writeFileSync(file, rewritten);
  }
}

// The command declarations (src/cli/command-lines/<name>.ts) in one module beside them, for the moments
// every command is declared: `hmux --help`, bare `hmux` (the TUI) and an unknown command. Only the
// declarations' own code is joined; whatever they import (the runtime's helpers, the flag helpers, the
// error classes, each command's implementation) stays its own module, so the joined copy and a single
// declaration share one of each. Loading the 26 declarations as modules cost `hmux --help` about 12 ms
// of CPU over this one (npm run bench -- startup). src/cli/command-lines/index.ts uses it when present;
// run from source (tsx, the tests' in-process runs) it imports the declarations one by one.
export const JOINED_COMMAND_LINES = "all-command-lines.js";

async function joinCommandLines(staging) {
  const cli = join(staging, "cli");
  const dir = join(cli, "command-lines");
  const names = readdirSync(dir)
    .filter((f) => f.endsWith(".js") && f !== "index.js")
    .map((f) => f.slice(0, -".js".length))
    .sort();
  const entry =
    names.map((name, i) => `import * as d${i} from "./${name}.js";`).join("\n") +
    `\nexport const declarations = { ${names.map((name, i) => `${JSON.stringify(name)}: d${i}`).join(", ")} };\n`;
  await build({
    stdin: { contents: entry, resolveDir: dir, sourcefile: JOINED_COMMAND_LINES },
    outfile: join(cli, JOINED_COMMAND_LINES),
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node22",
    logLevel: "warning",
    plugins: [
      {
        name: "declarations-only",
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (!args.path.startsWith(".")) return { path: args.path, external: true };
            const target = resolve(args.resolveDir, args.path);
            // The declarations are joined (none imports another); everything they import stays outside.
            if (args.kind === "import-statement" && dirname(target) === dir) return undefined;
            const fromJoined = relative(cli, target);
            return { path: fromJoined.startsWith(".") ? fromJoined : `./${fromJoined}`, external: true };
          });
        },
      },
    ],
  });
}

export async function buildDist() {
  const files = walk(SRC);
  // Build beside dist/ and swap it in whole: a file deleted from src/ never lingers in dist/ (the
  // command folder is discovered by listing it), and a concurrent reader never sees half a build.
  const staging = `${DIST}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  await build({
    entryPoints: files.filter(compiled),
    outdir: staging,
    outbase: SRC,
    format: "esm",
    platform: "node",
    target: "node22",
    jsx: "automatic",
    sourcemap: "linked",
    logLevel: "warning",
  });
  await vendor(staging);
  await joinCommandLines(staging);
  for (const file of files.filter(copied)) {
    const to = join(staging, relative(SRC, file));
    mkdirSync(dirname(to), { recursive: true });
    cpSync(file, to);
  }
  // Node reads the nearest package.json of every module it loads to learn its format; one here answers
  // at dist/ instead of a walk up to the checkout's, for each of a command's ~100 modules.
  writeFileSync(join(staging, "package.json"), `${JSON.stringify({ type: "module" })}\n`);
  const old = `${DIST}.old-${process.pid}`;
  if (existsSync(DIST)) renameSync(DIST, old);
  renameSync(staging, DIST);
  rmSync(old, { recursive: true, force: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildDist();
