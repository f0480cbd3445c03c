import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseScript } from "../../../src/scripted-model/script-schema.js";
import { type ModelServer, startModelServer } from "../../../src/scripted-model/server.js";
import { parseSse, postJson, streamOf } from "./sse-client.js";

let server: ModelServer | undefined;
const logs: string[] = [];
async function start(script?: unknown): Promise<ModelServer> {
  logs.length = 0;
  server = await startModelServer({ ...(script ? { script: parseScript(script) } : {}), log: (l) => logs.push(l) });
  return server;
}
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const BASH = { name: "Bash", input_schema: { properties: { command: {} } } };
const anthropicBody = (text: string, extra: Record<string, unknown> = {}) => ({
  model: "m",
  stream: true,
  messages: [{ role: "user", content: text }],
  tools: [BASH],
  ...extra,
});

describe("scripted model server", () => {
  it("listens on 127.0.0.1 only", async () => {
    const s = await start();
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("anthropic: a tool call streams as tool_use with input_json_delta and stop_reason tool_use", async () => {
    const s = await start();
    const events = await streamOf(`${s.url}/v1/messages?beta=true`, anthropicBody("[[bash:echo hi]]"));
    const types = events.map((e) => e.event);
    expect(types[0]).toBe("message_start");
    expect(types.at(-1)).toBe("message_stop");
    const json = events
      .filter((e) => (e.data as any).delta?.type === "input_json_delta")
      .map((e) => (e.data as any).delta.partial_json)
      .join("");
    expect(JSON.parse(json)).toEqual({ command: "echo hi" });
    expect(events.find((e) => e.event === "message_delta")!.data).toMatchObject({ delta: { stop_reason: "tool_use" } });
  });

  it("anthropic: role:system entries after the user turn do not hide the user's text", async () => {
    const s = await start();
    await streamOf(
      `${s.url}/v1/messages`,
      anthropicBody("", {
        messages: [
          { role: "user", content: [{ type: "text", text: "[[say:seen]]" }] },
          { role: "system", content: "reminder" },
        ],
      }),
    );
    expect(s.requests()[0]).toMatchObject({ rule: "markers", lastUserText: "[[say:seen]]" });
  });

  it("anthropic: the reply after a tool result quotes it and the check confirms the call id", async () => {
    const s = await start();
    const first = await streamOf(`${s.url}/v1/messages`, anthropicBody("[[bash:echo hi]]"));
    const id = (first.find((e) => (e.data as any).content_block?.type === "tool_use")!.data as any).content_block
      .id as string;
    const messages = [
      { role: "user", content: "[[bash:echo hi]]" },
      { role: "assistant", content: [{ type: "tool_use", id, name: "Bash", input: { command: "echo hi" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: "hi" }] },
    ];
    const second = await streamOf(`${s.url}/v1/messages`, anthropicBody("", { messages }));
    const text = second
      .filter((e) => (e.data as any).delta?.type === "text_delta")
      .map((e) => (e.data as any).delta.text)
      .join("");
    expect(text).toBe("Tool result received: hi");
    expect(s.requests()[1]!.checks).toEqual([expect.objectContaining({ name: "tool-result", ok: true })]);
  });

  it("anthropic: a non-streaming request gets one message with all content blocks", async () => {
    const s = await start();
    const res = await postJson(`${s.url}/v1/messages`, anthropicBody("[[think:hmm]] [[say:hello]]", { stream: false }));
    expect(await res.json()).toMatchObject({
      type: "message",
      content: [
        { type: "thinking", thinking: "hmm" },
        { type: "text", text: "hello" },
      ],
      stop_reason: "end_turn",
    });
  });

  it("responses: a function call arrives as output_item.done and response.completed carries id and usage", async () => {
    const s = await start();
    const events = await streamOf(`${s.url}/v1/responses`, {
      model: "m",
      stream: true,
      input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "[[bash:ls]] [[usage:30/7]]" }] }],
      tools: [{ type: "function", name: "exec_command", parameters: { properties: { cmd: {} } } }],
    });
    const done = events.filter((e) => e.event === "response.output_item.done").map((e) => (e.data as any).item);
    expect(done.at(-1)).toMatchObject({
      type: "function_call",
      name: "exec_command",
      arguments: JSON.stringify({ cmd: "ls" }),
    });
    const completed = events.at(-1)!;
    expect(completed.event).toBe("response.completed");
    expect((completed.data as any).response).toMatchObject({
      id: expect.any(String),
      status: "completed",
      usage: { input_tokens: 30, output_tokens: 7 },
    });
  });

  it("chat: tool_calls stream as deltas, then a usage chunk, then [DONE]", async () => {
    const s = await start();
    const events = await streamOf(`${s.url}/v1/chat/completions`, {
      model: "m",
      stream: true,
      messages: [
        { role: "system", content: "sys" },
        { role: "user", content: [{ type: "text", text: "[[bash:ls]]" }] },
      ],
      tools: [{ type: "function", function: { name: "bash", parameters: { properties: { command: {} } } } }],
    });
    expect(events.at(-1)!.data).toBe("[DONE]");
    // Unscripted usage is sized from the request and the reply (usage-estimate.ts): ~4 characters a token.
    const usage = (events.at(-2)!.data as any).usage;
    expect(usage.prompt_tokens).toBeGreaterThan(20);
    expect(usage.completion_tokens).toBeGreaterThan(0);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    const args = events
      .flatMap((e) => (e.data as any).choices?.[0]?.delta?.tool_calls ?? [])
      .map((c: any) => c.function.arguments)
      .join("");
    expect(JSON.parse(args)).toEqual({ command: "ls" });
    expect(events.some((e) => (e.data as any).choices?.[0]?.finish_reason === "tool_calls")).toBe(true);
  });

  it("429 answers with retry-after and the provider's error body", async () => {
    const s = await start();
    const res = await postJson(`${s.url}/v1/messages`, anthropicBody("[[fail:429]] [[retry-after:2]]"));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(await res.json()).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
  });

  it.each([
    [401, "authentication_error"],
    [403, "permission_error"],
    [500, "api_error"],
    [529, "overloaded_error"],
  ])("status %i answers with error type %s", async (status, type) => {
    const s = await start();
    const res = await postJson(`${s.url}/v1/messages`, anthropicBody(`[[fail:${status}]]`));
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error: { type } });
  });

  it("drop: the first event arrives, then the connection is cut", async () => {
    const s = await start();
    const res = await postJson(`${s.url}/v1/messages`, anthropicBody("[[fail:drop]]"));
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it("stall: headers and the first event, then silence with the socket open", async () => {
    const s = await start();
    const res = await postJson(`${s.url}/v1/responses`, { model: "m", stream: true, input: "[[fail:stall]]" });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(parseSse(first)[0]!.event).toBe("response.created");
    const next = await Promise.race([
      reader.read().then(() => "data"),
      new Promise((r) => setTimeout(() => r("silence"), 300)),
    ]);
    expect(next).toBe("silence");
    await reader.cancel();
  });

  it("hang: no response at all, and close() still ends promptly", async () => {
    const s = await start();
    const got = await Promise.race([
      postJson(`${s.url}/v1/chat/completions`, {
        model: "m",
        stream: true,
        messages: [{ role: "user", content: "[[fail:hang]]" }],
      }).then(
        () => "response",
        () => "error",
      ),
      new Promise((r) => setTimeout(() => r("nothing"), 300)),
    ]);
    expect(got).toBe("nothing");
    expect(s.requests()[0]!.outcome).toBe("hang");
  });

  it("failTimes: the retry after the scripted failures succeeds", async () => {
    const s = await start({
      rules: [{ name: "flaky", replies: [{ text: "ok", failure: { kind: "status", status: 529 }, failTimes: 1 }] }],
    });
    expect((await postJson(`${s.url}/v1/messages`, anthropicBody("x"))).status).toBe(529);
    expect((await postJson(`${s.url}/v1/messages`, anthropicBody("x"))).status).toBe(200);
  });

  it("an unknown route answers 404 naming the route, and is logged and recorded", async () => {
    const s = await start();
    const res = await fetch(`${s.url}/v2/engines`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(await res.json())).toContain("GET /v2/engines");
    expect(logs.join("\n")).toContain("GET /v2/engines");
    expect(s.requests()[0]).toMatchObject({ outcome: "not-found", path: "/v2/engines" });
  });

  it("a request shape the server does not know gets a 400 whose message names the shape", async () => {
    const s = await start();
    const res = await postJson(`${s.url}/v1/chat/completions`, { model: "m", prompt: "legacy completions shape" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toBe(
      "hmux model: unknown chat request shape: body has no messages[] array",
    );
    expect(s.requests()[0]).toMatchObject({ outcome: "shape-error", protocol: "chat" });
  });

  it("HEAD / preconnect, count_tokens and GET /v1/models are answered", async () => {
    const s = await start();
    expect((await fetch(`${s.url}/`, { method: "HEAD" })).status).toBe(200);
    expect(await (await postJson(`${s.url}/v1/messages/count_tokens`, anthropicBody("hello"))).json()).toEqual({
      input_tokens: expect.any(Number),
    });
    expect(await (await fetch(`${s.url}/v1/models`)).json()).toMatchObject({ data: [{ id: "hmux-model" }] });
  });

  it("the request log is served only with the server's token, and never shows a credential", async () => {
    const s = await start();
    await postJson(`${s.url}/v1/messages`, anthropicBody("x"), {
      "x-api-key": "sk-ant-secret-1",
      authorization: "Bearer sk-secret-2",
    });
    expect((await fetch(`${s.url}/_hmux/requests`)).status).toBe(401);
    expect((await fetch(`${s.url}/_hmux/requests`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    expect((await fetch(`${s.url}/_hmux/requests`, { method: "DELETE" })).status).toBe(401);
    expect(s.requests()).toHaveLength(1);
    const res = await fetch(`${s.url}/_hmux/requests`, { headers: { authorization: `Bearer ${s.token}` } });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain("secret");
    expect(JSON.parse(text)[0].headers).toMatchObject({
      "x-api-key": "[redacted]",
      authorization: "Bearer [redacted]",
    });
  });

  it("GET /_hmux/requests returns the log with rule, reply and headers; DELETE clears it", async () => {
    const s = await start();
    await streamOf(`${s.url}/v1/messages`, anthropicBody("[[say:hi]]"));
    await postJson(`${s.url}/v1/messages`, anthropicBody("x"), { "x-api-key": "dummy" });
    const auth = { headers: { authorization: `Bearer ${s.token}` } };
    const log = (await (await fetch(`${s.url}/_hmux/requests`, auth)).json()) as any[];
    expect(log.map((r) => [r.method, r.path, r.rule, r.replyIndex])).toEqual([
      ["POST", "/v1/messages", "markers", 0],
      ["POST", "/v1/messages", "demo", 0],
    ]);
    expect(log[1].headers["x-api-key"]).toBe("[redacted]");
    const slim = (await (await fetch(`${s.url}/_hmux/requests?bodies=0`, auth)).json()) as any[];
    expect(slim.map((r) => "body" in r)).toEqual([false, false]);
    await fetch(`${s.url}/_hmux/requests`, { method: "DELETE", ...auth });
    expect(s.requests()).toEqual([]);
  });

  it("pacing: a slow stream spaces its chunks by the delay", async () => {
    const s = await start({ rules: [{ name: "slow", replies: [{ text: ["a", "b", "c"], delayMs: 80 }] }] });
    const started = Date.now();
    await streamOf(`${s.url}/v1/messages`, anthropicBody("x"));
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 80);
  });

  it("close() ends the server even with a client connected", async () => {
    const s = await start();
    const socket = connect(s.port, "127.0.0.1");
    await new Promise((r) => socket.once("connect", r));
    await s.close();
    await new Promise((r) => socket.once("close", r));
  });
});
