/**
 * The body layer's marker characters (plane-16 private use) cannot be forged by text from outside
 * hmux: whatever a harness, a tool call, a name or a paste carries, the TUI's state holds U+FFFD
 * where a marker was, so Ink never draws one that would show another pane's row in its place.
 */
import { describe, expect, it } from "vitest";
import { BodyLayer } from "../../../src/ui/render/body-layer.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { withoutMarkersDeep } from "../../../src/ui/store/without-markers.js";
import { FakePort, ManualScheduler } from "./fake-port.js";

const FORGED = `a${BodyLayer.marker(0)}b${BodyLayer.marker(1023)}c`;
const MARKER = /[\u{100000}-\u{1003ff}]/u;

describe("a body marker's character from outside hmux", () => {
  it("never reaches the TUI's state: not in text, a tool call's input, an approval, a warning or a paste", () => {
    const clock = new ManualScheduler();
    const store = new AppStore({ scheduler: clock, commitMs: 100 });
    const port = new FakePort();
    const key = store.addSession(port);
    store.start();
    port.emit({ kind: "message", role: "assistant", text: FORGED });
    const call = {
      callId: "c1",
      tool: FORGED,
      input: { command: FORGED, args: [FORGED] },
      openedAt: 0,
      deadlineAt: null,
    };
    port.emit({ kind: "approval-request", call });
    port.emit({ kind: "warning", code: "w", message: FORGED });
    store.dispatch({ kind: "paste-input", text: FORGED });
    clock.advance(100);
    const shown = JSON.stringify([...store.state.sessions.values()], (_k, v: unknown) =>
      v instanceof Map ? [...v.entries()] : v,
    );
    expect(shown).toContain("a\ufffdb\ufffdc");
    expect(MARKER.test(shown)).toBe(false);
    expect(store.state.sessions.get(key)?.approvals[0]?.tool).toBe("a\ufffdb\ufffdc");
  });

  it("a message without one is passed on as it is, not copied", () => {
    const msg = { kind: "session-event", key: "k", event: { kind: "message", text: "plain", parts: [{ t: "x" }] } };
    expect(withoutMarkersDeep(msg)).toBe(msg);
  });

  it("only the strings holding one are replaced; a port or a Map a message carries is left as it is", () => {
    const port = new Map([["k", FORGED]]);
    const msg = { kind: "x", port, keep: { text: "plain" }, list: ["ok", FORGED] };
    const out = withoutMarkersDeep(msg);
    expect(out).not.toBe(msg);
    expect(out.port).toBe(port);
    expect(out.keep).toBe(msg.keep);
    expect(out.list).toEqual(["ok", "a\ufffdb\ufffdc"]);
    expect(msg.list[1]).toBe(FORGED);
  });
});
