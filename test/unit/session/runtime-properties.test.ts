/**
 * Properties of the one session runtime over random sequences of caller intents, commands,
 * harness output, clock steps, closes and aborts (seeded, replayable), on BOTH transports: one
 * long-lived process behind a bridge, and one process per turn. Whatever happens, in whatever
 * order: every send and answer gets exactly one disposition, every command line exactly one
 * command.result, every turn exactly one done, `closed` comes once and last (only refusals of
 * later intents follow it), and no harness process outlives the session.
 */

import { beforeAll, describe, expect, it } from "vitest";
import { museOneShot } from "../../../src/adapters/muse/capabilities.js";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { createOneShotSession } from "../../../src/core/exec/oneshot-session.js";
import type { SessionHandle } from "../../../src/core/exec/session-types.js";
import { Rng } from "../control/random.js";
import { type FakeChild, FakeClock, FakeFs, FakeSpawner, fakeDecoder } from "../exec/fakes.js";
import { setup } from "./session-fixture.js";

const flush = async (n = 6) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

const QUESTION = '```hcn-question\n{"question":"which env?","options":["a","b"]}\n```';

interface Rig {
  readonly handle: SessionHandle;
  readonly events: SessionEvent[];
  readonly journal: SessionEvent[];
  readonly clock: FakeClock;
  readonly children: readonly FakeChild[];
  /** The harness does one random thing (prints, asks, ends a turn, dies). */
  act(rng: Rng, n: number): void;
  /** The harness finishes what it is doing, so a close that waits for the turn can go on. */
  wrapUp(): void;
}

function processRig(): Rig {
  const t = setup({ stallMs: 4_000, closeGraceMs: 1_000, escalateQuestions: true });
  return {
    handle: t.handle,
    events: t.events,
    journal: t.journal,
    clock: t.clock,
    get children() {
      return t.children;
    },
    act(rng, n) {
      const child = t.children[0];
      if (!child) return;
      const pending = t.handle.snapshot().pending.map((p) => p.callId);
      const record = rng.pick<object>([
        { t: "ask", id: `c${n}`, tool: "Bash", input: { command: "ls" } },
        { t: "say", text: rng.chance(0.5) ? QUESTION : "working" },
        { t: "end" },
        { t: "end" },
        { t: "gone", id: pending[0] ?? "c0" },
        { t: "ask-q", q: "which?" },
      ]);
      if (rng.chance(0.02)) child.exit(1);
      else child.stdout(`${JSON.stringify(record)}\n`);
    },
    wrapUp() {
      t.children[0]?.stdout(`${JSON.stringify({ t: "end" })}\n`);
    },
  };
}

function perTurnRig(): Rig {
  const spawner = new FakeSpawner();
  const clock = new FakeClock();
  const events: SessionEvent[] = [];
  const journal: SessionEvent[] = [];
  const handle = createOneShotSession(
    {
      sessionId: "s1",
      harness: "muse",
      channel: museOneShot,
      origin: "fresh",
      escalateQuestions: true,
      approvals: "allow",
      stallMs: 4_000,
      turn: ({ prompt, resume }) => ({
        harness: "muse",
        plan: () => ({
          argv: ["muse", "exec", ...(resume ? ["--session-id", resume] : []), prompt],
          env: {},
          files: [],
          stdin: "close",
          transport: "pipe",
        }),
        createDecoder: fakeDecoder,
        cwd: "/work",
        baseEnv: {},
        killGraceMs: 1_000,
      }),
    },
    { spawner, clock, fs: new FakeFs(), record: (e) => journal.push(e) },
  );
  handle.subscribe((e) => events.push(e));
  const running = () => spawner.children.at(-1);
  return {
    handle,
    events,
    journal,
    clock,
    get children() {
      return spawner.children;
    },
    act(rng) {
      const child = running();
      if (!child) return;
      const r = rng.int(10);
      if (r < 5) child.stdout(`${JSON.stringify({ say: rng.chance(0.4) ? QUESTION : "working" })}\n`);
      else if (r < 6) child.stdout(`${JSON.stringify({ fail: "tool broke" })}\n`);
      else child.exit(rng.chance(0.8) ? 0 : 1);
    },
    wrapUp() {
      running()?.exit(0);
    },
  };
}

const command = (id: string, body: object) => JSON.stringify({ format: "metaharness.command/1", id, ...body });

