import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { inspectorRows } from "../../../src/ui/components/overlays/inspector-lines.js";
import { PaneHeader } from "../../../src/ui/components/PaneHeader.js";
import { applyEvent } from "../../../src/ui/store/apply-event.js";
import { createSessionView } from "../../../src/ui/store/session-view.js";

const SUPPORT = { steer: false, inject: false, abstain: false, replace: false, denyReason: false };
const HMUX_ID = "5cba3f64-1111-4222-8333-444455556666";
const PI_ID = "da58fa54-9999-4888-8777-666655554444";

describe("a pane names its session by hmux's id", () => {
  it("the header shows the id hmux ls lists even after the harness reports its own", () => {
    let v = createSessionView("k", { harness: "pi", id: HMUX_ID, settings: [], support: SUPPORT });
    v = applyEvent(v, { kind: "identity", harness: "pi", sessionId: PI_ID, authority: "harness-minted" }, 0);
    const frame = render(<PaneHeader view={v} index={0} focused={false} tick={null} width={80} />).lastFrame()!;
    expect(frame).toContain("5cba3f64");
    expect(frame).not.toContain("da58fa54");
  });

  it("a session event's id is what the header shows when the port has none; the harness's never overwrites it", () => {
    let v = createSessionView("k", { harness: "pi", settings: [], support: SUPPORT });
    v = applyEvent(
      v,
      { kind: "session", sessionId: HMUX_ID, harness: "pi", origin: "fresh", escalateQuestions: false },
      0,
    );
    v = applyEvent(v, { kind: "identity", harness: "pi", sessionId: PI_ID, authority: "harness-minted" }, 0);
    const frame = render(<PaneHeader view={v} index={0} focused={false} tick={null} width={80} />).lastFrame()!;
    expect(frame).toContain("5cba3f64");
    expect(frame).not.toContain("da58fa54");
  });

  it("the inspector shows the harness's own id labelled as the harness's", () => {
    let v = createSessionView("k", { harness: "pi", id: HMUX_ID, settings: [], support: SUPPORT });
    v = applyEvent(v, { kind: "identity", harness: "pi", sessionId: PI_ID, authority: "harness-minted" }, 0);
    const text = inspectorRows(v, undefined, 100)
      .map((r) => r.text)
      .join("\n");
    expect(text).toContain(`harness's own session id ${PI_ID}`);
  });
});
