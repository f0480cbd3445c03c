/**
 * The cost of a new harness: mimic (test/support/fake-harness, a fake CLI speaking claude's
 * stream-json protocol) is one folder, registered with one `registryWith([mimic])` handed to the
 * composition root. Through it, mimic runs as a headless `hmux run`, as an `hmux session` whose
 * tool call a program approves with a control command, and as a TUI pane approved with the key,
 * and no file in src/ names it.
 */

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { PassThrough } from "node:stream";
import { createElement } from "react";
import { afterAll, describe, expect, it } from "vitest";
import { registryWith } from "../../../src/adapters/registry.js";
import { main } from "../../../src/cli/main.js";
import type { Output } from "../../../src/cli/render/output.js";
import { createAppContext } from "../../../src/main/context.js";
import { systemScheduler } from "../../../src/main/system-scheduler.js";
import { App } from "../../../src/ui/App.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import { isNativePort } from "../../../src/ui/native/native-port.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { FALLBACK_THEME } from "../../../src/ui/theme/theme.js";
import { localTui } from "../../helpers/local-tui.js";
import { renderTuiForTest } from "../../helpers/render-tui.js";
import { MIMIC_PLUGIN, MIMIC_SCRIPT, mimic } from "../../support/fake-harness/adapter.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const box = mkdtempSync(join(tmpdir(), "hmux-new-harness-"));
afterAll(() => rmSync(box, { recursive: true, force: true }));
const work = join(box, "work");
mkdirSync(work);
/** No user config, no state of the person running the tests. */
const env = {
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: join(box, "home"),
  XDG_CONFIG_HOME: join(box, "config"),
  XDG_STATE_HOME: join(box, "state"),
  LANG: "C.UTF-8",
};

/** The one line that adds the harness. */
const registry = registryWith([mimic]);

