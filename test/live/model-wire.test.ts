/**
 * The scripted model against the real binaries, driven directly as docs/harness-facts.md describes
 * (no hmux execution layer in between): proves every wire format, tool shape, failure and
 * resume path the live suite relies on.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { WireProtocol } from "../../src/scripted-model/conversation.js";
import { parseScript } from "../../src/scripted-model/script-schema.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import {
  type CliResult,
  groupAlive,
  type IsolatedRun,
  isolate,
  killAll,
  type LiveHarness,
  type PiApi,
  runCli,
  startedGroups,
  turnArgs,
  unreadRequests,
} from "./helpers/isolated-cli.js";
import { finalText, nativeFailure, sessionIdOf, toolOutputs } from "./helpers/native-signals.js";

interface Target {
  readonly label: string;
  readonly harness: LiveHarness;
  readonly piApi?: PiApi;
  readonly protocol: WireProtocol;
  /** Every case, or the wire basics only (pi's alternative providers). */
  readonly full: boolean;
}

const TARGETS: readonly Target[] = [
  { label: "claude", harness: "claude", protocol: "anthropic", full: true },
  { label: "codex", harness: "codex", protocol: "responses", full: true },
  { label: "pi (chat completions)", harness: "pi", piApi: "openai-completions", protocol: "chat", full: true },
  { label: "pi (anthropic messages)", harness: "pi", piApi: "anthropic-messages", protocol: "anthropic", full: false },
  { label: "pi (openai responses)", harness: "pi", piApi: "openai-responses", protocol: "responses", full: false },
];

/** Claude's -p asks before a tool changes the disk; these let the scripted tools run. */
const CLAUDE_TOOLS = ["--allowedTools", "Bash", "Read", "Write", "Edit"];

const FILES_SCRIPT = parseScript({
  rules: [
    {
      name: "files",
      replies: [
        { text: "Writing.", tools: [{ tool: "write", path: "notes.txt", content: "alpha beta" }] },
        { text: "Editing.", tools: [{ tool: "edit", path: "notes.txt", old: "alpha", new: "gamma" }] },
        { text: "Reading.", tools: [{ tool: "read", path: "notes.txt" }] },
        { text: "Final: {{toolResult}}" },
      ],
    },
  ],
});

afterAll(() => {
  killAll();
  expect(startedGroups().filter(groupAlive)).toEqual([]);
});

async function withServer<T>(
  target: Target,
  fn: (s: ModelServer, run: IsolatedRun) => Promise<T>,
  script?: ReturnType<typeof parseScript>,
): Promise<T> {
  const server = await startModelServer(script ? { script } : {});
  const run = isolate(target.harness, server.url, target.piApi ? { piApi: target.piApi } : {});
  try {
    const result = await fn(server, run);
    expect(unreadRequests(server.requests()), "requests the scripted model could not read").toEqual([]);
    return result;
  } finally {
    await server.close();
    run.cleanup();
  }
}

function turn(
  target: Target,
  run: IsolatedRun,
  prompt: string,
  extra: readonly string[] = [],
  timeoutMs = 45_000,
): Promise<CliResult> {
  const args = turnArgs(target.harness, prompt, [...extra, ...(target.harness === "claude" ? CLAUDE_TOOLS : [])]);
  return runCli(target.harness, args, run, timeoutMs);
}

function explain(r: CliResult): string {
  return `exit ${r.code} signal ${r.signal} timedOut ${r.timedOut}\n${r.lines.slice(-8).join("\n").slice(0, 3000)}\nstderr: ${r.stderr.slice(-1500)}`;
}

