/**
 * The Node flags the TUI runs with, and the relaunch that gives them: V8 reads its heap's flags only
 * as the process starts, so the launcher (bin/hmux.js) starts the TUI's process again with them
 * (process.execve: the same pid and terminal) before it loads anything of hmux's.
 *
 * `--optimize-for-size` (V8: favour memory size over speed): under streaming panes the client's live
 * heap stays near 27 MB (the transcripts churn: 800 entries a second under 8 sessions × 100 events/s,
 * each living until 600 newer push it out), but V8 let the old generation grow to 3–4× it before
 * collecting, and its young generation to 16 MB a half. After 90 s of that load the client held
 * 109 MB with the flag against 142–145 MB without (interleaved, the same run), after 4 minutes 108
 * against 180 (end-to-end bench, HMUX_BENCH_CLIENT_FLAGS, issue 23); a young generation of 2 MB a
 * half alone (--max-semi-space-size=2) ended at 188 MB and --heap-growing-percent=30 at 141: the
 * flag bounds the old generation's growth. The price is CPU, more and smaller collections: the
 * client took 0.061–0.065 core against 0.045–0.049 in those runs (load average 10–19).
 */
import { commandWordOf } from "./command-word.js";

export const TUI_NODE_FLAGS: readonly string[] = ["--optimize-for-size"];

/** The commands that open the TUI (src/cli/command-lines/: tui, attach, demo, native, shell), and bare `hmux`. */
const TUI_COMMANDS = new Set(["tui", "attach", "demo", "native", "shell"]);
/** Options that print and exit: no TUI opens. */
const PRINTS = new Set(["-h", "--help", "-V", "--version"]);

/** A flag's name: `--x=1`, `--x` and `--no-x` all set `x`. */
const flagName = (flag: string): string => flag.split("=")[0]!.replace(/^--no-/, "--");

/** Whether `args` (the command line after `hmux`) opens the TUI. */
export function opensTui(args: readonly string[]): boolean {
  const own = args.includes("--") ? args.slice(0, args.indexOf("--")) : args;
  // Anywhere on the line, as commander reads it: `hmux attach --help` prints attach's help.
  if (own.some((a) => PRINTS.has(a))) return false;
  const command = commandWordOf(own);
  return command === undefined || TUI_COMMANDS.has(command);
}

/**
 * The arguments to start this process again with (after the node binary), or null when it needs
 * no relaunch: not the TUI, or started with every flag already (a flag of the same name given by
 * the person running it is kept, not overridden).
 */
export function tuiRelaunchArgs(argv: readonly string[], execArgv: readonly string[]): string[] | null {
  if (!opensTui(argv.slice(2))) return null;
  const missing = TUI_NODE_FLAGS.filter((f) => !execArgv.some((a) => flagName(a) === flagName(f)));
  if (missing.length === 0) return null;
  return [...execArgv, ...missing, ...argv.slice(1)];
}

/** This process's Node flags without those the relaunch gave it: what a process it starts inherits. */
export function withoutTuiFlags(execArgv: readonly string[]): string[] {
  return execArgv.filter((a) => !TUI_NODE_FLAGS.includes(a));
}
