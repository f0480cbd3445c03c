/**
 * Keys that arrive in one read, in a real terminal: `hmux demo` with claude on the scripted model,
 * at 80×24 and at 160×48, each burst sent in ONE tmux send-keys call (one write to the pty). A deny
 * with its reason and Enter, a prompt and its Enter, arrows then text in the new-session dialog;
 * and a paste through tmux's paste-buffer -p, which brackets it only because hmux asked the
 * terminal for bracketed paste. Isolated HOME/XDG dirs; the tmux server is private to the test.
 */
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_TMUX, type IsolatedSession, isolatedSession, ROOT, tmuxDriver } from "./tmux-driver.js";

const lines = (s: string) => s.replace(/\n+$/, "").split("\n");
/** The rail, the screen's first row. */
const rail = (s: string) => lines(s)[0] ?? "";

for (const [columns, rows] of [
  [80, 24],
  [160, 48],
] as const) {
  describe.skipIf(!HAVE_TMUX)(`keys in bursts at ${columns}×${rows}, in tmux`, () => {
    const socket = `hmux-e2e-bursts-${columns}-${process.pid}`;
    const target = "bursts";
    const stderrLog = join(tmpdir(), `hmux-e2e-bursts-${columns}-${process.pid}.log`);
    const pasteFile = join(tmpdir(), `hmux-e2e-bursts-${columns}-${process.pid}.paste`);
    const { tmux, screen, keys, waitFor, stop } = tmuxDriver(socket, target, stderrLog);
    let session: IsolatedSession;

    beforeAll(() => {
      session = isolatedSession("hmux-e2e-bursts-", { vars: { HMUX_SERVER_IDLE_EXIT: "2" } });
      const args = `demo --port 0 --harness claude --prompt 'start bursts' --script test/e2e/bursts-script.json`;
      tmux(
        "new-session",
        "-d",
        "-x",
        String(columns),
        "-y",
        String(rows),
        "-s",
        target,
        session.command(`${args} 2>${stderrLog}`),
      );
    });

    afterAll(async () => {
      await session.close(stop);
      rmSync(stderrLog, { force: true });
      rmSync(pasteFile, { force: true });
      rmSync(join(ROOT, "burst-e2e.txt"), { force: true });
    });

    it("a deny with its reason, a prompt with its Enter, a bracketed paste, and arrows then text in the dialog", async () => {
      await waitFor(
        "claude's approval",
        (s) => /1:claude-1 !/.test(rail(s)) && s.includes("touch burst-e2e.txt"),
        120_000,
      );

      // d, the reason and Enter in one write: the approval is denied with that reason.
      keys("-l", "dbecause\r");
      const denied = await waitFor("the denial", (s) => s.includes("denied, so no file."));
      expect(denied).toContain("because");
      expect(denied).not.toMatch(/› dbecause/);
      expect(rail(denied)).not.toMatch(/1:claude-1 !/);

      // A prompt and its Enter in one send-keys call: the prompt is sent, not left in the input line.
      await waitFor("the idle input line", (s) => s.includes("› prompt"));
      keys("hello there", "Enter");
      await waitFor("the reply to the prompt", (s) => s.includes("hello back."));

      // A paste with a line break, bracketed by tmux because hmux turned bracketed paste on: it is
      // text on the input line (the line break kept), sent only by the Enter that follows.
      await waitFor("the idle input line", (s) => s.includes("› prompt"));
      writeFileSync(pasteFile, "pasted line one\npasted line two");
      tmux("load-buffer", "-b", "bursts", pasteFile);
      tmux("paste-buffer", "-p", "-d", "-b", "bursts", "-t", target);
      const pasted = await waitFor("the paste on the input line", (s) =>
        s.includes("› pasted line one↵pasted line two"),
      );
      expect(pasted).not.toContain("got a line on its own.");
      keys("Enter");
      const sent = await waitFor("the reply to the paste", (s) =>
        /got (both lines in one prompt|a line on its own)\./.test(s),
      );
      expect(sent).toContain("got both lines in one prompt.");
      expect(sent).not.toContain("got a line on its own.");

      // The new-session dialog: Alt+n, three Downs and a path in one send-keys call open it and put
      // the path in the field the cursor moved to (cwd), not in the harness field it started on.
      keys("M-n", "Down", "Down", "Down", "/nonexistent");
      const dialog = await waitFor("the path in cwd", (s) => /› cwd\s+\/nonexistent/.test(s));
      expect(dialog).toMatch(/ harness\s+claude\s/);
      expect(dialog).not.toContain("claude/nonexistent");
      keys("Escape");
      await waitFor("the dialog closed", (s) => !s.includes("new session ·"));
      expect(screen()).toContain("› prompt");
    });
  });
}