interface Captured extends Output {
  /** Everything written to stdout, as written. */
  readonly text: string[];
  /** The stdout lines that are JSON records, parsed. */
  readonly lines: Record<string, unknown>[];
  readonly stderr: string[];
  /** Resolves with the first stdout record the predicate accepts (already written or still to come). */
  next(match: (record: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}

function capture(): Captured {
  const text: string[] = [];
  const lines: Record<string, unknown>[] = [];
  const stderr: string[] = [];
  const waiters: { match: (r: Record<string, unknown>) => boolean; resolve: (r: Record<string, unknown>) => void }[] =
    [];
  return {
    text,
    lines,
    stderr,
    out(chunk) {
      text.push(chunk);
      for (const line of chunk.split("\n").filter((l) => l.startsWith("{"))) {
        const record = JSON.parse(line) as Record<string, unknown>;
        lines.push(record);
        for (const w of waiters.splice(0)) {
          if (w.match(record)) w.resolve(record);
          else waiters.push(w);
        }
      }
      return true;
    },
    err: (text) => void stderr.push(text),
    broken: false,
    needsDrain: false,
    drain: () => Promise.resolve(),
    onBroken: () => undefined,
    next(match) {
      const seen = lines.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

/** `hmux …` in this process, with the extended registry at the root; the exit code main returns. */
async function hmux(args: readonly string[], output: Output, input?: NodeJS.ReadableStream): Promise<number> {
  try {
    return await main(["node", "hmux", ...args], output, { registry, env, ...(input ? { input } : {}) });
  } finally {
    process.exitCode = undefined; // the command's own exit code is what main returned
  }
}

/** The normalized events a turn shows, without the bookkeeping in between. */
function story(events: readonly Record<string, unknown>[]): unknown[] {
  return events.flatMap((e): unknown[] => {
    switch (e.kind) {
      case "identity":
        return [{ kind: "identity", harness: e.harness }];
      case "message":
        return [{ kind: "message", role: e.role, text: e.text }];
      case "tool":
        return [
          e.phase === "call"
            ? { kind: "tool", phase: "call", name: e.name, canonical: e.canonical, input: e.input }
            : { kind: "tool", phase: "result", output: e.output, isError: e.isError },
        ];
      case "done":
        return [{ kind: "done", exitCode: e.exitCode, cause: e.cause, failure: e.failure }];
      default:
        return [];
    }
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : [path];
  });
}

describe("a new harness is one folder and one registryWith call", () => {
  it("no file in src/ names the test's harness", () => {
    const naming = sourceFiles(join(ROOT, "src")).filter((f) => /mimic/i.test(readFileSync(f, "utf8")));
    expect(naming).toEqual([]);
  });

  it("without the registryWith call every entry point refuses the name as unknown", async () => {
    const builtin = { env };
    const run = capture();
    expect(await main(["node", "hmux", "run", "mimic", "hi", "--json", "--cwd", work], run, builtin)).toBe(2);
    const session = capture();
    expect(await main(["node", "hmux", "session", "mimic", "--json", "--cwd", work], session, builtin)).toBe(2);
    process.exitCode = undefined;
    for (const refused of [run.lines.at(-2), session.lines.at(-2)])
      expect(refused).toMatchObject({ kind: "failure", issue: "unknown-harness" });
    const tui = await localTui(createAppContext(builtin), work);
    const pane = await tui.launcher.plan({ harness: "mimic" });
    await tui.close();
    expect(pane).toMatchObject({ ok: false, refusals: [{ issue: "unknown-harness" }] });
  });

  it("with it, the name is one of hmux's: in the registry, and in the commands' help", async () => {
    expect(registry.names).toEqual([...registryWith().names, "mimic"]);
    for (const command of ["run", "session", "tui"]) {
      const help = capture();
      expect(await hmux([command, "--help"], help)).toBe(0);
      // The list of names wraps at the help's width: a continuation line is indented past the names.
      const unwrapped = help.text.join("").replace(/\n {8,}(?=\S)/g, " ");
      expect(unwrapped).toMatch(/^\s+harness\S*\s.*\bmimic\b/m);
    }
    // Registration checks the module like any other: a malformed name never reaches a table.
    expect(() => registryWith([{ ...mimic, name: "Mimic-2" }])).toThrow(/one lowercase word/);
  });

  it("everything mimic is sits in its plugin module: it imports only types from src/, and builds the rest from the API", () => {
    const plugin = readFileSync(join(ROOT, "test", "support", "fake-harness", "mimic-plugin.ts"), "utf8");
    const imports = [...plugin.matchAll(/^import (type )?.* from "([^"]+)";$/gm)];
    expect(imports.length).toBeGreaterThan(0);
    const runtime = imports.filter((m) => m[1] === undefined).map((m) => m[2]);
    expect(runtime).toEqual(["node:url"]);
    for (const m of imports.filter((i) => i[1] !== undefined))
      expect(relative(ROOT, resolve(dirname(MIMIC_PLUGIN), m[2]!))).toMatch(/^src\//);
  });
});

describe("mimic through every entry point", () => {
  it("hmux inspect --argv: the planned turn runs the script mimic ships, under hmux's node", async () => {
    const output = capture();
    const args = ["inspect", "mimic", "--argv", "--json", "--prompt", "hi", "--model", "mimic-1", "--cwd", work];
    expect(await hmux(args, output)).toBe(0);
    const { argv } = output.lines[0] as { argv: string[] };
    expect(argv.slice(0, 2)).toEqual([process.execPath, MIMIC_SCRIPT]);
    expect(argv.slice(2, 7)).toEqual(["-p", "--output-format", "stream-json", "--verbose", "--model"]);
    expect(argv.at(-1)).toMatch(/\n\nhi$/);
  });

  it("hmux run: one headless turn, its normalized events on stdout, its unlisted call denied by hmux's policy, exit 0", async () => {
    // mimic's one-shot turn runs calls unasked, so hmux gates it through its session channel, headless.
    const output = capture();
    const code = await hmux(["run", "mimic", "hello run", "--json", "--cwd", work], output);
    expect(output.stderr.join("")).not.toMatch(/error/i);
    expect(code).toBe(0);
    const denied = "hmux policy: this operation is not on the allowlist and nobody is available to approve it";
    expect(story(output.lines)).toEqual([
      { kind: "identity", harness: "mimic" },
      { kind: "message", role: "assistant", text: "mimic heard: hello run" },
      { kind: "tool", phase: "call", name: "Bash", canonical: "shell", input: { command: "echo mimic" } },
      { kind: "tool", phase: "result", output: expect.stringContaining(denied), isError: true },
      { kind: "message", role: "assistant", text: "mimic stopped: the call was denied" },
      { kind: "done", exitCode: null, cause: "clean", failure: undefined },
    ]);
    expect(output.lines.find((e) => e.kind === "approval-disposition")).toMatchObject({
      decider: "policy",
      decision: { decision: "deny", reason: expect.stringContaining(denied) },
    });
  });

  it("hmux session: a turn over the session runtime, its tool call approved by a tool.decide command", async () => {
    const output = capture();
    const input = new PassThrough();
    const exit = hmux(
      ["session", "mimic", "--json", "--no-journal", "--no-control-socket", "--cwd", work],
      output,
      input,
    );
    input.write(`${JSON.stringify({ op: "send", id: "m1", text: "hello session" })}\n`);
    const ended = exit.then((code) => {
      throw new Error(`hmux session ended (${code}) before the turn did: ${JSON.stringify(output.lines)}`);
    });
    const asked = await Promise.race([output.next((r) => r.kind === "approval-request"), ended]);
    expect(asked).toMatchObject({ call: { tool: "Bash", input: { command: "echo mimic" } } });
    const callId = (asked.call as { callId: string }).callId;
    input.write(
      `${JSON.stringify({ format: "metaharness.command/1", id: "d1", command: "tool.decide", call_id: callId, decision: { decision: "allow" } })}\n`,
    );
    await Promise.race([output.next((r) => r.kind === "done"), ended]);
    input.end();
    expect(await exit).toBe(0);
    expect(output.lines.find((r) => r.kind === "command.result")).toMatchObject({
      id: "d1",
      outcome: { result: "ok" },
    });
    expect(output.lines[0]).toMatchObject({ kind: "session", harness: "mimic" });
    expect(output.lines.at(-1)).toMatchObject({ kind: "closed", cause: "clean" });
    expect(story(output.lines)).toEqual([
      { kind: "identity", harness: "mimic" },
      { kind: "message", role: "assistant", text: "mimic heard: hello session" },
      { kind: "tool", phase: "call", name: "Bash", canonical: "shell", input: { command: "echo mimic" } },
      { kind: "tool", phase: "result", output: "ran: echo mimic", isError: false },
      { kind: "message", role: "assistant", text: "mimic is done" },
      { kind: "done", exitCode: null, cause: "clean", failure: undefined },
    ]);
  });

  it("a TUI pane: opened from the new-session dialog, its text on screen, the call approved with the key", async () => {
    const app = createAppContext({ registry, env });
    const tui = await localTui(app, work, { escalateQuestions: true });
    const store = new AppStore({ launcher: tui.launcher, columns: 120, rows: 40, scheduler: systemScheduler });
    store.start();
    const screen = renderTuiForTest(
      createElement(App, { store, theme: FALLBACK_THEME, keymap: DEFAULT_KEYMAP, launcher: tui.launcher }),
      { scheduler: systemScheduler },
    );
    const frame = () => screen.lastFrame() ?? "";
    const type = async (...keys: string[]) => {
      for (const key of keys) {
        screen.stdin.write(key);
        await pause(30);
      }
    };
    try {
      await pause(50);
      // The dialog's fields take keys once their input hook is attached, just after the frame
      // that shows them active: each step waits for its field, then a moment.
      const field = async (name: string) => {
        await until(() => frame().includes(`› ${name}`), frame);
        await pause(150);
      };
      await type("\u001bn"); // Alt+n: the new-session dialog, offering the registry's first pane harness
      await field("harness");
      // The field holds the server's first harness: erased as a person would, one backspace a letter.
      const offered = /› harness\s+(\S+)/.exec(frame())?.[1] ?? "";
      await type(...Array.from(offered, () => "\u007f"), "mimic");
      await until(() => /› harness\s+mimic\s/.test(frame()), frame);
      for (const name of ["model", "effort", "cwd", "endpoint", "prompt"]) {
        await type("\t");
        await field(name);
      }
      await type("hello pane");
      await until(() => /› prompt\s+hello pane/.test(frame()), frame);
      await type("\r");
      await until(() => frame().includes("mimic heard: hello pane") && /\bBash\b/.test(frame()), frame);
      expect(store.state.panes).toHaveLength(1);
      // The server's name for the session, then its model (mimic's fake CLI reports mimic-1).
      expect(frame()).toContain("1 mimic-1 · mimic-1");
      expect(frame()).toContain("approval 1/1 · Bash (shell)");
      expect(frame()).not.toContain("mimic is done"); // mimic waits for the answer
      await pause(150); // the widget's keys, as the dialog's fields
      await type(DEFAULT_KEYMAP["approval.allow"][0]!);
      await until(() => frame().includes("mimic is done"), frame);
      expect(frame()).toContain("ran: echo mimic");
    } finally {
      await Promise.allSettled([...store.ports.values()].map((p) => p.close()));
      store.stop();
      screen.unmount();
      await tui.close();
    }
  });
});

describe("mimic in a native pane", () => {
  it("the root's registry decides which harnesses have one, and the pane runs mimic's own UI", async () => {
    const builtin = await localTui(createAppContext({ env }), work);
    expect(await builtin.launcher.plan({ harness: "native mimic" })).toMatchObject({ ok: false });
    const tui = await localTui(createAppContext({ registry, env }), work);
    expect(await tui.launcher.plan({ harness: "native mimic" })).toMatchObject({ ok: true, harness: "mimic" });
    const launched = await tui.launcher.launch({ harness: "native mimic" });
    if (!isNativePort(launched)) throw new Error("native mimic did not open a native pane");
    const port = launched;
    const screen = () => {
      port.terminal.tick();
      return port.terminal
        .snapshot()
        .rows.map((row) => row.map((segment) => segment.text).join(""))
        .join("\n");
    };
    try {
      await until(() => screen().includes("mimic>"), screen);
      port.input("hello native\r");
      await until(() => screen().includes("mimic heard: hello native"), screen);
    } finally {
      await port.close();
      await Promise.all([builtin.close(), tui.close()]);
    }
  });
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(ok: () => boolean, show: () => string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out; the screen shows:\n${show()}`);
    await pause(50);
  }
}
