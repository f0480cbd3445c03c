/**
 * claude's PreToolUse hook callback, live (claude 2.1.197, scripted model): hmux sees every call
 * before claude's own permission check, so a frame is enforced even on calls claude runs without
 * asking (a Read inside the working directory), and a call with no frame against it goes on
 * through claude's own flow untouched.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { type Ev, type LiveSession, withLiveSession } from "./session-live.js";

const SECRET = "hook-probe-file-content-7f3a";

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server.close();
});

/** A claude session whose working directory holds a file with SECRET in it. */
const withSession = (body: (s: LiveSession, work: string) => Promise<void>) =>
  withLiveSession("claude", server.url, [], body, (work) => writeFileSync(join(work, "notes.txt"), `${SECRET}\n`));

/** Whether any request body the model received carries the text (compared as it is encoded in JSON). */
const modelSaw = (text: string) =>
  server.requests().some((r) => JSON.stringify(r.body ?? "").includes(JSON.stringify(text).slice(1, -1)));
const isReadResult = (e: Ev) => e.kind === "tool" && e.phase === "result";

describe("claude: the PreToolUse hook callback puts every call before hmux, live", () => {
  it("a frame admitting only shell denies a Read claude would run without asking, and the model is told why", async () => {
    await withSession(async (s, work) => {
      s.command("f-1", "frame.set", { frame: { admits: ["shell"], text: "this step may only run shell commands" } });
      expect(await s.next((e) => e.kind === "command.result" && e.id === "f-1")).toMatchObject({
        outcome: { result: "ok" },
      });
      s.send("in-1", `[[read:${join(work, "notes.txt")}]]`);
      const disposition = await s.next((e) => e.kind === "approval-disposition");
      expect(disposition).toMatchObject({ decider: "frame", status: "sent", decision: { decision: "deny" } });
      const reason = String((disposition.decision as { reason: string }).reason);
      expect(reason).toContain('["shell"]');
      const result = await s.next(isReadResult);
      expect(result).toMatchObject({ isError: true, callId: disposition.callId });
      await s.next((e) => e.kind === "done");
      expect(modelSaw(reason)).toBe(true);
      expect(modelSaw(SECRET)).toBe(false);
    });
  });

  it("with no frame the same Read is not asked about and runs: the hook answered continue", async () => {
    await withSession(async (s, work) => {
      s.send("in-1", `[[read:${join(work, "notes.txt")}]]`);
      const result = await s.next(isReadResult);
      expect(result).toMatchObject({ isError: false });
      await s.next((e) => e.kind === "done");
      expect(s.of("approval-request")).toEqual([]);
      expect(modelSaw(SECRET)).toBe(true);
    });
  });

  it("a call claude asks about still arrives once as a request after the hook let it go on", async () => {
    await withSession(async (s) => {
      s.send("in-1", "[[bash:echo hook-then-ask > asked.txt]]");
      const ask = await s.next((e) => e.kind === "approval-request");
      s.command("d-1", "tool.decide", {
        call_id: (ask.call as { callId: string }).callId,
        decision: { decision: "allow" },
      });
      expect(await s.next((e) => e.kind === "command.result" && e.id === "d-1")).toMatchObject({
        outcome: { result: "ok" },
      });
      expect(await s.next(isReadResult)).toMatchObject({ isError: false });
      await s.next((e) => e.kind === "done");
      expect(s.of("approval-request")).toHaveLength(1);
    });
  });
});
