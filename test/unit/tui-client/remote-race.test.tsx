/**
 * A TUI attached to another machine's server refuses a race up front: scoring would run this
 * machine's git on the other machine's worktree paths. Nothing is launched, and the refusal
 * says why and to run `hmux race` on that machine.
 */
import { afterEach, describe, expect, it } from "vitest";
import { remoteRaceRefused } from "../../../src/main/race-port.js";
import type { NewSessionRequest, SessionLauncher } from "../../../src/ui/session-launcher.js";
import { acceptedPlan } from "../ui/fake-launcher.js";
import { FakePort } from "../ui/fake-port.js";
import { KEYS, type Mounted, mount, tick } from "../ui/harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

describe("a race from a TUI on a remote server", () => {
  it("is refused before any contestant starts, naming the host and `hmux race` there", async () => {
    const requests: NewSessionRequest[] = [];
    const launcher: SessionLauncher = {
      plan: acceptedPlan,
      launch: async (r) => {
        requests.push(r);
        return new FakePort({ harness: r.harness as "claude" });
      },
    };
    m = await mount({
      ports: [new FakePort({ harness: "claude" }), new FakePort({ harness: "pi" })],
      launcher,
      race: remoteRaceRefused("me@box"),
      columns: 200,
      rows: 40,
    });
    await m.type(KEYS.alt("R"));
    for (const c of ["fix slug", KEYS.enter]) {
      await m.type(c);
      await tick(60);
    }
    await tick(50);
    expect(requests).toEqual([]);
    expect(m.store.state.race?.phase).toBe("failed");
    expect(m.store.state.race?.message).toMatch(/me@box.*git.*run `hmux race` on me@box/);
    expect(m.store.state.sessions.size).toBe(2);
  });
});
