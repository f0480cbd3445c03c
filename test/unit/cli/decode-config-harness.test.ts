/**
 * `hmux decode` decodes a harness the config registers as it decodes a built-in one: a plugin
 * module's recording through the module's decoder, an ACP agent's JSON-RPC stdout through the ACP
 * kind's, both from the registry loadRegistry builds; a name no registry knows is refused.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIMIC_PLUGIN } from "../../support/fake-harness/adapter.js";
import { Sandbox } from "./cli-harness.js";

const CLAUDE_OK = join(import.meta.dirname, "..", "decode", "captures", "claude-2.1.332", "text.ndjson");

let box: Sandbox;
beforeAll(() => {
  box = new Sandbox();
  mkdirSync(join(box.home, ".config", "hmux"), { recursive: true });
  writeFileSync(
    join(box.home, ".config", "hmux", "config.json"),
    JSON.stringify({
      version: 1,
      harnesses: { mimic: { module: MIMIC_PLUGIN }, helper: { acp: { command: ["helper-agent", "--acp"] } } },
    }),
  );
});
afterAll(() => box.cleanup());

const update = (u: object) => ({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s", update: u } });

describe("hmux decode with a config-registered harness", () => {
  it("an ACP agent's recorded stdout decodes through the ACP kind, ending clean once the stop reason came", async () => {
    const recording = box.file(
      "helper.ndjson",
      [
        { jsonrpc: "2.0", id: 0, result: { protocolVersion: 1 } },
        update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hello " } }),
        update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "there" } }),
        { jsonrpc: "2.0", id: 2, result: { stopReason: "end_turn" } },
      ]
        .map((l) => JSON.stringify(l))
        .join("\n"),
    );
    const r = await box.run(["decode", "helper", recording, "--exit-code", "0"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines).toContainEqual(
      expect.objectContaining({ kind: "message", role: "assistant", text: "hello there" }),
    );
    expect(r.lines.at(-1)).toMatchObject({ kind: "done" });
  }, 30_000);

  it("a plugin module's recording decodes through the module's own decoder", async () => {
    const r = await box.run(["decode", "mimic", CLAUDE_OK, "--exit-code", "0"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines).toContainEqual(expect.objectContaining({ kind: "message", role: "assistant" }));
    expect(r.lines.at(-1)).toMatchObject({ kind: "done" });
  }, 30_000);

  it("a name neither the built-ins nor the config know is refused, naming the config's harnesses too", async () => {
    const r = await box.run(["decode", "nosuch", CLAUDE_OK]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nosuch/);
    expect(r.stderr).toMatch(/helper/);
  }, 30_000);
});
