/**
 * A turn asked to stop ends `interrupted`, decided once in the control core: the event stream
 * every client reads and the journal say it alike (so a restore shows it too), on a harness with
 * an in-band interrupt and on one whose turn is its process.
 */
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { flush, setup } from "./session-fixture.js";

const interrupt = (id = "i1") =>
  JSON.stringify({ format: "metaharness.command/1", id, command: "interrupt", reason: "operator" });
const causes = (events: readonly SessionEvent[]) =>
  events.filter((e) => e.kind === "done").map((e) => (e as { cause: string }).cause);

describe("an interrupted turn", () => {
  it("ends interrupted in the event stream and the journal when the harness stops it as asked", async () => {
    const t = setup();
    await t.handle.start();
    await t.handle.send("in-1", "a slow one");
    await flush();
    expect(await t.handle.handleLine(interrupt())).toMatchObject({ outcome: { result: "ok" } });
    await t.feed({ t: "end" });
    expect(causes(t.events)).toEqual(["interrupted"]);
    expect(causes(t.journal)).toEqual(["interrupted"]);
    expect(t.handle.snapshot().lifecycle).toBe("idle");
  });

  it("only the turn that was interrupted: the next one ends clean", async () => {
    const t = setup();
    await t.handle.start();
    await t.handle.send("in-1", "a slow one");
    await flush();
    await t.handle.handleLine(interrupt());
    await t.feed({ t: "end" });
    await t.handle.send("in-2", "again");
    await flush();
    await t.feed({ t: "end" });
    expect(causes(t.journal)).toEqual(["interrupted", "clean"]);
  });

  it("a turn that fails after an interrupt still says it failed", async () => {
    const t = setup();
    await t.handle.start();
    await t.handle.send("in-1", "a slow one");
    await flush();
    await t.handle.handleLine(interrupt());
    t.child().exit(1, null);
    await flush();
    expect(causes(t.events)).not.toContain("interrupted");
  });
});