/** Drives one random session to its end; returns what each intent was answered. */
async function drive(rig: Rig, seed: number) {
  const rng = new Rng(seed);
  const sends = new Map<string, Promise<unknown>>();
  const lines = new Map<string, Promise<unknown>>();
  const intents: Promise<unknown>[] = [];
  await rig.handle.start();
  for (let n = 0; n < 40; n++) {
    const r = rng.int(100);
    if (r < 22) sends.set(`in-${n}`, rig.handle.send(`in-${n}`, "go"));
    else if (r < 28) sends.set(`in-${n}`, rig.handle.answer(`in-${n}`, "a"));
    else if (r < 42) {
      const pending = rig.handle.snapshot().pending.map((p) => p.callId);
      const body = rng.pick<object>([
        { command: "tool.decide", call_id: pending[0] ?? "ghost", decision: { decision: "allow" } },
        { command: "tool.decide", call_id: pending[0] ?? "ghost", decision: { decision: "deny", reason: "no" } },
        { command: "interrupt", reason: "stop" },
        { command: "message.inject", text: "note" },
        { command: "steer", text: "left" },
        { command: "halt", reason: "enough" },
      ]);
      lines.set(`cmd-${n}`, rig.handle.handleLine(command(`cmd-${n}`, body)));
    } else if (r < 75) rig.act(rng, n);
    else if (r < 90) rig.clock.advance(rng.pick([10, 500, 2_000, 5_000]));
    else if (r < 93) intents.push(rig.handle.close());
    else if (r < 94) intents.push(rig.handle.abort("killed"));
    await flush(2);
  }
  // The end: the harness finishes its turn, hmux closes, every timer runs out.
  const closing = rig.handle.close();
  for (let i = 0; i < 12; i++) {
    rig.wrapUp();
    rig.clock.advance(6_000);
    await flush();
  }
  const closed = await closing;
  await Promise.all([...intents, ...sends.values(), ...lines.values()]);
  return { closed, sends, lines };
}

describe.each([
  ["one long-lived process", processRig],
  ["one process per turn", perTurnRig],
])("session runtime properties over %s (60 seeded random sessions)", (_name, rig) => {
  const SEEDS = Array.from({ length: 60 }, (_, i) => i + 1);
  const runs = new Map<number, { rig: Rig; result: Awaited<ReturnType<typeof drive>> }>();
  beforeAll(async () => {
    for (const seed of SEEDS) {
      const r = rig();
      runs.set(seed, { rig: r, result: await drive(r, seed) });
    }
  }, 120_000);
  const run = (seed: number) => runs.get(seed)!;

  it("every send and answer gets exactly one disposition event, and the call resolves to it", async () => {
    let started = 0;
    for (const seed of SEEDS) {
      const {
        rig: r,
        result: { sends },
      } = run(seed);
      for (const [id, answered] of sends) {
        const events = r.events.filter((e) => e.kind === "disposition" && e.id === id);
        expect(events, `seed ${seed}: ${id}`).toHaveLength(1);
        const { kind: _kind, id: _id, ...disposition } = events[0] as Extract<SessionEvent, { kind: "disposition" }>;
        expect(await answered, `seed ${seed}: ${id}`).toEqual(disposition);
        if (disposition.disposition === "started") started++;
      }
    }
    expect(started).toBeGreaterThan(40);
  });

  it("every command line gets exactly one command.result under its id", async () => {
    for (const seed of SEEDS) {
      const {
        rig: r,
        result: { lines },
      } = run(seed);
      for (const id of lines.keys()) {
        expect(
          r.events.filter((e) => e.kind === "command.result" && e.id === id),
          `seed ${seed}: ${id}`,
        ).toHaveLength(1);
      }
    }
  });

  it("every turn gets exactly one done, never before it opened, and turns never overlap", async () => {
    let turns = 0;
    for (const seed of SEEDS) {
      const { rig: r } = run(seed);
      let open = 0;
      for (const e of r.events) {
        if (e.kind === "turn") {
          turns++;
          open++;
        }
        if (e.kind === "done") open--;
        expect(open, `seed ${seed}`).toBeGreaterThanOrEqual(0);
        expect(open, `seed ${seed}`).toBeLessThanOrEqual(1);
      }
      expect(open, `seed ${seed}: a turn never got its done`).toBe(0);
    }
    expect(turns).toBeGreaterThan(40);
  });

  it("closed comes exactly once and last (but for refusals of later intents), the journal saw every event in order, and no harness process is left", async () => {
    for (const seed of SEEDS) {
      const {
        rig: r,
        result: { closed },
      } = run(seed);
      expect(
        r.events.filter((e) => e.kind === "closed"),
        `seed ${seed}`,
      ).toEqual([closed]);
      // After it only the refusals of intents made once the session was over.
      for (const e of r.events.slice(r.events.indexOf(closed) + 1)) {
        if (e.kind === "disposition") expect(e.disposition, `seed ${seed}`).toBe("rejected");
        else expect(e, `seed ${seed}`).toMatchObject({ kind: "command.result", outcome: { result: "refused" } });
      }
      expect(r.journal, `seed ${seed}`).toEqual(r.events);
      for (const child of r.children) {
        const status = await Promise.race([child.exited, new Promise((res) => setTimeout(() => res("alive"), 0))]);
        expect(status, `seed ${seed}: a harness process outlived the session`).not.toBe("alive");
      }
    }
  });
});
