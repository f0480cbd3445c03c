#!/usr/bin/env node
// The `hmux` launcher: checks the Node version, then runs the compiled entry point in dist/ (built by
// `npm run build`, which `npm ci` runs as `prepare`). Paths resolve from this file's real location, so it
// works from any cwd and through `npm link`. The check comes first and dist/ is imported only after it: on
// an older Node the harnesses and hmux itself fail later with obscure errors, so say plainly which version
// is needed and exit 2 (a usage error).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runningNodeProblem } from "./node-version.js";

const problem = runningNodeProblem();
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
}
const entry = new URL("../dist/cli/main.js", import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write(
    `hmux is not built: ${fileURLToPath(entry)} is missing. Run \`npm run build\` in the hmux checkout (\`npm ci\` does it).\n`,
  );
  process.exit(2);
}
// The TUI runs with Node flags of its own (src/cli/tui-node-flags.ts): V8 reads them only at start, so
// this process becomes one started with them, before it loads anything else.
const { tuiRelaunchArgs } = await import(new URL("../dist/cli/tui-node-flags.js", import.meta.url).href);
const relaunch = tuiRelaunchArgs(process.argv, process.execArgv);
if (relaunch && typeof process.execve === "function")
  process.execve(process.execPath, [process.execPath, ...relaunch], process.env);
// Before the entry point is imported, so its modules are read from the code cache (src/files/compile-cache.ts).
// Not for the server: it starts once for many commands, and it exits on its own after its last client
// left, when Node would write the cache into a folder its user may be removing (a test's HOME).
if (process.argv.slice(2).find((a) => !a.startsWith("-")) !== "server") {
  const { enableCompileCache } = await import(new URL("../dist/files/compile-cache.js", import.meta.url).href);
  enableCompileCache(process.env);
}
const { runAndExit } = await import(entry.href);
await runAndExit(process.argv);
