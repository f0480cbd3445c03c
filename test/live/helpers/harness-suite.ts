/**
 * The live cases every harness must pass through hmux's real path (issue 3, item 5). Each
 * harness's test file calls defineHarnessSuite once; each case starts its own scripted model.
 */
import { createServer } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { type FailureClass, type HarnessEvent, isRetryable } from "../../../src/core/events.js";
import type { HarnessName } from "../../../src/core/harness-names.js";
import { parseScript, type Script } from "../../../src/scripted-model/script-schema.js";
import { type ModelServer, startModelServer } from "../../../src/scripted-model/server.js";
import {
  describeTurn,
  groupAlive,
  type HmuxTurnOptions,
  type HmuxTurnResult,
  hmuxTurn,
  removeTempDirs,
  spawnedSoFar,
} from "./hmux-turn.js";
import { unreadRequests } from "./isolated-cli.js";

export interface SuiteFacts {
  /** The class an unreachable endpoint ends in: transport, or timeout for a harness that retries forever. */
  readonly unreachable: FailureClass;
  /** HTTP statuses the harness reports without the code (codex words a 500 as "high demand"). */
  readonly statusHidden?: readonly number[];
}

/** Tool output varies per run (codex adds a chunk id and wall time), so the closing text is fixed. */
const PTY_SCRIPT = parseScript({
  rules: [
    {
      name: "pty",
      replies: [
        { text: "Running.", tools: [{ tool: "shell", command: "echo pty-ok" }] },
        { text: "Finished.", expect: { toolResult: "pty-ok" } },
      ],
    },
  ],
});

async function withModel<T>(fn: (server: ModelServer) => Promise<T>, script?: Script): Promise<T> {
  const server = await startModelServer(script ? { script } : {});
  try {
    const result = await fn(server);
    expect(unreadRequests(server.requests()), "requests the scripted model could not read").toEqual([]);
    return result;
  } finally {
    await server.close();
  }
}

/** A loopback port with nothing listening on it. */
async function deadPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

const assistantText = (events: readonly HarnessEvent[]) =>
  events
    .filter(
      (e): e is Extract<HarnessEvent, { kind: "message" }> =>
        e.kind === "message" && e.role === "assistant" && !e.thinking,
    )
    .map((e) => e.text)
    .join("\n");

/** The shape of a turn that must not depend on pipe versus pty. */
function essentials(events: readonly HarnessEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.kind === "identity") out.push("identity");
    else if (e.kind === "tool")
      out.push(
        e.phase === "call"
          ? `tool-call:${e.canonical ?? e.name}`
          : `tool-result:${e.isError ? "error" : "ok"}:${e.output.trim()}`,
      );
    else if (e.kind === "message" && e.role === "assistant")
      out.push(`${e.thinking ? "thinking" : "message"}:${e.text}`);
    else if (e.kind === "failure") out.push(`failure:${e.class}`);
    else if (e.kind === "done") out.push(`done:${e.cause}:${e.exitCode}`);
  }
  return out;
}

