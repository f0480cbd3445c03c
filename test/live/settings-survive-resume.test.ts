/**
 * A session keeps the settings it was started with across a kill -9: `hmux session codex
 * --codex-sandbox read-only` resumed by id, and a server's codex session restored after its server
 * was killed and then resumed, run their next turn in the same sandbox (codex's own rollout says
 * which sandbox each turn ran under) and report the same settings with their tiers.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionSummary } from "../../src/protocol/index.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { connectClient, lsRows, serverSandbox, sessionEvents, stopServer } from "./helpers/server-live.js";
import { hmux, LiveSession, noneLeft, sandbox } from "./session-live.js";

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(async () => {
  await model.close();
});

/** Every file under dir whose name matches. */
function filesUnder(dir: string, name: RegExp): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, name));
    else if (name.test(entry)) out.push(path);
  }
  return out;
}

/** The sandbox each codex turn ran under, in order, as codex's rollouts under dir record it. */
function turnSandboxes(dir: string): string[] {
  return filesUnder(dir, /^rollout-.*\.jsonl$/)
    .flatMap((f) => readFileSync(f, "utf8").split("\n").filter(Boolean))
    .map(
      (line) =>
        JSON.parse(line) as { timestamp: string; type: string; payload?: { sandbox_policy?: { type?: string } } },
    )
    .filter((r) => r.type === "turn_context")
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    .map((r) => String(r.payload?.sandbox_policy?.type));
}

describe("codex's sandbox survives a kill -9 and a resume, live", () => {
  it("hmux session codex --codex-sandbox read-only, resumed by id, runs its next turn read-only", async () => {
    const box = sandbox();
    try {
      const first = new LiveSession(box, "codex", [
        "--isolate",
        "--endpoint",
        model.url,
        "--cwd",
        box.dir,
        "--codex-sandbox",
        "read-only",
      ]);
      const id = String((await first.next((e) => e.kind === "session")).sessionId);
      first.send("in-1", "[[say:first]]");
      await first.next((e) => e.kind === "done");
      first.kill9();
      await first.exit;
      expect(await noneLeft(box)).toEqual([]);

      const second = new LiveSession(box, "codex", ["--resume", id]);
      await second.next((e) => e.kind === "session");
      second.send("in-2", "[[say:second]]");
      await second.next((e) => e.kind === "done");
      second.endInput();
      expect(await second.exit).toBe(0);
      expect(turnSandboxes(box.dir)).toEqual(["read-only", "read-only"]);

      // Asking a resume for another sandbox is refused by name; the same one is no change.
      const looser = await hmux(box, [
        "session",
        "codex",
        "--json",
        "--resume",
        id,
        "--codex-sandbox",
        "danger-full-access",
      ]);
      expect(looser.code).not.toBe(0);
      expect(looser.stderr).toContain("codex.sandbox");
      expect(looser.stderr).toContain("read-only");
    } finally {
      await noneLeft(box);
      box.remove();
    }
  });

  it("a server's codex session restored after kill -9 and resumed keeps read-only and its tiers", async () => {
    const { box, work } = serverSandbox();
    const clients: Awaited<ReturnType<typeof connectClient>>[] = [];
    try {
      expect((await hmux(box, ["server"])).code).toBe(0);
      const a = await connectClient(box);
      clients.push(a);
      const seenA = sessionEvents(a);
      const options = {
        isolate: true,
        endpoint: model.url,
        harnessOptions: { codex: { sandbox: "read-only", contextWindow: 64000 } },
      };
      const made = await a.request({ op: "create", harness: "codex", name: "w", cwd: work, options });
      const id = (made.session as SessionSummary).id;
      await seenA.attach("w");
      await a.request({ op: "input", session: "w", line: { op: "send", id: "in-1", text: "[[say:first]]" } });
      await seenA.next(id, (e) => e.kind === "done");
      process.kill(a.hello.pid, "SIGKILL");
      expect(await noneLeft(box, 20_000)).toEqual([]);
      a.close();

      expect((await lsRows(box)).map((r) => [r.name, r.lifecycle])).toEqual([["w", "detached"]]);
      const resumed = await hmux(box, ["resume", "w"]);
      expect(resumed.code, resumed.stderr).toBe(0);
      const b = await connectClient(box);
      clients.push(b);
      const seenB = sessionEvents(b);
      await seenB.attach("w");
      await b.request({ op: "input", session: "w", line: { op: "send", id: "in-2", text: "[[say:second]]" } });
      await seenB.next(
        id,
        (e) => e.kind === "done",
        (e) => e.kind === "turn" && e.id === "in-2",
      );
      expect(turnSandboxes(box.dir)).toEqual(["read-only", "read-only"]);
      const row = (await lsRows(box)).find((r) => r.name === "w")!;
      const settings = new Map((row.settings ?? []).map((s) => [s.key, s]));
      expect(settings.get("codex.sandbox")).toMatchObject({ value: "read-only", tier: "arg" });
      expect(settings.get("codex.contextWindow")).toMatchObject({ value: 64000, tier: "arg" });
    } finally {
      for (const c of clients) c.close();
      await stopServer(box);
      for (const line of await noneLeft(box)) process.kill(Number(line.split(" ")[0]), "SIGKILL");
      box.remove();
    }
  });
});