for (const target of TARGETS) {
  describe.concurrent(`${target.label} against the scripted model`, () => {
    it("a plain turn streams the scripted text over the expected wire format", async () => {
      await withServer(target, async (server, run) => {
        const r = await turn(target, run, "Say hello. [[say:Hello from the script.]]");
        expect(finalText(target.harness, r.records), explain(r)).toBe("Hello from the script.");
        const answered = server.requests().filter((q) => q.rule === "markers");
        expect(answered.length).toBeGreaterThan(0);
        expect(answered.every((q) => q.protocol === target.protocol)).toBe(true);
      });
    });

    it("a shell tool call runs and its result comes back for the call the server made", async () => {
      await withServer(target, async (server, run) => {
        const r = await turn(target, run, "Run it. [[bash:echo wire-ok]]");
        expect(toolOutputs(target.harness, r.records).join("\n"), explain(r)).toContain("wire-ok");
        expect(finalText(target.harness, r.records)).toMatch(/^Tool result received: [\s\S]*wire-ok/);
        const second = server.requests().find((q) => q.rule === "markers" && q.replyIndex === 1);
        expect(second?.checks).toEqual([expect.objectContaining({ name: "tool-result", ok: true })]);
      });
    });

    it("a thinking block reaches the harness's stream", async () => {
      await withServer(target, async (_server, run) => {
        const r = await turn(target, run, "Think first. [[think:pondering the wire]] [[say:done thinking]]");
        expect(finalText(target.harness, r.records), explain(r)).toBe("done thinking");
        expect(r.lines.join("\n")).toContain("pondering the wire");
      });
    });

    it("429 with retry-after ends the turn as a rate-limit failure in the native stream", async () => {
      await withServer(target, async (server, run) => {
        const r = await turn(target, run, "[[fail:429]]");
        const f = nativeFailure(target.harness, r.records);
        expect(f.failed, explain(r)).toBe(true);
        expect(f.message).toMatch(/429|rate/i);
        expect(server.requests().filter((q) => q.outcome === "failure").length).toBeGreaterThanOrEqual(1);
      });
    });

    if (!target.full) return;

    it("the built-in demo script reads a file, runs a command, and ends asking a question", async () => {
      await withServer(target, async (server, run) => {
        writeFileSync(join(run.cwd, "README.md"), "# demo project\n");
        const r = await turn(target, run, "Show me what you can do.");
        expect(finalText(target.harness, r.records), explain(r)).toContain("```hcn-question");
        expect(existsSync(join(run.cwd, "hmux-demo.txt"))).toBe(true);
        expect(
          server
            .requests()
            .filter((q) => q.rule === "demo")
            .map((q) => q.replyIndex),
        ).toEqual([0, 1, 2]);
      });
    });

    it("file tools write, edit and read through the harness's own tool shapes", async () => {
      // Codex offers no file tools: write and read go through its shell, and there is no edit.
      const script =
        target.harness === "codex"
          ? parseScript({
              rules: [
                {
                  name: "files",
                  replies: [
                    FILES_SCRIPT.rules[0]!.replies[0]!,
                    FILES_SCRIPT.rules[0]!.replies[2]!,
                    FILES_SCRIPT.rules[0]!.replies[3]!,
                  ],
                },
              ],
            })
          : FILES_SCRIPT;
      await withServer(
        target,
        async (server, run) => {
          const r = await turn(target, run, "Work on notes.txt.");
          const expected = target.harness === "codex" ? "alpha beta" : "gamma beta";
          expect(readFileSync(join(run.cwd, "notes.txt"), "utf8"), explain(r)).toBe(expected);
          expect(finalText(target.harness, r.records)).toContain(expected);
          expect(
            server
              .requests()
              .flatMap((q) => q.checks)
              .every((c) => c.ok),
          ).toBe(true);
        },
        script,
      );
    });

    it("a connection dropped mid-stream ends the turn as a failure", async () => {
      await withServer(target, async (_server, run) => {
        const r = await turn(target, run, "[[fail:drop]]");
        expect(nativeFailure(target.harness, r.records).failed, explain(r)).toBe(true);
      });
    });

    it("resuming by id sends the earlier turn's messages to the server", async () => {
      await withServer(target, async (server, run) => {
        const first = await turn(target, run, "Remember the word PELICAN. [[say:noted]]");
        const id = sessionIdOf(target.harness, first.records);
        expect(id, explain(first)).toBeTruthy();
        const resumeArgs =
          target.harness === "claude" ? ["--resume", id!] : target.harness === "pi" ? ["--session", id!] : [];
        const prompt = "What was the word? [[expect-history:PELICAN]] [[say:continued]]";
        const second =
          target.harness === "codex"
            ? await runCli("codex", ["exec", "--json", "--skip-git-repo-check", "resume", id!, prompt], run, 45_000)
            : await turn(target, run, prompt, resumeArgs);
        expect(finalText(target.harness, second.records), explain(second)).toBe("continued");
        const checks = server
          .requests()
          .filter((q) => q.lastUserText?.includes("What was the word?"))
          .flatMap((q) => q.checks);
        expect(checks).toEqual([expect.objectContaining({ name: "history", ok: true })]);
      });
    });
  });
}

describe("bad input reaches the harness as a clear error", () => {
  it("a base URL with an unknown route gets a 404 naming the route, shown in pi's stream and logged", async () => {
    const logs: string[] = [];
    const server = await startModelServer({ log: (l) => logs.push(l) });
    const run = isolate("pi", `${server.url}/wrong-prefix`, { piApi: "openai-completions" });
    try {
      const r = await runCli("pi", turnArgs("pi", "[[say:unreachable]]"), run, 45_000);
      const f = nativeFailure("pi", r.records);
      expect(f.failed, explain(r)).toBe(true);
      expect(f.message).toContain("POST /wrong-prefix/v1/chat/completions");
      expect(logs.join("\n")).toContain("no route for POST /wrong-prefix/v1/chat/completions");
      expect(server.requests().every((q) => q.outcome === "not-found")).toBe(true);
    } finally {
      await server.close();
      run.cleanup();
    }
  });
});
