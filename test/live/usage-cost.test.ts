/**
 * Cost per session, live: the real claude, codex and pi behind the hmux server answer one turn on
 * the scripted model (which sizes its usage like a real model's), and `hmux ls --json` gives each
 * session a non-zero cost priced on the server from that harness's own usage records (claude's
 * own figure; codex's and pi's tokens priced from the table for the model each was asked for),
 * the tokens they reported and the context of the window. A model without a price reads unknown.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "../../src/cli/main.js";
import { systemClock } from "../../src/main/system-clock.js";
import type { SessionSummary } from "../../src/protocol/index.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { ServerClient } from "../../src/server/client.js";
import { serverPaths } from "../../src/server/paths.js";
import { lsRows, stopServer } from "./helpers/server-live.js";
import { hmux, noneLeft, sandbox } from "./session-live.js";

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(async () => {
  await model.close();
});

/** The model each harness is asked for: a name the price table knows, which the scripted model answers as. */
const MODELS = { claude: "claude-sonnet-4-5", codex: "gpt-5.1-codex", pi: "gpt-5.1" } as const;

describe("cost per session on the hmux server (scripted model)", () => {
  it("claude, codex and pi each get a non-zero cost, tokens and context in hmux ls; an unpriced model reads unknown", async () => {
    const box = sandbox();
    const work = join(box.dir, "work");
    mkdirSync(work, { recursive: true });
    let client: ServerClient | undefined;
    try {
      const started = await hmux(box, ["server"]);
      expect(started.code, started.stderr).toBe(0);
      client = await ServerClient.connect(serverPaths(box.env), VERSION, systemClock);
      const open = (harness: string, name: string, asked?: string) =>
        client!.request({
          op: "create",
          harness,
          name,
          cwd: work,
          options: {
            isolate: true,
            endpoint: model.url,
            prompt: "Say hello. [[say:Hello from the script, with a few more words than one.]]",
            ...(asked !== undefined ? { model: asked } : {}),
          },
        });
      for (const [harness, asked] of Object.entries(MODELS)) await open(harness, harness, asked);
      await open("pi", "pi-unpriced");
      const names = [...Object.keys(MODELS), "pi-unpriced"];
      let rows: SessionSummary[] = [];
      const end = Date.now() + 120_000;
      for (;;) {
        const all = await lsRows(box);
        rows = names.map((n) => all.find((r) => r.name === n)).filter((r): r is SessionSummary => r !== undefined);
        if (rows.length === names.length && rows.every((r) => r.usage !== undefined && r.lifecycle === "idle")) break;
        if (Date.now() > end) throw new Error(`not every first turn reported usage: ${JSON.stringify(rows)}`);
        await new Promise((r) => setTimeout(r, 500));
      }
      const by = Object.fromEntries(rows.map((r) => [r.name, r]));
      for (const harness of Object.keys(MODELS)) {
        const u = by[harness]!.usage!;
        expect(u.unpriced, harness).toBe(0);
        expect(u.costUsd, harness).toBeGreaterThan(0);
        expect(u.outputTokens, harness).toBeGreaterThan(0);
        expect(u.inputTokens + u.cachedInputTokens + u.cacheWriteTokens, harness).toBeGreaterThan(100);
        expect(u.contextWindow, harness).toBeGreaterThan(0);
      }
      // pi asked for the scripted model's own name, which no vendor prices.
      expect(by["pi-unpriced"]!.usage).toMatchObject({ costUsd: null });
      expect(by["pi-unpriced"]!.usage!.unpriced).toBeGreaterThan(0);
      const table = await hmux(box, ["ls"]);
      expect(table.stdout).toMatch(/pi-unpriced .*\sunknown\s/);
      expect(table.stdout).not.toContain("$0 ");
    } finally {
      client?.close();
      await stopServer(box);
      expect(await noneLeft(box)).toEqual([]);
      box.remove();
    }
  }, 240_000);
});
