import { describe, expect, it } from "vitest";
import { FakePort } from "./fake-port.js";
import { mount } from "./harness.js";

describe("app smoke", () => {
  it("renders three panes with their harness names and the rail", async () => {
    const ports = [
      new FakePort({ harness: "claude" }),
      new FakePort({ harness: "codex" }),
      new FakePort({ harness: "pi" }),
    ];
    const m = await mount({ ports });
    ports[0]!.emit(
      { kind: "state", from: "starting", to: "idle" },
      { kind: "message", role: "assistant", text: "hello from claude" },
    );
    await m.flush();
    const f = m.frame();
    console.log(f);
    expect(f).toContain("hello from claude");
    expect(f).toContain("codex");
    m.unmount();
  });
});
