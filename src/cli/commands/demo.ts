/**
 * `hmux demo` (= `npm start`): the embedded scripted model on 127.0.0.1 and three panes —
 * the real claude, codex and pi — on its script. Every harness runs isolated (its own HOME
 * under a temp dir), so no credentials are needed and nothing of the user's is touched.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Command } from "commander";
import { parseScriptText, type Script } from "../../model/script-schema.js";
import { startModelServer } from "../../model/server.js";
import { processSessionHarnesses } from "../../session/launch.js";
import type { CliContext } from "../context.js";
import { requireTerminal } from "./tui.js";

interface DemoFlags {
  port?: string;
  script?: string;
  theme?: string;
  harness?: string[];
  prompt?: string;
  mouse?: boolean;
}

/** A pane for every harness with a process session (what a TUI pane runs), in the registry's order. */
export const DEMO_HARNESSES: readonly string[] = Object.freeze(processSessionHarnesses());
export const DEMO_PROMPT = "Show me the hmux demo.";

const README = `# hmux demo project

A scratch folder the demo's agents work in. The scripted model reads this file,
asks to create hmux-demo.txt (approve or deny it), then asks you a question.
`;

export async function demoCommand(flags: DemoFlags, context: CliContext): Promise<void> {
  requireTerminal();
  const port = Number(flags.port ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port: expected 0-65535, got ${flags.port}`);
  const script: Script | undefined = flags.script
    ? parseScriptText(readFileSync(flags.script, "utf8"), flags.script)
    : undefined;
  const server = await startModelServer({
    port,
    ...(script ? { script } : {}),
    ...(context.env.HMUX_MODEL_TOKEN ? { token: context.env.HMUX_MODEL_TOKEN } : {}),
  });
  const work = mkdtempSync(join(tmpdir(), "hmux-demo-"));
  writeFileSync(join(work, "README.md"), README);
  const harnesses = flags.harness && flags.harness.length > 0 ? flags.harness : [...DEMO_HARNESSES];
  try {
    const openTui = await context.loadOpenTui();
    await openTui({
      app: context,
      cwd: work,
      ...(flags.theme ? { theme: flags.theme } : {}),
      ...(flags.mouse ? { mouse: true } : {}),
      sessions: harnesses.map((harness) => ({ harness, prompt: flags.prompt ?? DEMO_PROMPT })),
      launcher: {
        isolate: true,
        escalateQuestions: true,
        defaultEndpoint: server.url,
      },
    });
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Help text spells small counts out ("three panes"). */
function countWord(n: number): string {
  return ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"][n] ?? String(n);
}

export function register(program: Command, context: CliContext): void {
  program
    .command("demo")
    .description(
      `the scripted model and ${countWord(DEMO_HARNESSES.length)} panes (${DEMO_HARNESSES.join(", ")}) on it: every widget in a minute, no credentials`,
    )
    .option("--port <n>", "port for the scripted model on 127.0.0.1 (0: any free port)", "0")
    .option("--script <file>", "a JSON script for the model (default: the built-in demo script)")
    .option("--theme <name>", "default, light or high-contrast")
    .option("--harness <name...>", `which harnesses get a pane (default: ${DEMO_HARNESSES.join(" ")})`)
    .option("--prompt <text>", "the first prompt each pane sends")
    .option("--mouse", "the mouse wheel scrolls the pane under the pointer (config: ui.mouse)")
    .action(async (flags: DemoFlags) => demoCommand(flags, context));
}
