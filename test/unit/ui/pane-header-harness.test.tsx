import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { carriesHarness, PaneHeader } from "../../../src/ui/components/PaneHeader.js";
import { applyEvent } from "../../../src/ui/store/apply-event.js";
import { createSessionView } from "../../../src/ui/store/session-view.js";

const SUPPORT = { steer: false, inject: false, abstain: false, replace: false, denyReason: false };

/** A pi pane the server named `label`, waiting on an approval with `usage` counted (tokens in). */
function piPane(label: string, input = 1600) {
  const v = createSessionView("0d8ae993-1111", {
    harness: "pi",
    label,
    model: "hmux-model",
    settings: [],
    support: SUPPORT,
  });
  const counted = applyEvent(v, { kind: "usage", inputTokens: input, outputTokens: 20 }, 0);
  return { ...counted, lifecycle: "awaiting-approval" as const };
}

describe("a pane header names the harness a chosen name does not", () => {
  it("a default name or the bare harness carries it; a name merely containing it does not", () => {
    expect(carriesHarness("pi-1", "pi")).toBe(true);
    expect(carriesHarness("box:pi-2", "pi")).toBe(true);
    expect(carriesHarness("claude-1·native", "claude")).toBe(true);
    expect(carriesHarness("pi", "pi")).toBe(true);
    expect(carriesHarness("spinner", "pi")).toBe(false);
    expect(carriesHarness("box:watched", "pi")).toBe(false);
    expect(carriesHarness("pi-mine", "pi")).toBe(false);
    expect(carriesHarness("claude-acp-1", "claude")).toBe(false);
  });

  // The pane's width inside its border at 80×24 and 50×20, and half of 80 for a split; short usage
  // and long usage (the one that once took the name's room down to a few columns).
  for (const width of [78, 48, 39])
    for (const input of [5, 1600, 1_234_567])
      it(`at ${width} columns, ${input} tokens in, a pi pane named watched on a box says pi`, () => {
        const view = piPane("box:watched", input);
        const frame = render(<PaneHeader view={view} index={0} focused tick={null} width={width} />).lastFrame()!;
        expect(frame).toContain("1 box:watched · pi");
        expect(frame).toContain("! approval");
      });

  it("a pi pane named spinner says pi too", () => {
    const frame = render(<PaneHeader view={piPane("spinner")} index={0} focused tick={null} width={48} />).lastFrame()!;
    expect(frame).toContain("spinner · pi");
  });
});
