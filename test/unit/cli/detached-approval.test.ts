/**
 * Detached sessions wait for you: a claude session the server opened as `hmux new` does (no
 * client attached), asked for a shell call, still has it waiting after 55 s — the old budget —
 * and `hmux ls` says when hmux will deny it; at the decision budget hmux denies it with a reason
 * in plain words. The real server launcher and session runtime, over a fake claude process and
 * the Clock port: no real time passes.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import type { CliContext } from "../../../src/cli/context.js";
import { serverLauncher } from "../../../src/cli/server-launcher.js";
import { createAppContext } from "../../../src/main/context.js";
import { sessionTable } from "../../../src/server/ls-table.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { nodeFileSystem } from "../../../src/spawn/fs.js";
import { memoryOutput } from "../../helpers/hmux-in-process.js";
import { FakeClock, FakeSpawner } from "../exec/fakes.js";
import { flush } from "../session/session-fixture.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function world() {
  const root = mkdtempSync(join(tmpdir(), "hmux-detached-"));
  const stateBefore = process.env.XDG_STATE_HOME;
  cleanups.push(() => {
    if (stateBefore === undefined) delete process.env.XDG_STATE_HOME;
    else process.env.XDG_STATE_HOME = stateBefore;
    rmSync(root, { recursive: true, force: true });
  });
  const work = join(root, "work");
  mkdirSync(work);
  const env = { HOME: root, XDG_CONFIG_HOME: join(root, "cfg"), XDG_STATE_HOME: join(root, "state") };
  // The journal the server writes for every session goes under the test's own state dir.
  process.env.XDG_STATE_HOME = env.XDG_STATE_HOME;
  const clock = new FakeClock();
  clock.advance(1_700_000_000_000);
  const spawner = new FakeSpawner();
  const app = createAppContext({ env });
  const context: CliContext = {
    ...app,
    launch: { ...app.launch, binary: () => ({ ok: true, binary: { executable: "/bin/claude", prefixArgs: [] } }) },
    session: { spawner: () => spawner, clock, fs: nodeFileSystem },
    output: memoryOutput(),
    input: Readable.from([]),
  };
  const table = new SessionTable({ launcher: serverLauncher(context), clock, killWaitMs: 200 });
  return { work, clock, spawner, table };
}

/** The JSON lines hmux wrote to the fake claude. */
const written = (spawner: FakeSpawner) =>
  spawner.last.written
    .join("")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type?: string; request_id?: string; response?: Record<string, unknown> });

const feed = async (spawner: FakeSpawner, record: object) => {
  spawner.last.stdout(`${JSON.stringify(record)}\n`);
  await flush();
};

describe("an approval on a detached server session", () => {
  it("is still waiting after 55 s, ls shows its deadline, and at 10 min hmux denies it in plain words", async () => {
    const { work, clock, spawner, table } = world();
    // What `hmux new claude` asks the server for: no budget of its own.
    const opened = await table.create({ harness: "claude", cwd: work, options: { approvals: "ask" } });
    const init = written(spawner).find((l) => l.type === "control_request")!;
    await feed(spawner, { type: "control_response", response: { subtype: "success", request_id: init.request_id } });
    await feed(spawner, {
      type: "control_request",
      request_id: "ask-1",
      request: {
        subtype: "can_use_tool",
        tool_name: "Bash",
        input: { command: "touch q.txt" },
        tool_use_id: "toolu_1",
      },
    });
    const row = () => table.list().find((s) => s.id === opened.summary.id)!;
    expect(row().pending).toBe(1);

    clock.advance(55_000);
    await flush();
    expect(row().pending).toBe(1);
    expect(written(spawner).filter((l) => l.response?.request_id === "ask-1")).toEqual([]);
    expect(sessionTable([row()], clock.now())[1]).toContain("(auto-deny in 9 min)");

    clock.advance(600_000 - 55_000 - 1);
    await flush();
    expect(row().pending).toBe(1);
    clock.advance(1);
    await flush();
    expect(row().pending).toBe(0);
    const [answer] = written(spawner).filter((l) => l.response?.request_id === "ask-1");
    expect(JSON.stringify(answer)).toContain("nobody answered within 10 min, so hmux denied it; the call did not run");
    spawner.last.exit(0);
    await flush();
  });
});
