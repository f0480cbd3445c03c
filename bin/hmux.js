#!/usr/bin/env node
// The `hmux` launcher: registers tsx's loader, then runs the TypeScript entry point.
// Paths resolve from this file's real location, so it works from any cwd and through `npm link`.
import { register } from "tsx/esm/api";

register();
const { runAndExit } = await import(new URL("../src/cli/main.ts", import.meta.url).href);
await runAndExit(process.argv);
