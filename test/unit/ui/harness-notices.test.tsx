import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { HarnessNotices } from "../../../src/ui/components/HarnessNotices.js";
import { buildKeymap } from "../../../src/ui/config/ui-config.js";
import { createSessionView, type SessionView } from "../../../src/ui/store/session-view.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const PATH_WARNING =
  "WARNING: proceeding, even though we could not create PATH aliases: Refusing to create helper binaries";
const BWRAP =
  "2026-12-01T09:20:31.609630Z ERROR codex_app_server: Codex could not find bubblewrap on PATH. Codex will use the bundled bubblewrap in the meantime.";
const ROUTER = 'ERROR codex_core::tools::router: error=exec_command failed: Rejected("rejected by user")';

const stderr = (p: FakePort, ...lines: string[]) => {
  for (const text of lines) p.emit({ kind: "raw", stream: "stderr", text });
};

/** Rows of the first pane below its header (the rail, the border and the header come first). */
const paneRows = (frame: string) => frame.split("\n").slice(3);

describe("harness notices in a pane", () => {
  it("stderr lines stay out of the transcript and fold into one line naming the count and the expand key", async () => {
    const p = new FakePort({ harness: "codex" });
    m = await mount({ ports: [p] });
    stderr(p, PATH_WARNING, BWRAP, ROUTER);
    p.emit({ kind: "message", role: "assistant", text: "Let me look at the project first." });
    await m.flush();
    const f = m.frame();
    expect(f).toContain("▸ harness notices (3) · Alt+e expand");
    expect(f).not.toContain("PATH aliases");
    expect(f).not.toContain("codex_core::tools::router");
    // The notices line sits right under the header, above the conversation.
    const rows = paneRows(f);
    expect(rows[0]).toContain("harness notices (3)");
    expect(rows.findIndex((r) => r.includes("Let me look"))).toBeGreaterThan(0);
  });

  it("the notices key opens them in the pane and folds them again", async () => {
    const p = new FakePort({ harness: "codex" });
    m = await mount({ ports: [p] });
    stderr(p, PATH_WARNING, ROUTER);
    await m.flush();
    await m.type(KEYS.alt("e"));
    await m.flush();
    let f = m.frame();
    expect(f).toContain("▾ harness notices (2) · Alt+e collapse");
    expect(f).toContain("WARNING: proceeding");
    expect(f).toContain("codex_core::tools::router");
    await m.type(KEYS.alt("e"));
    await m.flush();
    f = m.frame();
    expect(f).toContain("▸ harness notices (2) · Alt+e expand");
    expect(f).not.toContain("WARNING: proceeding");
  });

  it("a pane without notices has no notices line, and the key says there is nothing to open", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    p.emit({ kind: "message", role: "assistant", text: "hello" });
    await m.flush();
    expect(m.frame()).not.toContain("harness notices");
    await m.type(KEYS.alt("e"));
    await m.flush();
    expect(m.frame()).toContain("this pane has no harness notices");
  });

  it("the hint follows the key the config binds to toggle-notices", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p], keymap: buildKeymap({ "toggle-notices": "ctrl+alt+n" }) });
    stderr(p, ROUTER);
    await m.flush();
    expect(m.frame()).toContain("harness notices (1) · Ctrl+Alt+n expand");
    expect(m.frame()).not.toContain("Alt+e");
  });

  it("a line repeated in a row is one notice", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    stderr(p, ROUTER, ROUTER, ROUTER);
    await m.flush();
    expect(m.frame()).toContain("harness notices (1)");
  });

  it("after a halt, a decision the closing session could not take is a notice, and 'session closed' is said once", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    p.emit({ kind: "turn", turnId: "t1", id: null });
    p.emit({ kind: "tool", phase: "call", callId: "c1", name: "Bash", input: { command: "ls" } });
    p.emit({
      kind: "approval-request",
      call: { callId: "c1", tool: "Bash", input: {}, openedAt: 0, deadlineAt: null },
    });
    p.emit({ kind: "state", from: "awaiting-approval", to: "closing", reason: "halted: from the TUI" });
    p.emit({
      kind: "approval-disposition",
      callId: "c1",
      decision: { decision: "deny", reason: "halted" },
      decider: "hmux",
      status: "rejected",
      reason: "the harness's stdin is closed",
    });
    p.emit({ kind: "closed", exitCode: 0, cause: "killed" });
    await m.flush();
    const f = m.frame();
    expect(f).not.toContain("not delivered");
    expect(f).toContain("harness notices (1)");
    expect(f.match(/session closed/g)).toHaveLength(1);
  });

  it("a safety notice becomes a divergence in the pane and in the inspector", async () => {
    const p = new FakePort({ harness: "codex" });
    m = await mount({ ports: [p], columns: 140 });
    stderr(p, BWRAP);
    const divergence = {
      kind: "divergence" as const,
      key: "sandbox",
      asked: "workspace-write",
      runs: "codex's bundled bubblewrap",
      notice: BWRAP,
    };
    p.emit(divergence, divergence);
    await m.flush();
    let f = m.frame();
    expect(f.match(/⚠ sandbox is not as asked: asked workspace-write, runs codex's bundled bubblewrap/g)).toHaveLength(
      1,
    );
    await m.type(KEYS.alt("i"));
    await m.flush();
    f = m.frame();
    expect(f).toContain("1 diverging");
    expect(f).toMatch(/⚠ sandbox\s+codex's bundled bubblewrap\s+\[harness\]/);
  });
});

