/**
 * `hmux decode claude <file>` as a whole process (bin/hmux.js → dist/, stdout to /dev/null) beside
 * bench/raw-parse.mjs — a plain streaming line-split + JSON.parse of the same file — in one run,
 * interleaved. Inputs: 60 MB and 1 GB of synthetic claude stream-json (HMUX_BENCH_DECODE_GB=0 skips
 * the 1 GB pair, which takes about a minute). Targets: throughput ≥ 0.6 of the reference, peak RSS
 * ≤ 100 MB for both sizes. Numbers are printed, never asserted.
 *
 * What dominated a CPU profile of the 60 MB decode (node --cpu-prof): UTF-8 decoding of the chunks
 * (TextDecoder; the reference pays it too), then JSON.parse, then garbage collection; the decoder's
 * own record mapping, the line splitting and JSON.stringify of the events were each well under a
 * tenth. Reads larger than 64 KiB measured slower and bigger, so hmux reads 64 KiB at a time.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeSyntheticFile } from "./claude-stream.js";
import { type Measured, measureSideBySide } from "./whole-process.js";

const ROOT = resolve(import.meta.dirname, "..");
const HMUX = join(ROOT, "bin", "hmux.js");
const RAW = join(ROOT, "bench", "raw-parse.mjs");
const MB = 1024 * 1024;
const TARGET_RATIO = 0.6;
const TARGET_RSS_MB = 100;

function report(input: string, runs: number, bytes: number, [raw, hmux]: Measured[]): void {
  const rate = (m: Measured) => bytes / MB / (m.wallMs / 1000);
  const ratio = rate(hmux!) / rate(raw!);
  const cpuRatio = raw!.cpuMs / hmux!.cpuMs;
  console.log(`${input}: ${(bytes / MB).toFixed(0)} MiB, median of ${runs}`);
  for (const m of [raw!, hmux!])
    console.log(
      `  ${m.label.padEnd(28)} ${rate(m).toFixed(1).padStart(6)} MiB/s  ${(m.wallMs / 1000).toFixed(2)} s wall  ${(m.cpuMs / 1000).toFixed(2)} s cpu  ${m.peakRssMb.toFixed(0)} MB peak`,
    );
  const rss = hmux!.peakRssMb;
  console.log(
    `  throughput ratio ${ratio.toFixed(2)} wall, ${cpuRatio.toFixed(2)} cpu (target ≥ ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? "ok" : "BELOW TARGET"};` +
      ` hmux peak RSS ${rss.toFixed(0)} MB (target ≤ ${TARGET_RSS_MB}) ${rss <= TARGET_RSS_MB ? "ok" : "ABOVE TARGET"}`,
  );
}

async function pair(dir: string, input: string, targetBytes: number, runs: number, warmUp: boolean): Promise<void> {
  const file = join(dir, `${input}.ndjson`);
  await writeSyntheticFile(file, targetBytes);
  const bytes = statSync(file).size;
  const results = measureSideBySide(
    [
      { label: "split + JSON.parse (node)", args: [RAW, file] },
      { label: "hmux decode claude", args: [HMUX, "decode", "claude", file] },
    ],
    runs,
    warmUp,
  );
  report(input, runs, bytes, results);
  rmSync(file, { force: true });
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "hmux-bench-decode-"));
  try {
    await pair(dir, "60 MB", 60 * MB, Number(process.env.HMUX_BENCH_RUNS ?? 3), true);
    if (process.env.HMUX_BENCH_DECODE_GB !== "0") await pair(dir, "1 GB", 1024 * MB, 1, false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
