/**
 * The TUI's port to a session on the hmux server, against a real server on a temp socket with
 * scripted sessions: attach feeds what a local subscribe would (kept events, then live ones),
 * intents go as a person's input, close only detaches, halt kills; and the pane list follows
 * the table (a session another client opens gets a pane, one another client kills loses it).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { SessionSummary, SettingSummary } from "../../../src/protocol/index.js";
import { SessionSummarySchema as sessionSummarySchema } from "../../../src/protocol/session-row.js";
import type { ServerClient } from "../../../src/server/client.js";
import { type Launcher, SessionTable } from "../../../src/server/session-table.js";
import { ServerPanes } from "../../../src/tui-client/server-panes.js";
import { type ServerLink, ServerSessionPort } from "../../../src/tui-client/server-session-port.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { until } from "../../helpers/until.js";
import { replyAs } from "../../helpers/wire-reply.js";
import { type FakeSession, scriptedLauncher, serverSession } from "../server/fixture.js";
import { type Cleanups, serveFresh } from "../server/serve-fixture.js";
import { ManualScheduler } from "../ui/fake-port.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Scripted sessions that the harness's own resume reopens under the same id; every killed one is "journaled". */
function resumingLauncher(): { launcher: Launcher; sessions: FakeSession[] } {
  const sessions: FakeSession[] = [];
  const launcher: Launcher = (spec) => {
    const resume = spec.options.resume;
    const s = serverSession({ sessionId: resume ?? `s${sessions.length + 1}`, origin: resume ? "resumed" : "fresh" });
    sessions.push(s);
    return { handle: s.handle, cwd: spec.cwd, notes: [] };
  };
  return { launcher, sessions };
}

/** What a launch resolved for pi in a demo-like plan: hmux's default policy, and a setting pi cannot express. */
const RESOLVED: SettingSummary[] = [
  { key: "model", value: "scripted-1", tier: "arg" },
  { key: "effort", value: "high", tier: "arg", divergence: "pi has no reasoning-effort setting" },
  { key: "policy.allowTools", value: ["Read"], tier: "default" },
  { key: "policy.allowCommands", value: ["ls"], tier: "default" },
];

async function start(resuming = false, settings?: SettingSummary[]) {
  const made = resuming ? resumingLauncher() : scriptedLauncher();
  const { sessions } = made;
  const launcher: Launcher = settings ? async (spec) => ({ ...(await made.launcher(spec)), settings }) : made.launcher;
  const journaled = (id: string) =>
    resuming && sessions.some((s) => s.handle.sessionId === id)
      ? { id, harness: "claude", cwd: "/w", createdAt: null, events: [], times: [], seen: 0 }
      : null;
  const table = new SessionTable({ clock: new FakeClock(), launcher, journaled, killWaitMs: 200 });
  const { client } = await serveFresh(table, cleanups, { prefix: "hmux-port-" });
  return { table, sessions, client };
}

const ROW_X: SessionSummary = {
  id: "x",
  name: "x",
  harness: "claude",
  lifecycle: "idle",
  cwd: "/",
  createdAt: "",
  pending: 0,
  harnessSessionId: null,
};

async function created(c: ServerClient, name = "w"): Promise<SessionSummary> {
  const reply = await c.request({ op: "create", harness: "claude", cwd: "/w", options: {}, name });
  return reply.session as SessionSummary;
}

function portOf(c: ServerClient, row: SessionSummary) {
  const port = new ServerSessionPort(
    c,
    row,
    {
      harness: "claude",
      settings: [],
      support: { steer: false, inject: false, abstain: false, replace: false, denyReason: false },
      detachable: true,
    },
    { now: Date.now },
  );
  const events: SessionEvent[] = [];
  port.subscribe((e) => events.push(e));
  return { port, events };
}

const texts = (events: SessionEvent[]) => events.flatMap((e) => (e.kind === "message" ? [e.text] : []));

