/**
 * An editor and a person on one session: `hmux acp pi` driven by the ACP SDK's client side holds
 * a gated call open in the client's permission prompt while `hmux attach` in tmux (80×24) shows
 * the same call; the person denies it with a reason there. The person's decision wins: the
 * client's request is withdrawn, its late allow is refused TOO_LATE, the call never runs, and the
 * TUI shows the denial. The test owns its hmux world and stops all it started.
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { AcpTestClient, choose } from "../live/helpers/acp-client.js";
import { HAVE_TMUX, type IsolatedSession, isolatedSession, tmuxDriver } from "./tmux-driver.js";

const SOCKET = `hmux-acp-attach-${process.pid}`;
const TARGET = "acp-attach";
const STDERR_LOG = join(tmpdir(), `hmux-acp-attach-${process.pid}.log`);
const { tmux, keys, text, waitFor, stop } = tmuxDriver(SOCKET, TARGET, STDERR_LOG);

describe.skipIf(!HAVE_TMUX)("hmux acp beside hmux attach, in tmux", () => {
  let session: IsolatedSession;
  let model: ModelServer;
  let acp: AcpTestClient | null = null;

  beforeAll(async () => {
    model = await startModelServer();
    session = isolatedSession("hmux-acp-attach-", { vars: { HMUX_SERVER_IDLE_EXIT: "never" }, privateTmp: true });
  });

  afterAll(async () => {
    await acp?.close();
    await session.close(stop);
    await model.close();
    rmSync(STDERR_LOG, { force: true });
  });

  it("the person's deny in hmux attach wins over the editor's open prompt, whose late allow is refused TOO_LATE", async () => {
    const work = join(session.home, "work");
    mkdirSync(work);
    const box = { dir: session.home, env: session.env as Record<string, string>, remove: () => undefined };
    acp = new AcpTestClient(box, ["pi", "--isolate", "--endpoint", model.url, "--name", "editor"]);
    await acp.initialize();
    const { sessionId } = await acp.newSession(work);
    let withdrawn = false;
    acp.onPermission = ({ signal }) =>
      new Promise((resolve) =>
        signal.addEventListener("abort", () => {
          withdrawn = true;
          resolve(choose("allow"));
        }),
      );
    const turn = acp.prompt(sessionId, "[[bash:touch raced.txt]]");
    await acp.until(() => acp!.asks.length === 1, 60_000, "the editor's permission request");
    const callId = acp.asks[0]!.request.toolCall.toolCallId;

    tmux(
      "new-session",
      "-d",
      "-x",
      "80",
      "-y",
      "24",
      "-s",
      TARGET,
      session.command(`attach -t editor 2>>${STDERR_LOG}`),
    );
    await waitFor(
      "the approval in hmux attach",
      (s) => s.includes("touch raced.txt") && s.includes("approval"),
      60_000,
    );
    keys("d");
    await waitFor("the deny prompt", (s) => s.includes("deny reason ›"));
    await text("not from the editor");
    keys("Enter");
    await waitFor("the denial on screen", (s) => s.includes("denied: not from the editor"), 30_000);

    expect((await turn).stopReason).toBe("end_turn");
    expect(withdrawn).toBe(true);
    await acp.until(
      () =>
        acp!
          .calls()
          .get(callId)
          ?.notes.some((n) => n.includes("TOO_LATE")) === true,
      20_000,
      "the editor told its answer came too late",
    );
    expect(acp.calls().get(callId)?.notes.join("\n")).toContain("denied by person: not from the editor");
    expect(existsSync(join(work, "raced.txt"))).toBe(false);
  }, 180_000);
});
