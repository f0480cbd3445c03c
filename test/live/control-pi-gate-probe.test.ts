/**
 * Probe of hmux's pi gate extension itself (bridge level, no control machine): what its
 * input-dialog answer can carry. This is the evidence for the pi-extension row's `replace`
 * and `denyReason` facets: the gate mutates event.input (pi runs the new input) and blocks
 * with hmux's own reason text (the model reads it as the tool result).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDecoder } from "../../src/adapters/pi/decode.js";
import { PiSessionBridge } from "../../src/adapters/pi/session-bridge.js";
import type { Decision } from "../../src/core/control/types.js";
import type { JsonObject } from "../../src/core/decoder.js";
import type { HarnessEvent } from "../../src/core/events.js";
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

/** One pi turn whose single gated call is answered with `decision`; returns the tool result event. */
async function gatedCall(
  decision: Exclude<Decision, { decision: "abstain" }>,
  command: string,
): Promise<Extract<HarnessEvent, { kind: "tool"; phase: "result" }>> {
  const dir = mkdtempSync(join(tmpdir(), "hmux-pi-gate-"));
  try {
    const plan = sessionPlanner("pi")({
      sessionId: "probe",
      cwd: dir,
      stateDir: dir,
      isolate: true,
      endpoint: server.url,
      env: { PATH: `${join(ROOT, "node_modules", ".bin")}:${process.env.PATH}`, LANG: "C.UTF-8" },
    });
    layOutSpawn(plan);
    const bridge = new PiSessionBridge(createDecoder());
    const child = createPipeSpawner().spawn(plan.spawn);
    const lines = new LineSplitter();
    const write = (ls: readonly string[]) => void child.write(ls.map((l) => `${l}\n`).join(""));
    const result = new Promise<Extract<HarnessEvent, { kind: "tool"; phase: "result" }>>((resolve) => {
      child.onStdout((chunk) => {
        for (const item of lines.push(chunk)) {
          if (item.kind !== "line" || !item.text.startsWith("{")) continue;
          for (const out of bridge.record(JSON.parse(item.text) as JsonObject)) {
            if (out.kind === "ready") write(bridge.encodeSend(`[[bash:${command}]]`, false));
            if (out.kind === "write") write(out.lines);
            if (out.kind === "approval") write(bridge.encodeDecision(out.ask.callId, out.ask.ref ?? null, decision));
            if (out.kind === "event" && out.event.kind === "tool" && out.event.phase === "result") resolve(out.event);
          }
        }
      });
    });
    write(bridge.start().lines);
    const event = await result;
    child.endStdin();
    child.kill("SIGTERM");
    await child.exited;
    return event;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("pi: what hmux's gate extension carries (probe for the capability table)", () => {
  it("a replace answer runs the replacement input instead of the model's", async () => {
    const r = await gatedCall(
      { decision: "replace", input: { command: "echo gate-ran-the-replacement" } },
      "echo the-original-ran",
    );
    expect(r.output).toContain("gate-ran-the-replacement");
    expect(r.output).not.toContain("the-original-ran");
  });

  it("a deny answer blocks the call and its reason is what the model reads", async () => {
    const r = await gatedCall({ decision: "deny", reason: "hmux-reason-the-model-must-read" }, "echo should-not-run");
    expect(r.isError).toBe(true);
    expect(r.output).toContain("hmux-reason-the-model-must-read");
    expect(
      server.requests().some((q) => JSON.stringify(q.body ?? "").includes("hmux-reason-the-model-must-read")),
    ).toBe(true);
  });
});