describe("the server session port", () => {
  it("attach hands over the kept events in order, then the live ones, each once", async () => {
    const s = await start();
    const c = await s.client();
    const row = await created(c);
    await s.sessions[0]!.feed({ t: "say", text: "earlier" });
    const { port, events } = portOf(c, row);
    await port.start();
    await s.sessions[0]!.feed({ t: "say", text: "later" });
    await until(() => texts(events).includes("later"));
    expect(texts(events)).toEqual(["earlier", "later"]);
    expect(events.map((e) => e.kind)).toEqual(s.sessions[0]!.events.map((e) => e.kind));
  });

  it("a send starts a turn, and a decision is recorded as a person's", async () => {
    const s = await start();
    const c = await s.client();
    const { port, events } = portOf(c, await created(c));
    await port.start();
    expect(await port.send("go", "turn")).toEqual({ disposition: "started" });
    await s.sessions[0]!.feed({ t: "ask", id: "call-1", tool: "Bash", input: { command: "touch x" } });
    await until(() => events.some((e) => e.kind === "approval-request"));
    expect(await port.decide("call-1", { decision: "allow" })).toMatchObject({ result: "ok" });
    await until(() => events.some((e) => e.kind === "approval-disposition"));
    expect(events.find((e) => e.kind === "approval-disposition")).toMatchObject({
      callId: "call-1",
      decider: "person",
    });
    expect(await port.decide("call-1", { decision: "allow" })).toMatchObject({
      result: "refused",
      refused: { code: "TOO_LATE" },
    });
  });

  it("close only detaches: the session runs on, and its later events no longer reach the port", async () => {
    const s = await start();
    const c = await s.client();
    const { port, events } = portOf(c, await created(c));
    await port.start();
    await port.close();
    await s.sessions[0]!.feed({ t: "say", text: "unseen" });
    await c.list();
    expect(texts(events)).not.toContain("unseen");
    const rows = await c.list();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.closed).toBeUndefined();
  });

  it("halt kills the session on the server", async () => {
    const s = await start();
    const c = await s.client();
    const { port, events } = portOf(c, await created(c));
    await port.start();
    expect(await port.halt()).toEqual({ result: "ok" });
    expect(await c.list()).toEqual([]);
    expect(events.some((e) => e.kind === "closed")).toBe(true);
  });

  it("an event off the wire that is not a SessionEvent reaches the store as a warning, not as itself", async () => {
    let push: ((session: string, event: unknown) => void) | undefined;
    const link: ServerLink = {
      request: async (body) =>
        replyAs(
          body.op,
          body.op === "attach"
            ? { session: ROW_X, replayed: 0, truncated: false, now: 0, events: [], times: [], control: null }
            : { session: "x", answer: { kind: "accepted" } },
        ),
      onEvent: (l) => {
        push = l as (session: string, event: unknown) => void;
        return () => undefined;
      },
      onClose: () => () => undefined,
    };
    const { port, events } = portOf(link as ServerClient, ROW_X);
    await port.start();
    push!("x", { kind: "state", from: "nowhere", to: 3 });
    push!("x", { text: "no kind" });
    push!("other", { kind: "message", role: "assistant", text: "someone else's" });
    expect(events.map((e) => e.kind)).toEqual(["warning", "warning"]);
  });
});

describe("what a server pane's inspector shows", () => {
  it("the launch's resolved settings (tier, divergence), model and effort reach the creating and another client's port", async () => {
    const s = await start(false, RESOLVED);
    const mine = await s.client();
    const other = await s.client();
    const panes = (link: ServerClient) => new ServerPanes({ now: Date.now, link, cwd: "/w" });
    const theirs = new AppStore({ scheduler: new ManualScheduler() });
    panes(other).follow(theirs);
    const port = await panes(mine).create({ harness: "claude", model: "scripted-1", effort: "high" });
    expect(port.info.settings).toEqual(RESOLVED);
    expect(port.info).toMatchObject({ model: "scripted-1", effort: "high" });
    await until(() => theirs.ports.size === 1);
    const seen = [...theirs.ports.values()][0]!;
    expect(seen.info.settings).toEqual(RESOLVED);
    expect(seen.info).toMatchObject({ model: "scripted-1", effort: "high" });
  });

  it("a row whose settings name no tier is not taken for a session; one left unset is", () => {
    const row = { id: "x", name: "x", harness: "pi", lifecycle: "idle", cwd: "/", createdAt: "", pending: 0 };
    const ok = { ...row, harnessSessionId: null, settings: RESOLVED };
    expect(sessionSummarySchema.safeParse(ok).success).toBe(true);
    // A setting resolved to nothing has no value on the wire (JSON drops it): still a setting.
    const unset = { ...ok, settings: [{ key: "endpoint", tier: "default" }] };
    expect(sessionSummarySchema.safeParse(unset).success).toBe(true);
    const bad = { ...ok, settings: [{ key: "model", value: "m", tier: "somewhere" }] };
    expect(sessionSummarySchema.safeParse(bad).success).toBe(false);
  });
});

