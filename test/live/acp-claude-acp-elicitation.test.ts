/**
 * claude-acp's own question tool through hmux (live, the scripted model): hmux advertises form
 * elicitation, so claude-agent-acp offers the model AskUserQuestion and asks it as
 * elicitation/create; hmux asks it as a question, and the person's answer reaches the model as
 * the tool's result.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { unreadRequests } from "./helpers/isolated-cli.js";
import { type Ev, hmux, noneLeft, sandbox, withLiveSession } from "./session-live.js";

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  expect(unreadRequests(server.requests()), "requests the scripted model could not read").toEqual([]);
  await server.close();
});

it("claude-acp's AskUserQuestion is asked as an hmux question, and the answer reaches the model as its result", async () => {
  await withLiveSession("claude-acp", server.url, [], async (s) => {
    s.send("in-1", "[[ask-tool:Which colour?|red|blue]]");
    expect(await s.next((e) => e.kind === "question", 60_000)).toMatchObject({
      question: "Which colour?",
      options: ["red", "blue"],
    });
    expect(await s.next((e) => e.kind === "done")).toMatchObject({ cause: "awaiting-input" });
    const at = s.events.length;
    s.line({ op: "answer", id: "a-1", text: "blue" });
    expect(await s.next((e) => e.kind === "done", 60_000, at)).toMatchObject({ cause: "clean" });
    // The model's next request carries the tool's result, claude-acp's words for the person's choice.
    const bodies = server.requests().map((q) => JSON.stringify(q.body ?? ""));
    expect(bodies.some((body) => body.includes('\\"Which colour?\\"=\\"blue\\"'))).toBe(true);
  });
});

it("hmux run: claude-acp's AskUserQuestion ends the run awaiting input with the question, leaving nothing running", async () => {
  const box = sandbox();
  try {
    const r = await hmux(box, [
      "run",
      "claude-acp",
      "[[ask-tool:Which colour?|red|blue]]",
      "--json",
      "--isolate",
      "--endpoint",
      server.url,
    ]);
    // Exit 0, as for any run ending on a question (README: exit codes).
    expect(r.code, r.stderr).toBe(0);
    const events = r.stdout
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Ev);
    expect(events).toContainEqual(expect.objectContaining({ kind: "question", question: "Which colour?" }));
    expect(events.at(-1)).toMatchObject({ kind: "done", cause: "awaiting-input" });
    expect(await noneLeft(box)).toEqual([]);
  } finally {
    box.remove();
  }
});
