/**
 * `npm run bench`: runs every bench/*.bench.ts module (each exports `run(): Promise<void>` and
 * prints its own lines), in name order, each in its own node process so one bench's memory
 * and JIT state never colour another's numbers. `npm run bench -- decode` runs only names
 * containing "decode". The half-hour soak runs last, so the quick figures come first
 * (HMUX_BENCH_SOAK_MINUTES=0 skips it); `--flags` after the names go to each bench
 * (`npm run bench -- decode --runs 3`).
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

interface BenchModule {
  run?: () => Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const ONE = "--one";
/** Run after every other bench: the soak takes half an hour. */
const LAST = ["soak"];

async function runOne(file: string): Promise<void> {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as BenchModule;
  if (typeof mod.run !== "function") throw new Error(`${file} exports no run()`);
  await mod.run();
}

const isLast = (file: string): boolean => LAST.some((w) => file.startsWith(w));

async function runAll(filter: readonly string[], flags: readonly string[]): Promise<number> {
  const named = (f: string): boolean => filter.some((word) => f.includes(word));
  const files = readdirSync(here)
    .filter((f) => f.endsWith(".bench.ts"))
    .filter((f) => filter.length === 0 || named(f))
    .sort((a, b) => Number(isLast(a)) - Number(isLast(b)) || a.localeCompare(b));
  if (files.length === 0) {
    console.error(`no bench/*.bench.ts modules${filter.length ? ` matching ${filter.join(", ")}` : ""}`);
    return 1;
  }
  let failed = 0;
  for (const file of files) {
    console.log(`── ${file.replace(/\.bench\.ts$/, "")}`);
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), ONE, file, ...flags],
      {
        stdio: "inherit",
      },
    );
    if (child.status !== 0) {
      failed++;
      console.error(`${file} failed (exit ${child.status ?? child.signal})`);
    }
  }
  return failed === 0 ? 0 : 1;
}

const args = process.argv.slice(2);
if (args[0] === ONE && args[1]) {
  try {
    await runOne(args[1]);
  } catch (err) {
    console.error(err instanceof Error ? err.stack : String(err));
    process.exitCode = 1;
  }
} else {
  // A flag's value ("--minutes 3") stays with its flag, not taken for a bench name.
  const names: string[] = [];
  const flags: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("-")) names.push(a);
    else {
      flags.push(a);
      const value = args[i + 1];
      if (!a.includes("=") && value !== undefined && /^[0-9.]+$/.test(value)) flags.push(args[++i]!);
    }
  }
  process.exitCode = await runAll(names, flags);
}
