/**
 * A harness that quits before its handshake finished ends the session with its own reason (its
 * last stderr line), and a failing exit with a reason is the harness refusing its arguments:
 * `rejected`, not retryable. An exit after it started stays the retryable transport crash.
 */
import { describe, expect, it } from "vitest";
import { Session } from "./helpers.js";

const refusal = "No session found matching '019a-pi-id'";

describe("a harness that exits at start-up", () => {
  it("ends the session with its last stderr line as the reason, rejected and not retryable", () => {
    const s = new Session();
    s.feed({ type: "harness-gone", exitCode: 1, signal: null, lastStderr: refusal });
    expect(s.state.ending?.cause).toBe("crash");
    expect(s.state.ending?.failure).toMatchObject({ class: "rejected", retryable: false });
    expect(s.state.ending?.failure?.message).toContain(refusal);
  });

  it("with nothing on stderr says so, and is not called a refusal", () => {
    const s = new Session();
    s.feed({ type: "harness-gone", exitCode: 1, signal: null });
    expect(s.state.ending?.failure).toMatchObject({ class: "transport" });
    expect(s.state.ending?.failure?.message).toContain("saying nothing on stderr");
  });

  it("after its handshake is an unexpected exit, retryable as before", () => {
    const s = new Session();
    s.feed({ type: "ready" });
    s.feed({ type: "harness-gone", exitCode: 1, signal: null, lastStderr: "some late noise" });
    expect(s.state.ending?.failure).toMatchObject({ class: "transport", retryable: true });
    expect(s.state.ending?.failure?.message).toContain("exited unexpectedly (code 1)");
  });
});