export function defineHarnessSuite(harness: HarnessName, facts: SuiteFacts): void {
  const turn = (prompt: string, opts: HmuxTurnOptions) => hmuxTurn(harness, prompt, { timeoutSeconds: 60, ...opts });
  const failureOf = (r: HmuxTurnResult) => r.done.failure;

  afterAll(async () => {
    // No process group any turn started may outlive its turn.
    await new Promise((r) => setTimeout(r, 200));
    const alive = spawnedSoFar()
      .filter((s) => groupAlive(s.pid))
      .map((s) => s.request.argv.join(" "));
    removeTempDirs();
    expect(alive).toEqual([]);
  });

  describe.concurrent(`${harness} through hmux (pipes)`, () => {
    it("a plain turn ends clean with the scripted text, and never leaves stdin open", async () => {
      await withModel(async (server) => {
        const r = await turn("Say hello. [[say:Hello from the script.]]", { endpoint: server.url });
        expect(r.done, describeTurn(r)).toMatchObject({ cause: "clean", exitCode: 0 });
        expect(r.events.some((e) => e.kind === "identity")).toBe(true);
        expect(assistantText(r.events)).toContain("Hello from the script.");
        expect(r.spawns.map((s) => s.stdinEnded)).toEqual([true]);
        expect(server.requests().some((q) => q.rule === "markers")).toBe(true);
      });
    });

    it("a shell tool call and its result arrive as tool events, and the server saw the result", async () => {
      await withModel(async (server) => {
        const r = await turn("Run it. [[bash:echo wire-ok]]", { endpoint: server.url });
        expect(r.done, describeTurn(r)).toMatchObject({ cause: "clean" });
        const call = r.events.find((e) => e.kind === "tool" && e.phase === "call");
        expect(call).toMatchObject({ canonical: "shell" });
        const result = r.events.find((e) => e.kind === "tool" && e.phase === "result");
        expect(result).toMatchObject({ isError: false, output: expect.stringContaining("wire-ok") });
        expect(server.requests().flatMap((q) => q.checks)).toEqual([
          expect.objectContaining({ name: "tool-result", ok: true }),
        ]);
      });
    });

    it.each([
      [401, "auth"],
      [429, "rate-limit"],
      [500, "unavailable"],
      [529, "unavailable"],
    ] as const)("HTTP %i ends the turn failed with class %s, retryable as the taxonomy says", async (status, cls) => {
      await withModel(async (server) => {
        const r = await turn(`[[fail:${status}]]`, { endpoint: server.url });
        expect(failureOf(r), describeTurn(r)).toMatchObject({ class: cls, retryable: isRetryable(cls) });
        if (!facts.statusHidden?.includes(status)) expect(failureOf(r)?.httpStatus).toBe(status);
        expect(r.done.cause).not.toBe("clean");
      });
    });

    it(`an unreachable endpoint ends the turn as ${facts.unreachable}`, async () => {
      const port = await deadPort();
      const r = await turn("[[say:never heard]]", { endpoint: `http://127.0.0.1:${port}`, timeoutSeconds: 12 });
      expect(failureOf(r)?.class, describeTurn(r)).toBe(facts.unreachable);
    });

    it("a model that never answers ends in hmux's own timeout", async () => {
      await withModel(async (server) => {
        const r = await turn("[[fail:hang]]", { endpoint: server.url, timeoutSeconds: 10 });
        expect(failureOf(r), describeTurn(r)).toMatchObject({ class: "timeout" });
        expect(r.ms).toBeLessThan(10_000 + 8_000);
        expect(server.requests().some((q) => q.outcome === "hang")).toBe(true);
      });
    });

    it("a stream that stalls after its headers ends in hmux's stall failure", async () => {
      // 15 s, not less: the silence budget also covers the harness's start-up, which on a loaded 2-core machine
      // can outlast a shorter one before the request ever reaches the model.
      await withModel(async (server) => {
        const r = await turn("[[fail:stall]]", { endpoint: server.url, stallSeconds: 15, timeoutSeconds: 60 });
        expect(failureOf(r), describeTurn(r)).toMatchObject({ class: "stall" });
        expect(r.done.cause).toBe("stall");
        expect(server.requests().some((q) => q.outcome === "stall")).toBe(true);
      });
    });

    it("a question block becomes a question event and the turn ends awaiting input", async () => {
      await withModel(async (server) => {
        const r = await turn("Ask me. [[ask:Which database?|postgres|sqlite]]", { endpoint: server.url });
        expect(
          r.events.find((e) => e.kind === "question"),
          describeTurn(r),
        ).toMatchObject({ question: "Which database?", options: ["postgres", "sqlite"] });
        expect(r.done).toMatchObject({ cause: "awaiting-input", exitCode: 0 });
      });
    });

    it("resuming by id continues the conversation: the server sees the earlier messages", async () => {
      await withModel(async (server) => {
        const first = await turn("Remember the word PELICAN. [[say:noted]]", { endpoint: server.url });
        const identity = first.events.find((e) => e.kind === "identity");
        expect(identity, describeTurn(first)).toBeDefined();
        const id = (identity as Extract<HarnessEvent, { kind: "identity" }>).sessionId;
        const second = await turn("What was the word? [[expect-history:PELICAN]] [[say:continued]]", {
          endpoint: server.url,
          resume: id,
          root: first.root,
        });
        expect(second.done, describeTurn(second)).toMatchObject({ cause: "clean" });
        expect(assistantText(second.events)).toContain("continued");
        const checks = server
          .requests()
          .filter((q) => q.lastUserText?.includes("What was the word?"))
          .flatMap((q) => q.checks);
        expect(checks.length).toBeGreaterThan(0);
        expect(checks.every((c) => c.name === "history" && c.ok)).toBe(true);
      });
    });
  });

  describe(`${harness} through hmux (pty)`, () => {
    it("the pty path decodes the same events as the pipe path", async () => {
      await withModel(async (server) => {
        const prompt = "Run the check.";
        const viaPipe = await turn(prompt, { endpoint: server.url, transport: "pipe" });
        const viaPty = await turn(prompt, { endpoint: server.url, transport: "pty" });
        expect(viaPty.done, describeTurn(viaPty)).toMatchObject({ cause: "clean" });
        expect(essentials(viaPty.events)).toEqual(essentials(viaPipe.events));
        expect(essentials(viaPipe.events)).toContain("tool-call:shell");
        expect(
          server
            .requests()
            .flatMap((q) => q.checks)
            .every((c) => c.ok),
        ).toBe(true);
      }, PTY_SCRIPT);
    });
  });
}
