/**
 * codex's bubblewrap notice is recognised by the codex adapter and reported as a sandbox
 * divergence, next to the raw line it came in; lines that change nothing stay plain notices.
 */
import { describe, expect, it } from "vitest";
import { createDecoder } from "../../../src/adapters/codex/decode.js";
import { CODEX_SAFETY_NOTICES } from "../../../src/adapters/codex/matchers.js";
import { CodexSessionBridge } from "../../../src/adapters/codex/session-bridge.js";
import { safetyDivergence } from "../../../src/adapters/decoding/safety-notice.js";
import type { BridgeOutput } from "../../../src/core/exec/session-bridge.js";

/** As codex 0.171.0 printed it on stderr here (docs/harness-facts.md#codex-app-server). */
const BWRAP =
  "2026-12-01T09:20:31.609630Z ERROR codex_app_server: Codex could not find bubblewrap on PATH. Install bubblewrap with your OS package manager. Codex will use the bundled bubblewrap in the meantime.";
const ROUTER = 'ERROR codex_core::tools::router: error=exec_command failed: Rejected("rejected by user")';

const events = (out: BridgeOutput[]) => out.flatMap((o) => (o.kind === "event" ? [o.event] : []));

describe("codex safety notices", () => {
  it("the bubblewrap notice on stderr is a sandbox divergence naming what was asked", () => {
    const bridge = new CodexSessionBridge({ cwd: "/w", sandbox: "read-only" });
    const out = events(bridge.text(BWRAP, "stderr"));
    expect(out[0]).toEqual({ kind: "raw", stream: "stderr", text: BWRAP });
    expect(out[1]).toMatchObject({ kind: "divergence", key: "codex.sandbox", asked: "read-only", notice: BWRAP });
    expect((out[1] as { runs: string }).runs).toMatch(/bundled bubblewrap/);
  });

  it("with no sandbox asked for, the notice changes nothing and stays a plain line", () => {
    const bridge = new CodexSessionBridge({ cwd: "/w", sandbox: "danger-full-access" });
    expect(events(bridge.text(BWRAP, "stderr")).map((e) => e.kind)).toEqual(["raw"]);
  });

  it("other stderr lines, and the same words on stdout, are no divergence", () => {
    const bridge = new CodexSessionBridge({ cwd: "/w" });
    expect(events(bridge.text(ROUTER, "stderr")).map((e) => e.kind)).toEqual(["raw"]);
    expect(events(bridge.text(BWRAP, "stdout")).map((e) => e.kind)).toEqual(["raw"]);
  });

  it("the same notice as an app-server configWarning is a divergence too (the default sandbox asked)", () => {
    const bridge = new CodexSessionBridge({ cwd: "/w" });
    const out = events(bridge.record({ method: "configWarning", params: { summary: BWRAP } }));
    expect(out.find((e) => e.kind === "divergence")).toMatchObject({ key: "codex.sandbox", asked: "workspace-write" });
  });

  it("a setting the caller did not ask for is never reported as diverging", () => {
    expect(safetyDivergence(BWRAP, CODEX_SAFETY_NOTICES, {})).toBeNull();
    expect(safetyDivergence("all fine", CODEX_SAFETY_NOTICES, { "codex.sandbox": "read-only" })).toBeNull();
  });
});

describe("codex safety notices through hmux run (the exec --json decoder)", () => {
  const kinds = (events: readonly { kind: string }[]) => events.map((e) => e.kind);

  it("the bubblewrap notice on stderr is a sandbox divergence naming the sandbox exec was given", () => {
    const decoder = createDecoder({ asked: { access: "read" } });
    const out = decoder.text(BWRAP, "stderr");
    expect(out.at(-1)).toMatchObject({ kind: "divergence", key: "codex.sandbox", asked: "read-only", notice: BWRAP });
    expect(createDecoder({ asked: {} }).text(BWRAP, "stderr").at(-1)).toMatchObject({
      kind: "divergence",
      asked: "workspace-write",
    });
  });

  it("the autonomy bypass or an asked full-access sandbox is not affected by it", () => {
    expect(kinds(createDecoder({ asked: { autonomy: true } }).text(BWRAP, "stderr"))).not.toContain("divergence");
    expect(
      kinds(
        createDecoder({ asked: { harnessOptions: { codex: { sandbox: "danger-full-access" } } } }).text(
          BWRAP,
          "stderr",
        ),
      ),
    ).not.toContain("divergence");
  });

  it("a decode with nothing asked (a saved stream), other lines, and stdout report no divergence", () => {
    expect(kinds(createDecoder({}).text(BWRAP, "stderr"))).not.toContain("divergence");
    expect(kinds(createDecoder({ asked: {} }).text(ROUTER, "stderr"))).not.toContain("divergence");
    expect(kinds(createDecoder({ asked: {} }).text(BWRAP, "stdout"))).not.toContain("divergence");
  });
});
