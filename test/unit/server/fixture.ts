/** Server-side sessions for unit tests: the real session runtime over a fake child and the scripted bridge. */
import type { Launcher } from "../../../src/server/session-table.js";
import { setup } from "../session/session-fixture.js";

export type FakeSession = ReturnType<typeof setup>;

/** A launcher that opens scripted sessions s1, s2, … and keeps each one for the test to drive. */
export function scriptedLauncher(): { launcher: Launcher; sessions: FakeSession[] } {
  const sessions: FakeSession[] = [];
  const launcher: Launcher = (spec) => {
    const s = setup({ sessionId: `s${sessions.length + 1}` });
    sessions.push(s);
    return { handle: s.handle, cwd: spec.cwd, notes: [] };
  };
  return { launcher, sessions };
}

export const spec = (cwd = "/work") => ({ harness: "claude", cwd, options: {} });
