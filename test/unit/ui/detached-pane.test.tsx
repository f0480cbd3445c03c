/** A pane restored after its server died reads detached (not failed) on screen, with the resume key beside it. */
import { afterEach, describe, expect, it } from "vitest";
import { FakePort } from "./fake-port.js";
import { type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

describe("a detached pane", () => {
  it("shows detached in its header and rail, and names the resume key; never failed", async () => {
    const p = new FakePort({ resumable: true });
    m = await mount({ ports: [p], columns: 120, rows: 20 });
    p.emit(
      { kind: "state", from: "starting", to: "idle" },
      { kind: "warning", code: "SERVER_DIED", message: "the hmux server running this session died" },
      { kind: "closed", exitCode: null, cause: "crash" },
    );
    await m.flush();
    const frame = m.frame();
    expect(frame).toContain("◌ detached");
    expect(frame).toMatch(/detached: the hmux server running it died.*Alt\+r resumes/);
    expect(frame).not.toContain("failed");
  });
});
