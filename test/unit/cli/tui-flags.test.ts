import { describe, expect, it } from "vitest";
import { tuiPanes } from "../../../src/cli/commands/tui.js";

describe("hmux tui's flags", () => {
  it("--endpoint and --model reach panes opened later, not only those named on the command line", () => {
    const { sessions, launcher } = tuiPanes([], { endpoint: "http://127.0.0.1:9/", model: "m1" });
    expect(sessions).toEqual([]);
    expect(launcher).toMatchObject({ defaultEndpoint: "http://127.0.0.1:9/", defaultModel: "m1" });
  });

  it("panes named on the command line carry the flags themselves", () => {
    const { sessions } = tuiPanes(["claude"], { endpoint: "http://127.0.0.1:9/", effort: "high" });
    expect(sessions).toEqual([{ harness: "claude", endpoint: "http://127.0.0.1:9/", effort: "high" }]);
  });

  it("without flags no default endpoint or model is set", () => {
    expect(tuiPanes([], {}).launcher).toEqual({ isolate: false, escalateQuestions: true });
  });
});
