/**
 * What a pinned ACP agent's folder adds to the ACP kind: several endpoint files and env values
 * with placeholders (pi-acp, claude-acp), and pi-acp's reading of the real call behind its gate's
 * confirm. The agents themselves are driven in test/live/acp-*.test.ts.
 */
import { describe, expect, it } from "vitest";
import { acpEnvironment } from "../../../src/adapters/acp-kind/endpoint.js";
import { gatedCall } from "../../../src/adapters/pi-acp/adapter.js";
import { CONFIRM_GATE_TITLE } from "../../../src/adapters/pi-acp/extension/hmux-confirm-gate.js";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { isolatedDirs } from "../../../src/core/argv/isolation.js";

const url = new URL("http://127.0.0.1:4321");

describe("a pinned ACP agent's endpoint", () => {
  it("writes every file it names inside the isolated HOME, placeholders filled", () => {
    const pi = builtinRegistry.get("pi-acp").descriptor;
    const render = acpEnvironment(() => pi, {
      defaultModel: "m1",
      configFiles: [
        { path: ".pi/agent/models.json", template: '{"baseUrl":"{{openaiBaseUrl}}","id":"{{model}}"}' },
        { path: ".pi/agent/settings.json", template: '{"defaultModel":"{{model}}"}' },
      ],
    });
    const out = render({ self: pi, peers: [], endpoint: url, keySources: [], isolated: isolatedDirs("/s", []) });
    expect(out.files).toEqual([
      {
        path: "/s/home/.pi/agent/models.json",
        content: '{"baseUrl":"http://127.0.0.1:4321/v1","id":"m1"}',
        mode: 0o600,
      },
      { path: "/s/home/.pi/agent/settings.json", content: '{"defaultModel":"m1"}', mode: 0o600 },
    ]);
  });

  it("fills an env value's placeholders as they are: claude-acp's Anthropic base URL has no /v1", () => {
    const claude = builtinRegistry.get("claude-acp").descriptor;
    const render = acpEnvironment(() => claude, { env: { ANTHROPIC_BASE_URL: "{{baseUrl}}", FIXED: "1" } });
    expect(render({ self: claude, peers: [], endpoint: url, keySources: [] }).env).toEqual({
      ANTHROPIC_BASE_URL: "http://127.0.0.1:4321",
      FIXED: "1",
    });
  });
});

describe("pi-acp's permission request", () => {
  const confirm = (message: string) => ({
    toolCallId: "pi-ui-7",
    title: CONFIRM_GATE_TITLE,
    kind: "other" as const,
    rawInput: { method: "confirm", title: CONFIRM_GATE_TITLE, message },
  });

  it("is about the call the gate's confirm names: its id, its tool's kind, its input and path", () => {
    const call = gatedCall(confirm(JSON.stringify({ callId: "call_1", tool: "read", input: { path: "a.txt" } })));
    expect(call).toEqual({
      toolCallId: "call_1",
      title: "read",
      kind: "read",
      rawInput: { path: "a.txt" },
      locations: [{ path: "a.txt" }],
    });
    expect(gatedCall(confirm(JSON.stringify({ callId: "c2", tool: "bash", input: { command: "ls" } })))).toMatchObject({
      kind: "execute",
      rawInput: { command: "ls" },
    });
  });

  it("stays pi-acp's own where the confirm is not the gate's or its message is not a call", () => {
    const other = { ...confirm("{}"), rawInput: { method: "confirm", title: "Trust project?", message: "x" } };
    expect(gatedCall(other)).toBe(other);
    const garbled = confirm("not json");
    expect(gatedCall(garbled)).toBe(garbled);
  });
});
