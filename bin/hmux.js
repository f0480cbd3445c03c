#!/usr/bin/env node
// The `hmux` launcher: checks the Node version, registers tsx's loader, then runs the TypeScript entry point.
// Paths resolve from this file's real location, so it works from any cwd and through `npm link`.
// The check comes first and tsx is imported only after it: on an older Node the harnesses and hmux itself
// fail later with obscure errors, so say plainly which version is needed and exit 2 (a usage error).
import { fileURLToPath } from "node:url";
import { runningNodeProblem } from "./node-version.js";

const problem = runningNodeProblem();
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
}
const { register } = await import("tsx/esm/api");
// tsx looks for tsconfig.json from the cwd; hmux's own (the automatic JSX runtime) must apply from any folder.
register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
const { runAndExit } = await import(new URL("../src/cli/main.ts", import.meta.url).href);
await runAndExit(process.argv);
