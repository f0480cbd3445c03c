/** Server-side sessions for unit tests: the real session runtime over a fake child and the scripted bridge. */
import type { Launcher } from "../../../src/server/session-table.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { setup } from "../session/session-fixture.js";

export type FakeSession = ReturnType<typeof setup>;

/**
 * A scripted session as the server holds it: a kill's SIGTERM (a 0 ms timer) goes at once, so a
 * killed session closes without the table's kill wait running out.
 */
export function serverSession(over: Parameters<typeof setup>[0] = {}, bridge?: Parameters<typeof setup>[1]) {
  return setup(over, bridge, new FakeClock(0, { zeroDelayAtOnce: true }));
}

/** A launcher that opens scripted sessions s1, s2, … and keeps each one for the test to drive. */
export function scriptedLauncher(): { launcher: Launcher; sessions: FakeSession[] } {
  const sessions: FakeSession[] = [];
  const launcher: Launcher = (spec) => {
    const s = serverSession({ sessionId: `s${sessions.length + 1}` });
    sessions.push(s);
    return { handle: s.handle, cwd: spec.cwd, notes: [] };
  };
  return { launcher, sessions };
}

export const spec = (cwd = "/work") => ({ harness: "claude", cwd, options: {} });
