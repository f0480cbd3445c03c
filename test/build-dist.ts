/**
 * Vitest global setup: rebuilds dist/ before any test runs. Tests that start the real `hmux` (bin/hmux.js
 * runs dist/) then always exercise the source as it is now, never a build left from an older checkout.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

export default function setup(): void {
  const script = join(import.meta.dirname, "..", "scripts", "build.mjs");
  const built = spawnSync(process.execPath, [script], { encoding: "utf8" });
  if (built.status !== 0) throw new Error(`npm run build failed (exit ${built.status}):\n${built.stderr}`);
}