describe("HarnessNotices", () => {
  const view = (notices: string[]): SessionView => ({
    ...createSessionView("k", {
      harness: "codex",
      settings: [],
      support: { steer: false, inject: false, abstain: false, replace: false, denyReason: false },
    }),
    notices,
    noticeCount: notices.length + 5,
  });
  const draw = (v: SessionView, open: boolean, rows: number, width = 40) =>
    render(<HarnessNotices view={v} open={open} width={width} rows={rows} />).lastFrame() ?? "";

  it("counts every notice, including those dropped off the kept list", () => {
    expect(draw(view(["one"]), false, 1)).toBe("▸ harness notices (6) · Alt+e expand");
  });

  it("open, it shows the newest rows that fit below the title, wrapped to the pane", () => {
    const f = draw(view(["first notice", "second notice", "a third notice that is long enough to wrap here"]), true, 3);
    const rows = f.split("\n");
    expect(rows).toHaveLength(3);
    expect(draw(view(["x ".repeat(50)]), true, 2, 80)).toContain(
      "▾ harness notices (6) · Alt+e collapse · 1 older row above",
    );
    expect(rows[0]).toContain("▾ harness notices (8) · Alt+e collapse");
    expect(f).not.toContain("first notice");
    expect(rows[1]).toContain("a third notice");
    expect(rows.every((r) => r.length <= 40)).toBe(true);
  });

  it("a divergence stays named on the line, and a narrow pane keeps it and the key", () => {
    const v: SessionView = {
      ...view(["codex could not find bubblewrap"]),
      // codex's own setting, named as its settings row names it; its own pane needs no "codex." before it.
      divergences: [{ key: "codex.sandbox", asked: "workspace-write", runs: "bundled", notice: "…" }],
    };
    expect(draw(v, false, 1, 80)).toBe("▸ harness notices (6) · ⚠ sandbox not as asked · Alt+e expand");
    expect(draw(v, false, 1, 34)).toBe("▸ ⚠ sandbox · notices (6) · Alt+e");
    expect(draw(v, false, 1, 25)).toBe("▸ ⚠ sandbox (6) · Alt+e");
    expect(draw(view(["x"]), false, 1, 25)).toBe("▸ notices (6) · Alt+e");
    const other = { ...v, divergences: [{ ...v.divergences[0]!, key: "muse.write" }] };
    expect(draw(other, false, 1, 80)).toContain("⚠ muse.write not as asked");
  });

  it("no rows given draws nothing", () => {
    expect(draw(view(["one"]), false, 0)).toBe("");
  });
});
