/**
 * Key-to-echo latency through the real terminal: a tmux control-mode client (one process kept open,
 * so no process start sits in the measured time) sends one key at a time into the pane running
 * `hmux attach`; the time runs from writing the send-keys command to the first chunk of the pane's
 * output (pane-tap.ts) holding the key's character. The key is a capital Z, which no streamed text
 * and no redrawn part of the screen holds; the focused pane's input line echoes it. Every
 * WORD_LENGTH keys the word is erased (Alt+Backspace), unmeasured, so the line never wraps.
 */
import { spawn } from "node:child_process";
import type { PaneTap } from "./pane-tap.js";

const KEY = "Z";
const WORD_LENGTH = 30;
/** A key whose echo has not come by then is counted at this latency. */
const GIVE_UP_MS = 2000;

export interface KeyEcho {
  readonly keys: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Keys whose echo never came within GIVE_UP_MS. */
  readonly lost: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Sends `keys` keys to `target` on tmux server `socket`, one at a time, 20–50 ms apart. */
export async function measureKeyEcho(
  socket: string,
  target: string,
  tap: PaneTap,
  keys: number,
  env: NodeJS.ProcessEnv,
): Promise<KeyEcho> {
  const control = spawn("tmux", ["-L", socket, "-C", "attach", "-t", target], {
    env,
    stdio: ["pipe", "ignore", "ignore"],
  });
  const command = (line: string): void => {
    control.stdin.write(`${line}\n`);
  };
  // The control client wants none of the pane's output: the tap reads it.
  command("refresh-client -f no-output");
  await sleep(200);
  const latencies: number[] = [];
  let lost = 0;
  try {
    for (let i = 0; i < keys; i++) {
      if (i > 0 && i % WORD_LENGTH === 0) {
        command(`send-keys -t ${target} M-BSpace`);
        await sleep(150);
      }
      const echoed = new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), GIVE_UP_MS);
        tap.onChunk((chunk) => {
          if (!chunk.data.includes(KEY)) return;
          clearTimeout(timer);
          resolve(chunk.at);
        });
      });
      const sent = performance.now();
      command(`send-keys -t ${target} -l ${KEY}`);
      const at = await echoed;
      tap.onChunk(null);
      if (at === null) {
        lost++;
        latencies.push(GIVE_UP_MS);
      } else latencies.push(at - sent);
      await sleep(20 + Math.random() * 30);
    }
    command(`send-keys -t ${target} M-BSpace`);
  } finally {
    control.stdin.end();
    control.kill();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    keys,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    lost,
  };
}
