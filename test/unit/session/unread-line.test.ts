import { describe, expect, it } from "vitest";
import { MAX_LINE_BYTES, unreadLineMarker } from "../../../src/core/exec/session-commands.js";
import {
  routeStdinLine as handleSessionLine,
  type StdinLineTarget as LineRuntime,
} from "../../../src/core/exec/stdin-line-router.js";

function runtime() {
  const reported: unknown[] = [];
  const commands: string[] = [];
  const rt: LineRuntime = {
    inOrder: (task) => task(),
    reportBadLine: (event) => void reported.push(event),
    commandLine: async (line) => {
      commands.push(line);
      return null;
    },
    send: async () => ({ disposition: "started" }) as never,
    answer: async () => ({ disposition: "started" }) as never,
    close: async () => undefined,
  };
  return { rt, reported, commands };
}

const MALFORMED_NULL = {
  kind: "command.result",
  id: null,
  outcome: { result: "refused", refused: { code: "MALFORMED" } },
};

describe("a stdin line over the 1 MiB bound gets MALFORMED under id null, as on the socket", () => {
  it("the reader's marker for a line it could not keep is answered MALFORMED id null, naming the size", async () => {
    const { rt, reported } = runtime();
    const answer = await handleSessionLine(rt, unreadLineMarker(3 * 1024 * 1024), "program");
    expect(answer).toMatchObject(MALFORMED_NULL);
    expect(reported).toEqual([answer]);
    expect(JSON.stringify(answer)).toContain(`${3 * 1024 * 1024} bytes`);
  });

  it("a whole line over the bound handed in directly is answered the same way", async () => {
    const { rt } = runtime();
    const answer = await handleSessionLine(rt, "x".repeat(MAX_LINE_BYTES + 1), "program");
    expect(answer).toMatchObject(MALFORMED_NULL);
  });

  it("a command line of 512 KiB is still read and goes to the control machine", async () => {
    const { rt, commands, reported } = runtime();
    const line = JSON.stringify({
      format: "metaharness.command/1",
      id: "big",
      command: "message.inject",
      text: "y".repeat(512 * 1024),
    });
    await handleSessionLine(rt, line, "program");
    expect(commands).toEqual([line]);
    expect(reported).toEqual([]);
  });
});
