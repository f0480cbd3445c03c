import { describe, expect, it } from "vitest";
import type { Invocation } from "../../../src/adapters/adapter.js";
import { INTERRUPT_ABORT } from "../../../src/core/conclude.js";
import type { HarnessEvent } from "../../../src/core/events.js";
import { type RunTurnRequest, runTurn } from "../../../src/core/exec/run-turn.js";
import { RefusalError } from "../../../src/core/refusal.js";
import { FakeClock, FakeFs, FakeSpawner, fakeDecoder } from "./fakes.js";

const INVOCATION: Invocation = {
  argv: ["fake", "--json", "hi"],
  env: { ADDED: "1", REMOVED: null },
  files: [],
  stdin: "close",
  transport: "pipe",
};

function request(extra: Partial<RunTurnRequest> = {}): RunTurnRequest {
  return {
    harness: "claude",
    plan: () => INVOCATION,
    createDecoder: fakeDecoder,
    cwd: "/work",
    baseEnv: { PATH: "/bin", REMOVED: "x" },
    ...extra,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await tick();
}

function collect(iter: AsyncIterable<HarnessEvent>): { events: HarnessEvent[]; done: Promise<HarnessEvent[]> } {
  const events: HarnessEvent[] = [];
  const done = (async () => {
    for await (const e of iter) events.push(e);
    return events;
  })();
  return { events, done };
}

function setup(extra: Partial<RunTurnRequest> = {}, childSetup?: ConstructorParameters<typeof FakeSpawner>[0]) {
  const spawner = new FakeSpawner(childSetup);
  const clock = new FakeClock();
  const fs = new FakeFs();
  const run = collect(runTurn({ spawner, clock, fs }, request(extra)));
  return { spawner, clock, fs, run };
}

describe("runTurn", () => {
  it("feeds JSON lines to record and other lines to text, then ends clean", async () => {
    const { spawner, run } = setup();
    await settle();
    const child = spawner.last;
    child.stdout('{"say":"hel');
    child.stdout('lo"}\nnot json\r\n');
    child.stderr("a warning\n");
    child.exit(0);
    const events = await run.done;
    expect(events).toEqual([
      { kind: "message", role: "assistant", text: "hello" },
      { kind: "raw", stream: "stdout", text: "not json" },
      { kind: "raw", stream: "stderr", text: "a warning" },
      { kind: "done", exitCode: 0, cause: "clean" },
    ]);
  });

  it("spawns with the composed environment, resolved executable and stdin closed", async () => {
    const { spawner, run } = setup({ executable: "/opt/fake", callerEnv: { CALLER: "y" } });
    await settle();
    const req = spawner.last.request;
    expect(req.argv).toEqual(["/opt/fake", "--json", "hi"]);
    expect(req.env).toEqual({ PATH: "/bin", ADDED: "1", CALLER: "y" });
    expect(req.stdin).toBe("close");
    expect(req.cwd).toBe("/work");
    spawner.last.exit(0);
    await run.done;
  });

  it("writes planned files before spawning", async () => {
    const inv: Invocation = { ...INVOCATION, files: [{ path: "/iso/settings.json", content: "{}", mode: 0o600 }] };
    const { spawner, fs, run } = setup({ plan: () => inv });
    await settle();
    expect(fs.files.get("/iso/settings.json")).toEqual({ content: "{}", mode: 0o600 });
    spawner.last.exit(0);
    await run.done;
  });

  it("prompt data goes to stdin, which is then closed", async () => {
    const inv: Invocation = { ...INVOCATION, stdinData: "big prompt" };
    const { spawner, run } = setup({ plan: () => inv });
    await settle();
    expect(spawner.last.request.stdin).toBe("pipe");
    expect(spawner.last.written).toEqual(["big prompt"]);
    expect(spawner.last.stdinEnded).toBe(true);
    spawner.last.exit(0);
    await run.done;
  });

  it("a refusal while planning is failure(rejected) + done and spawns nothing", async () => {
    const refuse = () => {
      throw new RefusalError("--sandbox is codex-only", {
        issue: "unsupported-option",
        option: "sandbox",
        hint: "use --access read",
      });
    };
    const { spawner, run } = setup({ plan: refuse });
    const events = await run.done;
    expect(spawner.children).toHaveLength(0);
    expect(events.map((e) => e.kind)).toEqual(["failure", "done"]);
    expect(events[1]).toMatchObject({
      kind: "done",
      exitCode: null,
      cause: "failed",
      failure: { class: "rejected", issue: "unsupported-option", hint: "use --access read" },
    });
  });

  it("an invalid --env key is refused before spawn", async () => {
    const { spawner, run } = setup({ callerEnv: { "BAD-KEY": "1" } });
    const events = await run.done;
    expect(spawner.children).toHaveLength(0);
    expect(events.at(-1)).toMatchObject({ kind: "done", failure: { class: "rejected", issue: "invalid-env" } });
  });

  it("a spawn error (ENOENT) is a transport failure and done", async () => {
    const { run } = setup({}, (child) => child.exit(null, null, "cannot start fake: not found (ENOENT)"));
    const events = await run.done;
    expect(events.map((e) => e.kind)).toEqual(["failure", "done"]);
    expect(events[1]).toMatchObject({
      kind: "done",
      cause: "failed",
      failure: { class: "transport", message: expect.stringContaining("ENOENT") },
    });
  });

  it("the wall-clock timeout ends in failure(timeout): TERM, then KILL after the grace", async () => {
    const { spawner, clock, run } = setup({ timeoutMs: 10_000, killGraceMs: 3_000 });
    await settle();
    const child = spawner.last;
    child.exitsOn = "SIGKILL"; // ignores TERM
    clock.advance(9_999);
    expect(child.signals).toEqual([]);
    clock.advance(1);
    expect(child.signals).toEqual(["SIGTERM"]);
    clock.advance(2_999);
    expect(child.signals).toEqual(["SIGTERM"]);
    clock.advance(1);
    expect(child.signals).toEqual(["SIGTERM", "SIGKILL"]);
    const events = await run.done;
    expect(events.at(-1)).toMatchObject({
      kind: "done",
      exitCode: null,
      cause: "killed",
      failure: { class: "timeout", retryable: false },
    });
    expect(events.filter((e) => e.kind === "failure")).toHaveLength(1);
  });

  it("the stall budget re-arms on output and ends a silent stream in failure(stall)", async () => {
    const { spawner, clock, run } = setup({ stallMs: 1_000 });
    await settle();
    const child = spawner.last;
    clock.advance(900);
    child.stdout('{"say":"still here"}\n');
    clock.advance(900);
    expect(child.signals).toEqual([]);
    clock.advance(100);
    expect(child.signals).toEqual(["SIGTERM"]);
    const events = await run.done;
    expect(events.at(-1)).toMatchObject({ kind: "done", cause: "stall", failure: { class: "stall" } });
  });

  it("a clean exit clears the watchdogs", async () => {
    const { spawner, clock, run } = setup({ timeoutMs: 1_000, stallMs: 500 });
    await settle();
    spawner.last.exit(0);
    await run.done;
    expect(clock.timers.size).toBe(0);
  });

  it("abandoning the iterator kills the child and waits for it", async () => {
    const spawner = new FakeSpawner();
    const clock = new FakeClock();
    const iter = runTurn({ spawner, clock, fs: new FakeFs() }, request());
    const first = iter.next();
    await settle();
    spawner.last.stdout('{"say":"one"}\n{"say":"two"}\n');
    expect((await first).value).toMatchObject({ text: "one" });
    await iter.return(undefined);
    expect(spawner.last.signals[0]).toBe("SIGTERM");
    expect(await Promise.race([spawner.last.exited.then(() => "exited"), tick().then(() => "running")])).toBe("exited");
  });

  it("abandoning a stubborn child escalates to KILL after the grace", async () => {
    const spawner = new FakeSpawner((c) => (c.exitsOn = "SIGKILL"));
    const clock = new FakeClock();
    const iter = runTurn({ spawner, clock, fs: new FakeFs() }, request({ killGraceMs: 2_000 }));
    const first = iter.next();
    await settle();
    spawner.last.stdout('{"say":"one"}\n');
    await first;
    const closing = iter.return(undefined);
    await settle();
    expect(spawner.last.signals).toEqual(["SIGTERM"]);
    clock.advance(2_000);
    await closing;
    expect(spawner.last.signals.slice(0, 2)).toEqual(["SIGTERM", "SIGKILL"]);
  });

  it("an abort signal stops the turn with cause killed", async () => {
    const ac = new AbortController();
    const { spawner, run } = setup({ signal: ac.signal });
    await settle();
    ac.abort();
    const events = await run.done;
    expect(spawner.last.signals[0]).toBe("SIGTERM");
    expect(events.at(-1)).toMatchObject({ kind: "done", cause: "killed" });
  });

  it("an abort the person asked for as an interrupt (Ctrl-C) stops the turn with cause interrupted", async () => {
    const ac = new AbortController();
    const { spawner, run } = setup({ signal: ac.signal });
    await settle();
    ac.abort(INTERRUPT_ABORT);
    const events = await run.done;
    expect(spawner.last.signals[0]).toBe("SIGTERM");
    expect(events.at(-1)).toMatchObject({ kind: "done", cause: "interrupted" });
  });

  it("a non-zero exit the stream did not explain is classified from the stderr tail", async () => {
    const a = setup();
    await settle();
    a.spawner.last.stderr("Error: unknown option --bogus\n");
    a.spawner.last.exit(1);
    expect((await a.run.done).at(-1)).toMatchObject({
      cause: "crash",
      exitCode: 1,
      failure: { class: "native", nativeExitCode: 1, message: expect.stringContaining("--bogus") },
    });
    const b = setup();
    await settle();
    b.spawner.last.stderr("Error: connect ECONNREFUSED 127.0.0.1:9\n");
    b.spawner.last.exit(3);
    expect((await b.run.done).at(-1)).toMatchObject({
      cause: "failed",
      failure: { class: "transport", nativeExitCode: 3 },
    });
  });

  it("a decoder's failure turns a clean exit into failed", async () => {
    const { spawner, run } = setup();
    await settle();
    spawner.last.stdout('{"fail":"the model refused"}\n');
    spawner.last.exit(0);
    expect((await run.done).at(-1)).toMatchObject({ cause: "failed", exitCode: 0, failure: { class: "task" } });
  });

  it("an over-long stdout line is a typed failure and the stream continues", async () => {
    const { spawner, run } = setup({ maxLineBytes: 64 });
    await settle();
    spawner.last.stdout(`${"x".repeat(500)}\n{"say":"after"}\n`);
    spawner.last.exit(0);
    const events = await run.done;
    expect(events[0]).toMatchObject({
      kind: "failure",
      class: "native",
      message: expect.stringContaining("500 bytes"),
    });
    expect(events[1]).toEqual({ kind: "message", role: "assistant", text: "after" });
    expect(events.at(-1)).toMatchObject({ cause: "failed" });
  });

  it("invalid UTF-8 on stdout is reported and the line still decoded", async () => {
    const { spawner, run } = setup();
    await settle();
    spawner.last.stdout(new Uint8Array([0x6f, 0x6b, 0xc3, 0x0a]));
    spawner.last.exit(0);
    const events = await run.done;
    expect(events[0]).toMatchObject({ kind: "failure", message: expect.stringContaining("invalid UTF-8") });
    expect(events[1]).toEqual({ kind: "raw", stream: "stdout", text: "ok\uFFFD" });
  });

  it("a question block at the end of the last message ends awaiting-input", async () => {
    const { spawner, run } = setup({ escalateQuestions: true });
    await settle();
    const text = 'Need a call.\n```hcn-question\n{"question":"Which DB?","options":["pg","sqlite"]}\n```';
    spawner.last.stdout(`${JSON.stringify({ say: text })}\n`);
    spawner.last.exit(0);
    const events = await run.done;
    expect(events.at(-2)).toEqual({ kind: "question", question: "Which DB?", options: ["pg", "sqlite"] });
    expect(events.at(-1)).toEqual({ kind: "done", exitCode: 0, cause: "awaiting-input" });
  });

  it("a decoder that throws becomes a typed failure, never an exception", async () => {
    const broken = () => ({
      ...fakeDecoder(),
      record: () => {
        throw new Error("boom");
      },
    });
    const { spawner, run } = setup({ createDecoder: broken });
    await settle();
    spawner.last.stdout('{"a":1}\n');
    spawner.last.exit(0);
    const events = await run.done;
    expect(events.at(-1)).toMatchObject({ kind: "done", failure: { message: expect.stringContaining("boom") } });
  });
});

describe("runTurn stream shape", () => {
  it("a harness that exits 0 with only plain text on stdout is a failure, not a clean empty turn", async () => {
    const { spawner, run } = setup();
    await settle();
    spawner.last.stdout("Usage: fake [options]\nsomething else\n");
    spawner.last.exit(0);
    const events = await run.done;
    expect(events.at(-1)).toMatchObject({
      kind: "done",
      exitCode: 0,
      cause: "failed",
      failure: { class: "native", message: expect.stringContaining("no JSON events") },
    });
  });

  it("an empty stdout with exit 0 is left to the decoder's verdict", async () => {
    const { spawner, run } = setup();
    await settle();
    spawner.last.exit(0);
    expect((await run.done).at(-1)).toEqual({ kind: "done", exitCode: 0, cause: "clean" });
  });
});

describe("runTurn backpressure", () => {
  it("a slow consumer pauses the child's output and resumes it after draining, with no stall blamed", async () => {
    const spawner = new FakeSpawner();
    const clock = new FakeClock();
    const iter = runTurn({ spawner, clock, fs: new FakeFs() }, request({ stallMs: 1_000 }));
    const first = iter.next();
    await settle();
    const child = spawner.last;
    const calls: string[] = [];
    Object.assign(child, { pause: () => calls.push("pause"), resume: () => calls.push("resume") });
    child.stdout(`${'{"say":"x"}\n'.repeat(1500)}`);
    expect(calls).toEqual(["pause"]);
    clock.advance(5_000); // the consumer is slow; the harness is not silent
    expect(child.signals).toEqual([]);
    await first;
    for (let i = 0; i < 1300; i++) await iter.next();
    expect(calls).toEqual(["pause", "resume"]);
    child.exit(0);
    let last: unknown;
    for (;;) {
      const r = await iter.next();
      if (r.done) break;
      last = r.value;
    }
    expect(last).toEqual({ kind: "done", exitCode: 0, cause: "clean" });
  });
});
