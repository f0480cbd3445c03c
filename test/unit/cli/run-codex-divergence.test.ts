/**
 * `hmux run codex` reports codex's bubblewrap notice as a sandbox divergence, as `hmux session`
 * does: the run's launch plan hands the asked settings to the exec decoder.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Sandbox } from "./cli-harness.js";

/** As codex 0.171.0 printed it on stderr (docs/harness-facts.md#codex-app-server). */
const BWRAP =
  "2026-12-01T09:20:31.609630Z ERROR codex_app_server: Codex could not find bubblewrap on PATH. Install bubblewrap with your OS package manager. Codex will use the bundled bubblewrap in the meantime.";

let box: Sandbox;
let codex: string;
beforeAll(() => {
  box = new Sandbox();
  codex = box.fake(
    "codex-bwrap",
    [
      `process.stderr.write(${JSON.stringify(`${BWRAP}\n`)});`,
      `const rec = (r) => process.stdout.write(JSON.stringify(r) + "\\n");`,
      `rec({ type: "thread.started", thread_id: "0199a213-81c0-7800-8aa1-bbab2a035a53" });`,
      `rec({ type: "turn.started" });`,
      `rec({ type: "turn.completed", usage: { input_tokens: 1, output_tokens: 1 } });`,
    ].join("\n"),
  );
});
afterAll(() => box.cleanup());

describe("hmux run codex and codex's safety notices", () => {
  it("the bubblewrap notice is a divergence naming the sandbox the run asked for", async () => {
    const r = await box.run(["run", "codex", "go", "--json", "--access", "read"], { HMUX_CODEX_BIN: codex });
    const divergences = r.lines.filter((l) => (l as { kind?: string }).kind === "divergence");
    expect(divergences).toEqual([expect.objectContaining({ key: "codex.sandbox", asked: "read-only", notice: BWRAP })]);
  });
});
