/**
 * A session's "allow always" rules live in its control state on the server, so they outlast the
 * TUI that made them: a client that detaches and another that attaches see the same rules (the
 * attach reply's control state and the replayed `rule` events), the rules go on deciding while
 * nobody is attached, and a session resumed from its journal (after a server restart) keeps them.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CliContext } from "../../../src/cli/context.js";
import { serverLaunchRequest } from "../../../src/cli/server-launcher.js";
import type { AllowRule } from "../../../src/core/control/allow-rules.js";
import { DEFAULT_SAFE_POLICY, makeClassifier } from "../../../src/core/control/policy.js";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { launch } from "../../../src/launch/launch.js";
import { createAppContext } from "../../../src/main/context.js";
import type { SessionSummary } from "../../../src/protocol/index.js";
import type { ServerClient } from "../../../src/server/client.js";
import { type Launcher, SessionTable } from "../../../src/server/session-table.js";
import { JournalWriter, journalPath } from "../../../src/session/journal.js";
import { ServerSessionPort } from "../../../src/tui-client/server-session-port.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { memoryOutput } from "../../helpers/hmux-in-process.js";
import { until } from "../../helpers/until.js";
import type { FakeSession } from "./fixture.js";
import { serverSession } from "./fixture.js";
import { type Cleanups, serveFresh } from "./serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  vi.unstubAllEnvs();
});

const WS = "/w";

/** A server whose sessions are real runtimes under the default policy's classifier, in WS. */
async function policedServer() {
  const sessions: FakeSession[] = [];
  const launcher: Launcher = (spec) => {
    const s = serverSession({
      sessionId: `s${sessions.length + 1}`,
      classify: makeClassifier(DEFAULT_SAFE_POLICY, WS),
      spawn: { argv: ["fake"], cwd: WS, env: {}, stdin: "pipe" },
    });
    sessions.push(s);
    return { handle: s.handle, cwd: spec.cwd, notes: [] };
  };
  const table = new SessionTable({ clock: new FakeClock(), launcher, killWaitMs: 200 });
  const served = await serveFresh(table, cleanups, { prefix: "hmux-rules-" });
  return { ...served, table, sessions };
}

function paneOn(client: ServerClient, row: SessionSummary): ServerSessionPort {
  return new ServerSessionPort(
    client,
    row,
    {
      harness: "claude",
      settings: [],
      support: { steer: false, inject: false, abstain: false, replace: false, denyReason: false },
      detachable: true,
    },
    { now: Date.now },
  );
}

const ask = (id: string, command: string) => ({ t: "ask", id, tool: "Bash", canonical: "shell", input: { command } });
const decidedBy = (events: readonly SessionEvent[]) =>
  events.flatMap((e) => (e.kind === "approval-disposition" ? [`${e.callId}:${e.decider}`] : []));

