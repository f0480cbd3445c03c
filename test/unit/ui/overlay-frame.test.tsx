import { Text } from "ink";
import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { OverlayFrame } from "../../../src/ui/components/overlays/OverlayFrame.js";

function lines(el: React.ReactElement): string[] {
  const r = render(el);
  const out = (r.lastFrame() ?? "").split("\n");
  r.unmount();
  return out;
}

const inside = (row: string): string => row.slice(2, -2).trimEnd();

describe("the overlay frame", () => {
  it("is a rounded border of the given size holding the title, the body, the question and the key line in order", () => {
    const rows = lines(
      <OverlayFrame title="the title" width={30} height={7} question="sure?" keys="y yes · n no">
        <Text>body one</Text>
        <Text>body two</Text>
      </OverlayFrame>,
    );
    expect(rows).toHaveLength(7);
    for (const row of rows) expect([...row]).toHaveLength(30);
    expect(rows[0]).toMatch(/^╭─+╮$/);
    expect(rows[6]).toMatch(/^╰─+╯$/);
    expect(rows.slice(1, 6).map(inside)).toEqual(["the title", "body one", "body two", "sure?", "y yes · n no"]);
  });

  it("leaves out the question and the key line when there are none", () => {
    const rows = lines(
      <OverlayFrame title="t" width={20} height={4}>
        <Text>only the body</Text>
      </OverlayFrame>,
    );
    expect(rows.slice(1, 3).map(inside)).toEqual(["t", "only the body"]);
  });

  it("cuts a long title to one row unless asked to wrap, and wraps a long key line rather than cut a key off", () => {
    const long = "a title far too long for this narrow frame";
    const cut = lines(<OverlayFrame title={long} width={20} height={6} keys="x discard · y pick all" />);
    expect(cut[5]).toMatch(/^╰─+╯$/);
    expect(inside(cut[1]!)).toMatch(/^a title far .*…$/);
    expect(cut.slice(2, 5).map(inside).join(" ").replace(/\s+/g, " ").trim()).toContain("x discard · y pick all");
    const wrapped = lines(<OverlayFrame title={long} width={20} height={6} wrapTitle />);
    expect(wrapped.slice(1, 4).map(inside)).toEqual(["a title far too", "long for this", "narrow frame"]);
  });

  it("clips a body taller than the frame at the border", () => {
    const rows = lines(
      <OverlayFrame title="t" width={20} height={4}>
        {["one", "two", "three"].map((w) => (
          <Text key={w}>{w}</Text>
        ))}
      </OverlayFrame>,
    );
    expect(rows).toHaveLength(4);
    expect(rows[3]).toMatch(/^╰─+╯$/);
  });
});
