/**
 * hmux as an ACP agent, live: the SDK's client side spawns the real `hmux acp <harness>` (claude,
 * codex, pi) against the scripted model, on an isolated hmux server. A turn streams as ACP
 * updates; a gated call is asked of the client, denied and then allowed, while a read the
 * policy allows is not asked; the session is on the server (`hmux ls`, a TUI's attach). And hmux
 * between two ACP peers: the harness an ACP agent added by config (the SDK stand-in), so an
 * editor's call reaches that agent through hmux's policy and the editor's prompt.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { AcpTestClient, choose } from "./helpers/acp-client.js";
import { lsRows, serverSandbox, stopServer } from "./helpers/server-live.js";
import { hmux, noneLeft } from "./session-live.js";

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(async () => {
  await model.close();
});

describe.each(["claude", "codex", "pi"])("hmux acp %s", (harness) => {
  it("streams a turn, asks the client about a gated call (denied, then allowed) but not about a read the policy allows; the session is on the server, its settings with their tiers, its journal with the client's decisions, which hmux audit says came through hmux acp for that client", async () => {
    const { box, work } = serverSandbox();
    writeFileSync(join(work, "notes.txt"), "the notes say hello\n");
    const acp = new AcpTestClient(box, [harness, "--isolate", "--endpoint", model.url, "--name", "editor"]);
    try {
      const init = await acp.initialize();
      expect(init.agentCapabilities).toMatchObject({
        loadSession: true,
        promptCapabilities: { embeddedContext: true },
      });
      expect(init.authMethods).toEqual([]);
      const made = await acp.newSession(work);
      const { sessionId } = made;
      // Provenance as for every session: each resolved setting with the tier that decided it.
      const settings = (made._meta as { hmux: { settings: { key: string; tier: string }[] } }).hmux.settings;
      expect(settings.length).toBeGreaterThan(0);
      expect(settings.every((x) => typeof x.tier === "string")).toBe(true);

      // Text and a read: streamed back, the read shown as a read-kind call that completed, nobody asked.
      const first = await acp.prompt(sessionId, "[[read:notes.txt]] [[say:read it]]");
      expect(first.stopReason).toBe("end_turn");
      // The context and its window as the harness reported them (pi reports no window, so it gets none).
      if (harness !== "pi")
        expect(acp.of("usage_update").at(-1)).toMatchObject({ used: expect.any(Number), size: expect.any(Number) });
      else expect(acp.of("usage_update")).toEqual([]);
      expect(first._meta).toMatchObject({ hmux: { session: sessionId, usage: { outputTokens: expect.any(Number) } } });
      expect(acp.text()).toContain("the notes say hello");
      const reads = [...acp.calls().values()];
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.every((c) => c.status === "completed")).toBe(true);
      expect(acp.asks, JSON.stringify(acp.asks.map((a) => a.request))).toHaveLength(0);

      // A gated shell call: asked of the client, which denies it; it does not run.
      acp.onPermission = async () => choose("deny");
      let from = acp.updates.length;
      const denied = await acp.prompt(sessionId, "[[bash:touch denied.txt]]");
      expect(denied.stopReason).toBe("end_turn");
      expect(acp.asks).toHaveLength(1);
      const ask = acp.asks[0]!.request;
      expect(ask.toolCall.kind).toBe("execute");
      expect(ask.options.map((o) => o.kind)).toEqual(["allow_once", "allow_always", "reject_once"]);
      expect(ask.options.find((o) => o.kind === "allow_always")?.name).toContain("touch <args>");
      expect(existsSync(join(work, "denied.txt"))).toBe(false);
      expect([...acp.calls(from).values()].some((c) => c.status === "failed")).toBe(true);

      // The same call again, allowed: it runs and completes.
      acp.onPermission = async () => choose("allow");
      from = acp.updates.length;
      const allowed = await acp.prompt(sessionId, "[[bash:touch allowed.txt]]");
      expect(allowed.stopReason).toBe("end_turn");
      expect(acp.asks).toHaveLength(2);
      expect(existsSync(join(work, "allowed.txt"))).toBe(true);
      const ran = [...acp.calls(from).values()].find((c) => c.kind === "execute");
      expect(ran?.status).toBe("completed");

      // The session is the server's: hmux ls lists it under its name, and its journal keeps the
      // client's two decisions as a program's.
      const row = (await lsRows(box)).find((r) => r.id === sessionId);
      expect(row).toMatchObject({ name: "editor", harness, cwd: work });
      const journal = readFileSync(join(box.env.XDG_STATE_HOME!, "hmux", "sessions", `${sessionId}.ndjson`), "utf8")
        .split("\n")
        .filter(Boolean)
        .map(
          (l) =>
            (JSON.parse(l) as { event: { kind: string; decider?: string; decision?: { decision: string } } }).event,
        )
        .filter((e) => e.kind === "approval-disposition" && e.decider === "program")
        .map((e) => e.decision?.decision);
      expect(journal).toEqual(["deny", "allow"]);
      // hmux audit says through which client they came: hmux acp, for the client that named itself.
      const audit = await hmux(box, ["audit", "editor", "--json"]);
      expect(audit.code, audit.stderr).toBe(0);
      const decided = audit.stdout
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { decider: string; via?: string })
        .filter((e) => e.decider === "program");
      expect(decided).toHaveLength(2);
      for (const e of decided) expect(e.via).toMatch(/^hmux acp for hmux-live-test on \S+ \(pid \d+\)$/);
    } finally {
      expect(await acp.close()).toBe(0);
      await stopServer(box);
      expect(await noneLeft(box)).toEqual([]);
      box.remove();
    }
  });
});

const STAND_IN = fileURLToPath(new URL("../support/acp-stand-in/stand-in-agent.mjs", import.meta.url));

describe("hmux acp in front of an ACP agent added by config", () => {
  it("the agent's turn reaches the client; its gated call is asked of the client, and the client's allow reaches the agent as the agent's own allow option", async () => {
    const { box, work } = serverSandbox();
    const log = join(box.dir, "stand-in.jsonl");
    const dir = join(box.env.XDG_CONFIG_HOME!, "hmux");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(
      join(dir, "config.json"),
      JSON.stringify({
        version: 1,
        harnesses: { standin: { acp: { command: [process.execPath, STAND_IN], env: { STAND_IN_LOG: log } } } },
      }),
      { mode: 0o600 },
    );
    const answers = () =>
      readFileSync(log, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { permission?: string; outcome?: unknown })
        .filter((l) => l.permission !== undefined);
    const acp = new AcpTestClient(box, ["standin"]);
    try {
      await acp.initialize();
      const { sessionId } = await acp.newSession(work);
      expect((await acp.prompt(sessionId, "hello")).stopReason).toBe("end_turn");
      expect(acp.text()).toContain("Hello there");
      expect(acp.of("agent_thought_chunk").length).toBeGreaterThan(0);

      acp.onPermission = async () => choose("allow");
      const ran = await acp.prompt(sessionId, "run make build");
      expect(ran.stopReason).toBe("end_turn");
      expect(acp.asks).toHaveLength(1);
      expect(acp.asks[0]!.request.toolCall.kind).toBe("execute");
      expect(answers().at(-1)?.outcome).toEqual({ outcome: "selected", optionId: "yes-once" });
      expect(acp.text()).toContain("allowed");
      expect((await lsRows(box)).find((r) => r.id === sessionId)).toMatchObject({ harness: "standin" });
    } finally {
      expect(await acp.close()).toBe(0);
      await stopServer(box);
      expect(await noneLeft(box)).toEqual([]);
      box.remove();
    }
  });
});
