/** The session transport tells the machine a gone harness's last stderr line: its reason when it refuses to start. */
import { describe, expect, it } from "vitest";
import type { ControlInput } from "../../../src/core/control/machine-types.js";
import { ProcessTransport } from "../../../src/core/exec/process-transport.js";
import type { SessionBridge } from "../../../src/core/exec/session-bridge.js";
import { FakeClock, FakeSpawner } from "./fakes.js";

/** A bridge that asks nothing and reads nothing: only the process's own life matters here. */
const silentBridge = {
  start: () => ({ lines: [], readyAtOnce: false }),
  record: () => [],
  text: () => [],
  end: () => [],
} as unknown as SessionBridge;

describe("a harness process that exits", () => {
  it("is reported gone with the last non-blank line it wrote on stderr", async () => {
    const spawner = new FakeSpawner();
    const inputs: ControlInput[] = [];
    const transport = new ProcessTransport(
      { spawn: { argv: ["pi"], cwd: "/", env: {}, stdin: "pipe" }, bridge: silentBridge },
      { spawner, clock: new FakeClock() },
    );
    let gone!: () => void;
    const reported = new Promise<void>((r) => (gone = r));
    transport.start({
      input: (i) => {
        inputs.push(i);
        if (i.type === "harness-gone") gone();
      },
      emit: () => undefined,
      activity: () => undefined,
    });
    spawner.last.stderr("loading extensions\nNo session found matching 'abc'\n\n");
    spawner.last.exit(1);
    await reported;
    expect(inputs.at(-1)).toEqual({
      type: "harness-gone",
      exitCode: 1,
      signal: null,
      lastStderr: "No session found matching 'abc'",
    });
  });
});