describe("resuming a halted pane", () => {
  it("a pane halted here resumes in place: the same port sees the resumed session's new turn", async () => {
    const s = await start(true);
    const c = await s.client();
    const panes = new ServerPanes({ now: Date.now, link: c, cwd: "/w" });
    const store = new AppStore({ scheduler: new ManualScheduler() });
    panes.follow(store);
    const port = await panes.create({ harness: "claude" });
    store.addSession(port);
    const events: SessionEvent[] = [];
    port.subscribe((e) => events.push(e));
    await until(() => s.sessions.length === 1);
    await s.sessions[0]!.feed({ t: "say", text: "before" });
    await until(() => texts(events).includes("before"));
    await port.halt();
    expect(await c.list()).toEqual([]);
    expect(await port.resume()).toEqual({ result: "ok" });
    await until(() => events.some((e) => e.kind === "session" && e.origin === "resumed"));
    expect(await port.send("again", "turn")).toEqual({ disposition: "started" });
    await s.sessions[1]!.feed({ t: "say", text: "after" });
    await until(() => texts(events).includes("after"));
    // The prompt sent to the resumed session is kept by the server as the user's turn, then its reply.
    expect(texts(events)).toEqual(["before", "again", "after"]);
    expect((await c.list()).map((r) => r.id)).toEqual([port.sessionId]);
    expect(store.state.panes).toHaveLength(1);
  });
});

describe("the pane list follows the server's table", () => {
  it("a session another client creates gets a pane; one another client kills loses it; one killed here keeps it", async () => {
    const s = await start();
    const mine = await s.client();
    const other = await s.client();
    const panes = new ServerPanes({ now: Date.now, link: mine, cwd: "/w" });
    const store = new AppStore({ scheduler: new ManualScheduler() });
    panes.follow(store);
    store.addSession(await panes.create({ harness: "claude" }));
    await created(other, "theirs");
    await until(() => store.state.sessions.size === 2);
    await store.commit();
    expect(store.state.panes).toHaveLength(2);
    await other.request({ op: "kill", session: "theirs" });
    await until(() => store.state.panes.length === 1);
    expect(store.state.sessions.size).toBe(2); // still on the rail, as it ended
    const own = [...store.ports.values()][0]!;
    await own.halt();
    await mine.list();
    expect(store.state.panes).toHaveLength(1);
  });

  it("a session killed by another client and then resumed comes back as a new pane", async () => {
    const s = await start(true);
    const mine = await s.client();
    const other = await s.client();
    const panes = new ServerPanes({ now: Date.now, link: mine, cwd: "/w" });
    const store = new AppStore({ scheduler: new ManualScheduler() });
    panes.follow(store);
    const row = await created(other, "theirs");
    await until(() => store.state.panes.length === 1);
    await other.request({ op: "kill", session: "theirs" });
    await until(() => store.state.panes.length === 0);
    await other.request({ op: "resume", session: row.id });
    await until(() => store.state.panes.length === 1);
    expect(store.state.sessions.size).toBe(2); // the ended one stays on the rail; the resumed one is new
    const ports = [...store.ports.values()] as ServerSessionPort[];
    expect(ports.map((p) => p.sessionId)).toEqual([row.id, row.id]);
  });
});
