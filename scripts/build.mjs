// `npm run build` (and `prepare`, so `npm ci` does it): src/ → dist/, one ES module per source file, so
// `hmux` starts without compiling TypeScript at run time and the command folder stays discoverable.
// esbuild only strips types (tsc --noEmit checks them); it takes well under a second, which lets the test
// setup rebuild before every run instead of trusting a dist/ that may be older than src/.
// Plain JavaScript: it runs before anything is compiled, on whatever Node npm runs.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
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
// rewritten to it: zod ships as ~95 ES modules, and loading them cost `hmux decode` about as much as
// starting Node itself (npm run bench -- startup); one bundled file loads in a fraction of that. commander
// is CommonJS: each of its files went through Node's CommonJS-to-ESM export scan on every start.
const VENDORED = ["zod", "commander"];

async function vendor(staging) {
  for (const name of VENDORED) {
    await build({
      stdin: { contents: `export * from ${JSON.stringify(name)};`, resolveDir: ROOT, sourcefile: `${name}.js` },
      bundle: true,
      outfile: join(staging, "vendor", `${name}.js`),
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
  const specifier = new RegExp(`(\\bfrom\\s*|\\bimport\\s*\\(\\s*)"(${VENDORED.join("|")})"`, "g");
  for (const file of walk(staging).filter((f) => f.endsWith(".js") && !f.startsWith(join(staging, "vendor")))) {
    const code = readFileSync(file, "utf8");
    const rewritten = code.replace(specifier, (_, head, name) => {
      const target = relative(dirname(file), join(staging, "vendor", `${name}.js`));
      return `${head}"${target.startsWith(".") ? target : `./${target}`}"`;
    });
    if (rewritten !== code) writeFileSync(file, rewritten);
  }
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
  for (const file of files.filter(copied)) {
    const to = join(staging, relative(SRC, file));
    mkdirSync(dirname(to), { recursive: true });
    cpSync(file, to);
  }
  const old = `${DIST}.old-${process.pid}`;
  if (existsSync(DIST)) renameSync(DIST, old);
  renameSync(staging, DIST);
  rmSync(old, { recursive: true, force: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildDist();