describe("session rules on the server", () => {
  it("survive a detach and an attach: the next client sees them, and they keep deciding with nobody attached", async () => {
    const s = await policedServer();
    const first = await s.client();
    const row = (await first.request({ op: "create", harness: "claude", cwd: WS, options: {} }))
      .session as SessionSummary;
    const session = s.sessions[0]!;
    await first.request({ op: "input", session: row.id, line: { op: "send", id: "p1", text: "go" } });
    await session.feed(ask("c1", "touch a"));
    const pane = paneOn(first, row);
    await pane.start();
    expect(await pane.decide("c1", { decision: "allow" }, "session")).toMatchObject({ result: "ok", rule: "r1" });
    await pane.close(); // detach: the session keeps running on the server
    await session.feed(ask("c2", "touch b"), ask("c3", "touch ok.txt; rm -rf important"));
    expect(decidedBy(session.events)).toEqual(["c1:person", "c2:rule:r1"]);

    const again = paneOn(await s.client(), row);
    const seen: SessionEvent[] = [];
    again.subscribe((e) => seen.push(e));
    await again.start();
    await until(() => seen.some((e) => e.kind === "rule"));
    expect(again.control()?.rules?.map((r) => [r.id, r.allows])).toEqual([
      ["r1", "Bash `touch <args>` inside the workspace"],
    ]);
    expect(again.control()?.pending.map((c) => c.callId)).toEqual(["c3"]);
    expect(seen.find((e) => e.kind === "rule")).toMatchObject({ change: "added", by: "person", rule: { id: "r1" } });
    // The attached client revokes it for everyone.
    expect(await again.revokeRule("r1")).toMatchObject({ result: "ok" });
    await until(() => (again.control()?.rules ?? []).length === 0);
  });

  it("survive a restore: a session resumed from its journal is launched with the journal's rules in force", async () => {
    const root = mkdtempSync(join(tmpdir(), "hmux-rules-restore-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const work = join(root, "work");
    mkdirSync(work);
    const env = { HOME: root, XDG_CONFIG_HOME: join(root, "cfg"), XDG_STATE_HOME: join(root, "state") };
    vi.stubEnv("XDG_STATE_HOME", env.XDG_STATE_HOME);
    const id = randomUUID();
    const kept: AllowRule = {
      id: "r1",
      tool: "Bash",
      match: { kind: "command", words: ["touch"] },
      allows: "Bash `touch <args>` inside the workspace",
    };
    const gone: AllowRule = { ...kept, id: "r2", match: { kind: "command", words: ["mkdir"] }, allows: "mkdir" };
    const path = journalPath(id, env);
    mkdirSync(join(env.XDG_STATE_HOME, "hmux", "sessions"), { recursive: true });
    const w = new JournalWriter(
      path,
      {
        sessionId: id,
        harness: "claude",
        cwd: work,
        stateDir: join(root, "s.d"),
        isolate: false,
        settings: { options: {}, provenance: [] },
      },
      { origin: "fresh", pid: 999_002, startedAt: "2026-12-01T11:00:00.000Z" },
      Date.now,
    );
    const events: SessionEvent[] = [
      { kind: "session", sessionId: id, harness: "claude", origin: "fresh", escalateQuestions: true },
      { kind: "identity", sessionId: "6f3c1b9e-2a4d-4c1e-9b7a-0d5e8f1a2b3c" } as SessionEvent,
      // A turn ran, so there is a conversation of claude's to continue (before one, a resume starts claude fresh).
      { kind: "turn", turnId: "a:turn-1", id: "in-1" },
      { kind: "rule", change: "added", rule: kept, by: "person" },
      { kind: "rule", change: "added", rule: gone, by: "program" },
      { kind: "rule", change: "revoked", rule: gone, by: "person" },
      // Journals written before the decider names say `human`; they still read.
      {
        kind: "approval-disposition",
        callId: "old",
        decision: { decision: "allow" },
        decider: "human" as never,
        status: "sent",
      },
    ];
    for (const e of events) w.record(e);
    w.close();
    const app = createAppContext({ env });
    const context: CliContext = {
      ...app,
      launch: { ...app.launch, binary: () => ({ ok: true, binary: { executable: "/bin/true", prefixArgs: [] } }) },
      output: memoryOutput(),
      input: Readable.from([]),
    };
    const launched = await launch(
      serverLaunchRequest({ harness: "claude", cwd: work, options: { resume: id } }),
      context,
    );
    await launched.handle.abort("killed");
    const prepared = { launch: launched.options };
    expect(prepared.launch.rules).toEqual([kept]);
    expect(prepared.launch.resume).toBe("6f3c1b9e-2a4d-4c1e-9b7a-0d5e8f1a2b3c");
    // The resumed runtime decides with them at once: rule:r1, not a person, and rm still asks.
    const resumed = serverSession({
      ...(prepared.launch.rules ? { rules: prepared.launch.rules } : {}),
      ...(prepared.launch.classify ? { classify: prepared.launch.classify } : {}),
      spawn: { argv: ["fake"], cwd: work, env: {}, stdin: "pipe" },
    });
    await resumed.handle.start();
    await resumed.feed(ask("c1", "touch z"), ask("c2", "rm -rf z"));
    expect(decidedBy(resumed.events)).toEqual(["c1:rule:r1"]);
    expect(resumed.handle.snapshot().pending.map((c) => c.callId)).toEqual(["c2"]);
  });
});
