/**
 * A native pane opened on the server says what its launch said, as a session pane does: the
 * notes of its plan (here a binary fallback) come back in create-native's reply, ride on the
 * pane's port to the TUI, and are said on its status line as the pane opens — a native pane
 * draws its terminal, not a transcript.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { launchNative } from "../../../src/main/native-launch.js";
import { systemClock } from "../../../src/main/system-clock.js";
import { nativeKinds } from "../../../src/native/native-plan.js";
import { launchNativeRow } from "../../../src/server/native-launcher.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { createServerNative } from "../../../src/tui-client/server-native-port.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { fakeFactory } from "../native/fake-pty.js";
import { nativePorts } from "../server/native-fixture.js";
import { type Cleanups, serveFresh } from "../server/serve-fixture.js";
import { ManualScheduler } from "../ui/fake-port.js";

const FALLBACK = "claude is not on PATH: using the one hmux pins (node_modules/.bin/claude)";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("a native pane's launch notes", () => {
  it("reach the TUI's pane from the server, as a session pane's notes do", async () => {
    const home = mkdtempSync(join(tmpdir(), "hmux-native-notes-"));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const pty = fakeFactory();
    const native = nativePorts({ HOME: home, PATH: "/bin" });
    const fallback = { ok: true as const, binary: { executable: "/bin/claude", prefixArgs: [], note: FALLBACK } };
    const table = new SessionTable({
      clock: new FakeClock(),
      killWaitMs: 1_000,
      launcher: (spec) =>
        launchNativeRow(spec, {
          kinds: nativeKinds(builtinRegistry),
          open: (request) =>
            launchNative(request, {
              hostEnv: native.hostEnv,
              ports: { ...native.ports, launch: { ...native.ports.launch, binary: () => fallback } },
              clock: systemClock,
              spawn: pty.factory,
            }),
        }),
    });
    const { client } = await serveFresh(table, cleanups, { prefix: "hmux-native-notes-" });
    const c = await client();
    const { port, notes } = await createServerNative(c, { kind: "claude", cwd: home, cols: 80, rows: 24 });
    cleanups.push(() => port.close());
    expect(notes).toEqual([`binary: ${FALLBACK}`]);
    expect(port.info.launchNotes).toEqual([`binary: ${FALLBACK}`]);

    const store = new AppStore({ scheduler: new ManualScheduler() });
    store.addSession(port);
    expect(store.state.flash?.text).toBe(`claude-1·native: binary: ${FALLBACK}`);
  });
});
