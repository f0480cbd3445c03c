/** What a pane shows of a restore: a call lost with a dead server, the restore's warnings, and a resume reopening it. */
import { describe, expect, it } from "vitest";
import { headerParts } from "../../../src/ui/components/PaneHeader.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { entryLines } from "../../../src/ui/store/entry-lines.js";
import { needsYou } from "../../../src/ui/store/session-view.js";
import { FakePort, ManualScheduler } from "./fake-port.js";

function setup() {
  const store = new AppStore({ scheduler: new ManualScheduler(), commitMs: 100 });
  const port = new FakePort();
  const key = store.addSession(port);
  store.start();
  return { port, view: () => store.state.sessions.get(key)! };
}

const call = { callId: "c1", tool: "Bash", input: { command: "rm -rf build" }, openedAt: 0, deadlineAt: null };

describe("a restored session in its pane", () => {
  it("a call cleared as lost shows lost, not pending and not denied, and leaves no approval to answer", () => {
    const { port, view } = setup();
    port.emit({ kind: "approval-request", call });
    port.emit({ kind: "approval-cleared", callId: "c1", reason: "lost" });
    const tool = view().entries.find((e) => e.kind === "tool")!;
    expect(tool).toMatchObject({ status: "lost" });
    expect(view().approvals).toEqual([]);
    expect(
      entryLines(tool, 80)
        .map((l) => l.text)
        .join("\n"),
    ).toContain("neither approved nor run");
  });

  it("a call cleared for another reason keeps its status", () => {
    const { port, view } = setup();
    port.emit({ kind: "approval-request", call });
    port.emit({ kind: "approval-cleared", callId: "c1", reason: "turn-ended" });
    expect(view().entries.find((e) => e.kind === "tool")).toMatchObject({ status: "pending" });
  });

  it("the restore's warnings are notices in the transcript; other warnings stay out of it", () => {
    const { port, view } = setup();
    port.emit({ kind: "warning", code: "JOURNAL_CUT", message: "the journal was cut mid-line at line 9" });
    port.emit({ kind: "warning", code: "SOMETHING_ELSE", message: "not for the transcript" });
    const texts = view().entries.map((e) => ("text" in e ? e.text : ""));
    expect(texts).toContain("the journal was cut mid-line at line 9");
    expect(texts).not.toContain("not for the transcript");
  });

  it("a session that ended opens again when a resumed start follows, and says so", () => {
    const { port, view } = setup();
    port.emit({ kind: "closed", exitCode: null, cause: "crash" });
    expect(view().closed).toBe(true);
    port.emit({ kind: "session", sessionId: "a", harness: "claude", origin: "resumed", escalateQuestions: true });
    expect(view().closed).toBe(false);
    expect(view().lifecycle).toBe("starting");
    expect(view().entries.at(-1)).toMatchObject({ kind: "notice", text: "resumed" });
  });

  it("a session whose server died reads detached, not failed, in its header; a resume opens it again", () => {
    const { port, view } = setup();
    port.emit({ kind: "state", from: "starting", to: "idle" });
    // What a restoring server sends after the journal's events (src/server/restore.ts).
    port.emit(
      { kind: "warning", code: "SERVER_DIED", message: "the hmux server running this session died; resume it" },
      { kind: "closed", exitCode: null, cause: "crash" },
    );
    expect(view().lifecycle).toBe("detached");
    expect(view().closed).toBe(true);
    expect(needsYou(view())).toBeNull();
    expect(headerParts(view(), 0, null, 80).badge).toContain("detached");
    expect(view().entries.map((e) => ("text" in e ? e.text : ""))).not.toContain("session closed (crash, exit –)");
    port.emit({ kind: "session", sessionId: "a", harness: "claude", origin: "resumed", escalateQuestions: true });
    expect(view().lifecycle).toBe("starting");
  });

  it("a session that crashed on its own still reads failed", () => {
    const { port, view } = setup();
    port.emit({ kind: "closed", exitCode: 1, cause: "crash" });
    expect(view().lifecycle).toBe("failed");
  });
});
