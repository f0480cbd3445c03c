/**
 * Ctrl-C while `hmux demo` is still starting (before its TUI draws) stops what it had started:
 * the scripted model's daemon and its run folder under $XDG_RUNTIME_DIR/hmux/demo. A real
 * Ctrl-C typed into a tmux terminal, sent as soon as the run folder exists; the daemon is found
 * in /proc by a marker variable only this test's processes carry.
 */
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../helpers/until.js";
import { HAVE_TMUX, TmuxScreen } from "./native-helpers.js";
import { type IsolatedSession, isolatedSession } from "./tmux-driver.js";

const MARKER = `HMUX_TEST_MARKER=${randomUUID()}`;

/** Pids of model daemons (`hmux model serve`) started with this test's marker in their environment. */
function markedModelDaemons(): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = readFileSync(`/proc/${name}/environ`, "utf8").split("\0");
      const argv = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0");
      if (environ.includes(MARKER) && argv.includes("model") && argv.includes("serve")) out.push(Number(name));
    } catch {
      // gone, or not ours to read
    }
  }
  return out;
}

describe.skipIf(!HAVE_TMUX)("Ctrl-C during hmux demo start-up", () => {
  const screen = new TmuxScreen(`hmux-demo-int-${process.pid}`, "demo");
  let session: IsolatedSession;
  beforeAll(() => {
    const [name, value] = MARKER.split("=") as [string, string];
    session = isolatedSession("hmux-demo-int-", { privateTmp: true, vars: { [name]: value } });
  });
  afterAll(() => session.close(() => screen.kill()));

  it("leaves no model daemon and no run folder, and exits 130", async () => {
    const demoDir = join(session.runtimeDir, "hmux", "demo");
    const runs = () => (existsSync(demoDir) ? readdirSync(demoDir).filter((n) => n.startsWith("run-")) : []);
    screen.start(`${session.command("demo --port 0 --harness claude")}; echo demo-exit=$?`, 80, 24);
    await until(() => runs().length > 0, 60_000, 5);
    screen.keys("C-c");
    const after = await screen.waitFor("hmux demo to exit", (s) => s.includes("demo-exit="), 30_000);
    expect(after, "the TUI had already drawn: the Ctrl-C did not land in start-up").not.toMatch(/^hmux /);
    expect(after).toContain("demo-exit=130");
    expect(after).toContain("interrupted (Ctrl-C)");
    await until(() => markedModelDaemons().length === 0, 10_000).catch(() => undefined);
    expect(markedModelDaemons()).toEqual([]);
    expect(runs()).toEqual([]);
  }, 120_000);
});
