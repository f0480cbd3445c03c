/**
 * Probe of codex app-server's turn/steer through hmux's codex bridge (no control machine):
 * text steered into a running turn reaches the model inside that same turn. Evidence for the
 * codex-app-server row's `steer` command, and for the bridge's way of telling the model a
 * deny's reason (decline carries no text, so the reason follows as a steer).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CodexSessionBridge } from "../../src/adapters/codex/session-bridge.js";
import type { JsonObject } from "../../src/core/decoder.js";
import { LineSplitter } from "../../src/core/line-splitter.js";
import { layOutSpawn } from "../../src/files/spawn-files.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { createPipeSpawner } from "../../src/spawn/pipes.js";
import { sessionPlanner } from "../helpers/builtin-harnesses.js";

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server.close();
});

const ROOT = join(import.meta.dirname, "..", "..");

describe("codex: turn/steer through hmux's bridge (probe for the capability table)", () => {
  it("a steer written while a turn runs reaches the model within that turn", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hmux-codex-steer-"));
    try {
      const plan = sessionPlanner("codex")({
        sessionId: "probe",
        cwd: dir,
        stateDir: dir,
        isolate: true,
        endpoint: server.url,
        env: { PATH: `${join(ROOT, "node_modules", ".bin")}:${process.env.PATH}`, LANG: "C.UTF-8" },
      });
      layOutSpawn(plan);
      const bridge = new CodexSessionBridge({ cwd: dir });
      const child = createPipeSpawner().spawn(plan.spawn);
      const stderr: string[] = [];
      child.onStderr((chunk) => stderr.push(Buffer.from(chunk).toString("utf8")));
      const lines = new LineSplitter();
      const write = (ls: readonly string[] | null) => void child.write((ls ?? []).map((l) => `${l}\n`).join(""));
      let steered = false;
      let turnEnds = 0;
      const done = new Promise<void>((resolve, reject) => {
        // codex quitting before the turn ends (a refused start) fails the probe with its words, not by a timeout.
        void child.exited.then((status) =>
          reject(new Error(`codex exited before its turn ended (${JSON.stringify(status)}): ${stderr.join("")}`)),
        );
        child.onStdout((chunk) => {
          for (const item of lines.push(chunk)) {
            if (item.kind !== "line" || !item.text.startsWith("{")) continue;
            const record = JSON.parse(item.text) as JsonObject;
            for (const out of bridge.record(record)) {
              if (out.kind === "write") write(out.lines);
              if (out.kind === "ready") write(bridge.encodeSend("[[slow:2500]] [[say:slow first answer]]", false));
              if (out.kind === "turn-end" && ++turnEnds === 1) resolve();
            }
            // Once codex has started the turn (and is waiting on the slow model), steer it.
            if (record.method === "turn/started" && !steered) {
              steered = true;
              write(bridge.encodeSteer("steered-text-hmux-probe [[say:saw the steer]]"));
            }
          }
        });
      });
      write(bridge.start().lines);
      await done;
      child.endStdin();
      child.kill("SIGTERM");
      await child.exited;
      expect(steered).toBe(true);
      // The steer reached the model as input of the same turn (one turn ended, the model was asked with it).
      expect(turnEnds).toBe(1);
      expect(server.requests().some((q) => JSON.stringify(q.body ?? "").includes("steered-text-hmux-probe"))).toBe(
        true,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
