/**
 * `hmux --help` declares the commands without the registry (it prints none of its facts but the demo's
 * panes, read from the built-in list), and `hmux <command> --help` declares that command alone
 * (src/cli/command-lines/). Each must print exactly what the full command tree prints: every command
 * declared with the built-in registry's facts, as a run that builds the composition root declares them.
 * The real `hmux` (bin/hmux.js → dist/) is run with an empty HOME, so its registry is the built-ins too.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Command } from "commander";
import { afterAll, describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import type { CommandRuntime } from "../../../src/cli/command-line.js";
import { declareCommands } from "../../../src/cli/command-lines/index.js";
import { harnessFactsOf } from "../../../src/cli/harness-facts.js";
import { createProgram } from "../../../src/cli/main.js";
import { decodingAt } from "../../../src/main/builtin-harness-facts.js";
import { memoryOutput } from "../../helpers/hmux-in-process.js";
import { HMUX } from "./cli-harness.js";

const run = promisify(execFile);
const home = mkdtempSync(join(tmpdir(), "hmux-help-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, LANG: "C.UTF-8" };

/** The help the full tree prints for `path` (a fresh tree each time: commander's parse keeps state). */
async function fullTreeHelp(path: readonly string[]): Promise<string> {
  const output = memoryOutput();
  // A pipe's width, as the spawned hmux sees it, whatever terminal the tests run in.
  const program = createProgram(output).configureOutput({
    getOutHelpWidth: () => 80,
    getOutHasColors: () => false,
  });
  const runtime: CommandRuntime = {
    basics: () => Promise.reject(new Error("a help builds no basics")),
    context: () => Promise.reject(new Error("a help builds no context")),
    harnesses: async () => ({ env, output, input: process.stdin, ...decodingAt(home, env) }),
    facts: async () => harnessFactsOf(builtinRegistry),
  };
  await declareCommands(program, runtime);
  await program.parseAsync(["node", "hmux", ...path, "--help"]).catch((err: { code?: string }) => {
    if (err.code !== "commander.helpDisplayed") throw err;
  });
  return output.stdout;
}

/** Every command path of the tree: `run`, `model serve`, `workspace gc`… */
async function commandPaths(): Promise<string[][]> {
  const program = createProgram(memoryOutput());
  await declareCommands(program, {
    basics: () => Promise.reject(new Error("unused")),
    context: () => Promise.reject(new Error("unused")),
    harnesses: async () => ({ env, output: memoryOutput(), input: process.stdin, ...decodingAt(home, env) }),
    facts: async () => harnessFactsOf(builtinRegistry),
  });
  const walk = (cmd: Command, prefix: string[]): string[][] =>
    cmd.commands.flatMap((sub) => [[...prefix, sub.name()], ...walk(sub, [...prefix, sub.name()])]);
  return walk(program, []);
}

async function printedHelp(path: readonly string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [HMUX, ...path, "--help"], { env, cwd: home });
  return stdout;
}

describe("the help hmux prints is the full command tree's", () => {
  it("hmux --help", async () => {
    const printed = await printedHelp([]);
    expect(printed).toMatch(/demo \[options\] +the scripted model and three panes \(claude, codex, pi\)/);
    expect(printed).toBe(await fullTreeHelp([]));
  });

  it("hmux <command> --help, for every command and subcommand", async () => {
    const paths = await commandPaths();
    expect(paths.map((p) => p.join(" "))).toEqual(
      expect.arrayContaining(["run", "decode", "model serve", "race pick"]),
    );
    // A few at a time: each is a whole process.
    const printed: string[] = [];
    for (let i = 0; i < paths.length; i += 4)
      printed.push(...(await Promise.all(paths.slice(i, i + 4).map((p) => printedHelp(p)))));
    for (const [i, path] of paths.entries()) expect(printed[i], path.join(" ")).toBe(await fullTreeHelp(path));
  }, 120_000);
});
