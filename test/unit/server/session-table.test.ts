import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { flush } from "../session/session-fixture.js";
import { scriptedLauncher, spec } from "./fixture.js";

function table(over: { maxKeptEvents?: number } = {}) {
  const { launcher, sessions } = scriptedLauncher();
  const clock = new FakeClock(1_000);
  const t = new SessionTable({ launcher, clock, killWaitMs: 200, ...over });
  return { t, sessions, advance: (ms: number) => (clock.time += ms) };
}

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return "no error";
};

describe("the server's session table", () => {
  it("names each session <harness>-<n> with the smallest free n, and a given name is kept", async () => {
    const { t } = table();
    await t.create(spec());
    await t.create(spec(), "mine");
    await t.create(spec());
    expect(t.list().map((s) => s.name)).toEqual(["claude-1", "mine", "claude-2"]);
    await t.kill("claude-1");
    await t.create(spec());
    expect(t.list().map((s) => s.name)).toEqual(["mine", "claude-2", "claude-1"]);
  });

  it("a taken name is refused on create and on rename, naming the holder", async () => {
    const { t } = table();
    await t.create(spec(), "a");
    await t.create(spec(), "b");
    await expect(t.create(spec(), "a")).rejects.toMatchObject({ code: "name-taken", message: /s1/ });
    expect(codeOf(() => t.rename("b", "a"))).toBe("name-taken");
    expect(t.rename("b", "c").name).toBe("c");
    expect(t.resolve("c").id).toBe("s2");
  });

  it("a target is a name, an id, or a unique id prefix; anything else is no-such-session or ambiguous-session", async () => {
    const { t } = table();
    await t.create(spec(), "first");
    await t.create(spec(), "second");
    expect(t.resolve("first").id).toBe("s1");
    expect(t.resolve("s2").name).toBe("second");
    expect(codeOf(() => t.resolve("s"))).toBe("ambiguous-session");
    expect(codeOf(() => t.resolve("nope"))).toBe("no-such-session");
  });

  it("a row says the harness, cwd, lifecycle and how many calls wait for a decision", async () => {
    const { t, sessions } = table();
    await t.create(spec("/repo"));
    t.handle("s1").send("in-1", "hi");
    await flush();
    await sessions[0]!.feed({ t: "ask", id: "c1", tool: "Bash", input: { command: "ls" } });
    const row = t.resolve("s1");
    expect(row).toMatchObject({ harness: "claude", cwd: "/repo", lifecycle: "awaiting-approval", pending: 1 });
    expect(row.closed).toBeUndefined();
  });

  it("a watcher gets the kept events then the live ones, each once and in order", async () => {
    const { t, sessions } = table();
    await t.create(spec());
    await sessions[0]!.feed({ t: "say", text: "before" });
    const seen: SessionEvent[] = [];
    const w = t.watch("s1", (e) => seen.push(e));
    expect(w.replayed).toBeGreaterThan(0);
    await sessions[0]!.feed({ t: "say", text: "after" });
    const own = sessions[0]!.events;
    expect(seen).toEqual(own);
    w.stop();
    await sessions[0]!.feed({ t: "say", text: "unwatched" });
    expect(seen.length).toBe(own.length - 1);
  });

  it("a replay bounded by the kept events says it was truncated", async () => {
    const { t, sessions } = table({ maxKeptEvents: 3 });
    await t.create(spec());
    for (const text of ["a", "b", "c", "d"]) await sessions[0]!.feed({ t: "say", text });
    const seen: SessionEvent[] = [];
    const w = t.watch("s1", (e) => seen.push(e));
    expect(w.replayed).toBe(3);
    expect(w.dropped).toBe(true);
    expect(seen).toEqual(sessions[0]!.events.slice(-3));
    const one: SessionEvent[] = [];
    expect(t.watch("s1", (e) => one.push(e), 1).replayed).toBe(1);
  });

  it("kill ends the harness, removes the row and tells listeners; only live sessions count as live", async () => {
    const { t, sessions } = table();
    const changes: string[] = [];
    t.onChange((change, s) => changes.push(`${change}:${s.name}`));
    await t.create(spec(), "x");
    await t.create(spec(), "y");
    expect(t.liveCount()).toBe(2);
    const killing = t.kill("x");
    await flush();
    sessions[0]!.clock.advance(60_000); // the runtime's own grace before its signals
    const killed = await killing;
    expect(killed.closed?.cause).toBe("killed");
    expect(sessions[0]!.child().signals.length).toBeGreaterThan(0);
    expect(t.list().map((s) => s.name)).toEqual(["y"]);
    expect(t.liveCount()).toBe(1);
    expect(changes).toContain("created:x");
    expect(changes).toContain("removed:x");
    const closing = t.handle("y").close();
    await flush();
    sessions[1]!.clock.advance(60_000);
    await closing;
    expect(t.liveCount()).toBe(0);
    expect(t.resolve("y").closed).toBeDefined();
  });
});
