/**
 * A replay's event times placed on this machine's clock: shifted by how far the server's clock is
 * from it when the reply is read, never later than that moment, and not at all when the server
 * said nothing usable (an older server, or times that do not match the events).
 */
import { describe, expect, it } from "vitest";
import { replayTimes } from "../../../src/tui-client/replay-clock.js";

describe("a replay's times on this clock", () => {
  it("keep their distances from the server's now, whatever that clock reads", () => {
    expect(replayTimes({ now: 1_000_000, times: [975_400, 999_854] }, 2, 50_000_000)).toEqual([49_975_400, 49_999_854]);
  });

  it("are never after the reply was read, even when the server stamped one after its own now", () => {
    expect(replayTimes({ now: 1_000, times: [900, 1_200] }, 2, 5_000)).toEqual([4_900, 5_000]);
  });

  it("are none from a server that says no clock or no times, or times that do not match the events", () => {
    expect(replayTimes({ times: [1, 2] }, 2, 5_000)).toBeNull();
    expect(replayTimes({ now: 3 }, 2, 5_000)).toBeNull();
    expect(replayTimes({ now: 3, times: [1] }, 2, 5_000)).toBeNull();
  });
});
