import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { HookServer } from "../../../src/native/hooks/hook-server.js";
import { type NativeState, nextNativeState, STARTING_STATE } from "../../../src/native/hooks/native-state.js";
import { type HookReport, parseHookReport } from "../../../src/native/hooks/report-schema.js";
import { REPORT_SCRIPT } from "../../../src/native/native-plan.js";

const ok = () => true;
const line = (o: Record<string, unknown>) => JSON.stringify({ v: 1, token: "t", pane: "p1", at: 1, ...o });

describe("hook report parsing", () => {
  it("a well-formed report parses and the token is not kept", () => {
    const parsed = parseHookReport(
      line({ event: "PermissionRequest", tool: "Bash", toolInput: { command: "touch x" } }),
      (t) => t === "t",
    );
    expect(parsed).toEqual({
      ok: true,
      report: { v: 1, pane: "p1", at: 1, event: "PermissionRequest", tool: "Bash", toolInput: { command: "touch x" } },
    });
  });

  it("a wrong token is rejected", () => {
    expect(parseHookReport(line({ event: "Stop" }), (t) => t === "other")).toEqual({ ok: false, error: "wrong token" });
  });

  it("not JSON, an unknown event, or a missing pane are rejected with the reason", () => {
    expect(parseHookReport("{nope", ok)).toMatchObject({ ok: false, error: expect.stringMatching(/^not JSON/) });
    expect(parseHookReport(line({ event: "Bogus" }), ok)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^malformed report: event/),
    });
    expect(parseHookReport(JSON.stringify({ v: 1, token: "t", event: "Stop", at: 1 }), ok)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/pane/),
    });
  });
});

function run(
  events: Array<Partial<HookReport> & { event: HookReport["event"] }>,
  from: NativeState = STARTING_STATE,
): NativeState[] {
  const states: NativeState[] = [];
  let s = from;
  for (const e of events) {
    s = nextNativeState(s, { v: 1, pane: "p", at: 0, ...e });
    states.push(s);
  }
  return states;
}

describe("native state from hooks", () => {
  it("prompt → running, tool → running, permission → needs-you, tool done → running, stop → idle", () => {
    const phases = run([
      { event: "SessionStart", sessionId: "s1" },
      { event: "UserPromptSubmit" },
      { event: "PreToolUse", tool: "Bash" },
      { event: "PermissionRequest", tool: "Bash", toolInput: { command: "touch x" } },
      { event: "PostToolUse", tool: "Bash" },
      { event: "Stop" },
    ]).map((s) => s.phase);
    expect(phases).toEqual(["idle", "running", "running", "needs-you", "running", "idle"]);
  });

  it("a permission names the tool and its input", () => {
    const [, s] = run([
      { event: "UserPromptSubmit" },
      { event: "PermissionRequest", tool: "Bash", toolInput: { command: "rm -rf x" } },
    ]);
    expect(s!.attention).toEqual({ tool: "Bash", input: { command: "rm -rf x" }, reason: "permission requested" });
  });

  it("a permission notification alone raises needs-you with the last requested tool", () => {
    const states = run([
      { event: "PreToolUse", tool: "Edit", toolInput: { file: "a" } },
      {
        event: "Notification",
        notificationType: "permission_prompt",
        message: "Claude needs your permission to use Edit",
      },
    ]);
    expect(states[1]!.phase).toBe("needs-you");
    expect(states[1]!.attention).toEqual({
      tool: "Edit",
      input: { file: "a" },
      reason: "Claude needs your permission to use Edit",
    });
  });

  it("an idle notification means idle; an unknown notification changes nothing", () => {
    const states = run([
      { event: "UserPromptSubmit" },
      { event: "Notification", notificationType: "something_new" },
      { event: "Notification", notificationType: "idle_prompt" },
    ]);
    expect(states.map((s) => s.phase)).toEqual(["running", "running", "idle"]);
  });

  it("the session id is remembered from the first report that carries it", () => {
    const states = run([{ event: "SessionStart", sessionId: "abc" }, { event: "Stop" }]);
    expect(states[1]!.sessionId).toBe("abc");
  });
});

describe("hook server and the shipped report script", () => {
  let server: HookServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  function hook(
    env: Record<string, string>,
    event: string,
    stdin: string,
  ): Promise<{ code: number | null; stdout: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [REPORT_SCRIPT, event], {
        env: { PATH: process.env.PATH ?? "", ...env },
        stdio: ["pipe", "pipe", "inherit"],
      });
      let stdout = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      child.on("close", (code) => resolve({ code, stdout }));
      child.stdin.end(stdin);
    });
  }

  it("a hook run reaches its pane's listener with tool, input and session", async () => {
    server = await HookServer.start();
    const got: HookReport[] = [];
    server.listen("pane-a", (r) => got.push(r));
    const result = await hook(
      server.envFor("pane-a"),
      "PermissionRequest",
      JSON.stringify({
        session_id: "sess-1",
        hook_event_name: "PermissionRequest",
        tool_name: "Bash",
        tool_input: { command: "touch made.txt" },
      }),
    );
    expect(result).toEqual({ code: 0, stdout: "" });
    await expect.poll(() => got.length).toBe(1);
    expect(got[0]).toMatchObject({
      event: "PermissionRequest",
      pane: "pane-a",
      sessionId: "sess-1",
      tool: "Bash",
      toolInput: { command: "touch made.txt" },
    });
  });

  it("a report with the wrong token is rejected and reaches no pane", async () => {
    const rejected: string[] = [];
    server = await HookServer.start({ onReject: (e) => rejected.push(e) });
    const got: HookReport[] = [];
    server.listen("pane-a", (r) => got.push(r));
    const result = await hook({ ...server.envFor("pane-a"), HMUX_HOOK_TOKEN: "forged" }, "Stop", "{}");
    expect(result.code).toBe(0);
    await expect.poll(() => rejected).toEqual(["wrong token"]);
    expect(got).toEqual([]);
  });

  it("without hmux's env the hook does nothing and still exits 0 silently", async () => {
    expect(await hook({}, "Stop", "{}")).toEqual({ code: 0, stdout: "" });
  });

  it("the socket lives in a directory only its owner can enter", async () => {
    const { statSync } = await import("node:fs");
    const { dirname } = await import("node:path");
    server = await HookServer.start();
    expect(statSync(dirname(server.socketPath)).mode & 0o777).toBe(0o700);
  });
});
