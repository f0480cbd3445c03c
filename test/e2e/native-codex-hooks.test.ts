/**
 * A native codex pane (codex's own TUI, 0.171.0) on hmux's scripted model, driven through
 * the pane's terminal: codex's lifecycle hooks (passed as -c overrides, trusted for the run)
 * report running, an escalation approval (needs-you), and idle after the approved command
 * ran. The screen is read only to know when codex is ready to type into, never for state.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinRegistry } from "../../src/adapters/registry.js";
import type { SessionEvent } from "../../src/core/control/types.js";
import { launchNative } from "../../src/main/native-launch.js";
import { systemClock } from "../../src/main/system-clock.js";
import { rowText } from "../../src/native/cells.js";
import { HookServer } from "../../src/native/hooks/hook-server.js";
import type { NativeSession } from "../../src/native/native-session.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { resolveBinary } from "../../src/spawn/binaries.js";
import { spawnPty } from "../../src/spawn/native-pty.js";
import { nativePorts } from "../unit/server/native-fixture.js";
import { sleep } from "./native-helpers.js";

const HAVE_CODEX = resolveBinary(builtinRegistry.get("codex"), { env: process.env }).ok;

describe.skipIf(!HAVE_CODEX)("native codex pane: state from codex's hooks", () => {
  let dir: string;
  let work: string;
  let model: ModelServer;
  let hooks: HookServer;
  let port: NativeSession;
  const events: SessionEvent[] = [];
  const screen = () => port.terminal.snapshot().rows.map(rowText).join("\n");
  const states = () => events.flatMap((e) => (e.kind === "state" ? [e.to] : []));

  async function until(what: string, test: () => boolean, timeoutMs = 30_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      port.terminal.tick();
      if (test()) return;
      await sleep(100);
    }
    throw new Error(`timed out waiting for ${what}; states ${states().join(",")}; screen:\n${screen()}`);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "hmux-native-codex-"));
    work = join(dir, "work");
    mkdirSync(work);
    model = await startModelServer();
    hooks = await HookServer.start();
    ({ session: port } = await launchNative(
      { kind: "codex", cwd: work, endpoint: model.url, cols: 120, rows: 40 },
      { hooks, ...nativePorts({ PATH: process.env.PATH, HOME: dir }), clock: systemClock, spawn: spawnPty },
    ));
    port.subscribe((e) => events.push(e));
    port.terminal.setFocused(true);
    await until("codex's prompt", () => screen().includes("Ask Codex"), 60_000);
  }, 90_000);

  afterAll(async () => {
    await port?.close();
    await hooks?.close();
    await Promise.race([model?.close(), sleep(3000)]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("a prompt runs (hook: running); an escalation raises an approval; approving runs it and the turn ends idle", async () => {
    const target = join(dir, "escalated.txt");
    const prompt = `go [[escalate:touch ${target}]]`;
    port.write(prompt);
    await until("the prompt in codex's input", () => screen().includes(prompt));
    port.write("\r");
    await until("an approval request from the PermissionRequest hook", () =>
      events.some((e) => e.kind === "approval-request"),
    );
    expect(states()).toContain("running");
    const request = events.find((e) => e.kind === "approval-request");
    expect(request).toMatchObject({ kind: "approval-request", call: { callId: "native-1" } });
    expect(states().at(-1)).toBe("awaiting-approval");
    expect(existsSync(target)).toBe(false);
    await until("codex's approval dialog", () => screen().includes("Yes, proceed"));
    // The dialog can be drawn before it takes keys (seen in CI): press again, as a person would,
    // until it goes away.
    for (let press = 0; press < 10 && screen().includes("Yes, proceed"); press++) {
      port.write("y");
      await until("the dialog to take the answer", () => !screen().includes("Yes, proceed"), 2_000).catch(
        () => undefined,
      );
    }
    await until("idle after the Stop hook", () => states().at(-1) === "idle");
    expect(events).toContainEqual({ kind: "approval-cleared", callId: "native-1", reason: "native-resolved" });
    expect(existsSync(target)).toBe(true);
  });
});
