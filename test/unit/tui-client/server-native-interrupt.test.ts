/**
 * A server-owned native pane's interrupt sends the bytes the server's row names: the client
 * holds no registry, so a harness the server knows only from its config (mimic here) still
 * gets its own key, not a guess from this machine's built-in harnesses.
 */
import { describe, expect, it } from "vitest";
import type { SessionSummary } from "../../../src/protocol/index.js";
import type { ServerClient } from "../../../src/server/client.js";
import { ServerNativePort } from "../../../src/tui-client/server-native-port.js";
import { FakeClock } from "../../helpers/fake-clock.js";

function row(interruptKey: string, exit?: { code: number | null; signal: number | null }): SessionSummary {
  return {
    id: "n-1",
    name: "mimic-1",
    harness: "mimic",
    lifecycle: "running",
    cwd: "/w",
    createdAt: new Date(0).toISOString(),
    pending: 0,
    harnessSessionId: null,
    native: { kind: "mimic", pid: 9, cols: 20, rows: 4, stateKnown: true, interruptKey, ...(exit ? { exit } : {}) },
  };
}

function open(summary: SessionSummary) {
  const sent: Array<Record<string, unknown>> = [];
  const client = {
    request: async (body: Record<string, unknown>) => {
      sent.push(body);
      return {};
    },
    clock: new FakeClock(),
  } as unknown as ServerClient;
  const port = new ServerNativePort(client, summary, { cols: 20, rows: 4, data: "" });
  return { port, sent };
}

describe("a server native pane's interrupt", () => {
  it("writes the row's interrupt key to the server's pty, for a harness only the server knows", async () => {
    const { port, sent } = open(row("\u0018"));
    expect(await port.interrupt()).toEqual({ result: "ok" });
    expect(sent).toEqual([{ op: "write", session: "n-1", data: "\u0018" }]);
    port.terminal.dispose();
  });

  it("is refused as too late once the server says the pane's process exited, and writes nothing", async () => {
    const { port, sent } = open(row("\u001b", { code: 0, signal: null }));
    expect(await port.interrupt()).toMatchObject({ result: "refused", refused: { code: "TOO_LATE" } });
    expect(sent).toEqual([]);
    port.terminal.dispose();
  });
});
