/**
 * A native pane in a folder that is not there is refused, as `create` refuses it, by the same
 * check: launch-refused naming the folder, and no row is left behind to start and crash.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Launcher, SessionTable } from "../../../src/server/session-table.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { scriptedLauncher } from "./fixture.js";
import { launchNativeWith } from "./native-fixture.js";
import { type Cleanups, serveFresh } from "./serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const SHELL_ENV = { PATH: process.env.PATH, HOME: tmpdir(), SHELL: "/bin/sh", ENV: "" };

describe("create-native with a missing cwd", () => {
  it("is refused with launch-refused naming the folder, and lists no session", async () => {
    const scripted = scriptedLauncher();
    const launcher: Launcher = (s) => (s.native ? launchNativeWith(SHELL_ENV)(s) : scripted.launcher(s));
    const table = new SessionTable({ clock: new FakeClock(), launcher, killWaitMs: 1_000 });
    const { client } = await serveFresh(table, cleanups, { prefix: "hmux-native-cwd-" });
    const c = await client();
    const missing = join(tmpdir(), "hmux-no-such-folder-for-create-native");
    await expect(
      c.request({ op: "create-native", kind: "shell", cwd: missing, cols: 80, rows: 24 }),
    ).rejects.toMatchObject({ code: "launch-refused", message: `--cwd ${missing} is not a directory` });
    expect(await c.list()).toEqual([]);
  });
});
