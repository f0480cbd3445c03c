/**
 * The approval inbox on the real demo, in a real terminal (tmux) at 50×20, 80×24 and 160×48: the
 * real claude, codex and pi on the scripted model each ask to run `touch hmux-demo.txt` at once.
 * `hmux inbox --json` lists all three oldest first and the TUI's inbox (Alt+Shift+a) in the same
 * order; two are allowed and one denied with a typed reason from the inbox, each reaching its own
 * harness (the allowed ones go on to the demo's question, the denied one takes no for an answer);
 * `hmux decide` on a call the TUI already decided is TOO_LATE with the error table's exit code;
 * `hmux audit` names the person and the TUI behind each decision, and still does after the server
 * is killed with SIGKILL (a new server reads the journals). Keys go in bursts, one send-keys call
 * per step; HOME, XDG and the tmux server are the test's own.
 */
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_TMUX, type IsolatedSession, isolatedSession, sleep, tmuxDriver } from "./tmux-driver.js";

const rail = (s: string) => s.split("\n")[0] ?? "";
const words = (s: string) =>
  s
    .split("\n")
    .map((l) => l.replace(/[│┃╭╮╰╯┏┓┗┛━─▸]/g, " "))
    .join(" ")
    .replace(/\s+/g, " ");

interface InboxLine {
  kind: string;
  session: string;
  name: string;
  harness: string;
  callId?: string;
  subject: string;
}
interface AuditLine {
  session: string;
  harness?: string;
  callId: string;
  decision: string;
  reason?: string;
  decider: string;
  via?: string;
}
const ndjson = <T>(text: string): T[] =>
  text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

for (const [columns, rows] of [
  [50, 20],
  [80, 24],
  [160, 48],
] as const) {
  describe.skipIf(!HAVE_TMUX)(`the approval inbox on the demo at ${columns}×${rows}, in tmux`, () => {
    const socket = `hmux-e2e-inbox-${columns}-${process.pid}`;
    const target = "inbox";
    const stderrLog = join(tmpdir(), `hmux-e2e-inbox-${columns}-${process.pid}.log`);
    const { tmux, keys, waitFor, stop } = tmuxDriver(socket, target, stderrLog);
    let session: IsolatedSession;

    beforeAll(() => {
      session = isolatedSession(`hmux-ib${columns}-`, { vars: { HMUX_SERVER_IDLE_EXIT: "2" } });
      const cmd = session.command(`demo --port 0 --harness claude codex pi 2>${stderrLog}`);
      tmux("new-session", "-d", "-x", String(columns), "-y", String(rows), "-s", target, cmd);
    });

    afterAll(async () => {
      await session.close(stop);
      if (!process.env.KEEP_LOG) rmSync(stderrLog, { force: true });
    });

    it("lists all three, decides each from the inbox for its own harness, refuses a late decide and audits who decided", async () => {
      // Three real harnesses wait at once: the rail counts them.
      await waitFor("three approvals waiting", (s) => rail(s).includes("⚠3"), 180_000);
      const listed = session.hmux("inbox", "--json");
      expect(listed.status, listed.stderr).toBe(0);
      const items = ndjson<InboxLine>(listed.stdout);
      expect(items.map((i) => i.harness).sort()).toEqual(["claude", "codex", "pi"]);
      expect(items.every((i) => i.kind === "approval" && i.subject.includes("touch hmux-demo.txt"))).toBe(true);

      // The TUI's inbox lists the same three, in the server's order.
      keys("M-A");
      const inbox = await waitFor("the inbox", (s) => words(s).includes("inbox · 3 waiting"), 30_000);
      const at = items.map((i) => words(inbox).indexOf(`:${i.name} · `));
      expect(
        at.every((i) => i >= 0),
        words(inbox),
      ).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);

      // Allow the oldest, then the next: each reaches its own harness, which goes on to the demo's
      // question (listed in the inbox in its turn). Then, in one burst, deny the last from the
      // inbox with a reason typed in its pane.
      const [first, second, third] = items as [InboxLine, InboxLine, InboxLine];
      const asks = (i: InboxLine) => (s: string) => words(s).includes(`:${i.name} · question`);
      keys("a");
      await waitFor(`${first.harness} at its question`, asks(first), 90_000);
      keys("a");
      await waitFor(`${second.harness} at its question`, asks(second), 90_000);
      keys("d", "not from the phone", "Enter");
      await waitFor(
        `${third.harness} taking no for an answer`,
        (s) => words(s).includes("took no for an answer"),
        90_000,
      );

      // The two allowed wait on their questions now; the denied one took no for an answer and asks nothing.
      const end = Date.now() + 120_000;
      let waiting: InboxLine[] = [];
      while (Date.now() < end) {
        waiting = ndjson<InboxLine>(session.hmux("inbox", "--json").stdout);
        if (waiting.length === 2 && waiting.every((w) => w.kind === "question")) break;
        await sleep(500);
      }
      expect(waiting.map((w) => [w.kind, w.session]).sort()).toEqual(
        [
          ["question", first.session],
          ["question", second.session],
        ].sort(),
      );
      expect(waiting.every((w) => w.subject === "Should I keep hmux-demo.txt?")).toBe(true);
      await waitFor("the questions counted on the rail", (s) => rail(s).includes("⚠2"), 30_000);

      // A second decision from a shell comes too late, with the error table's exit code.
      const late = session.hmux("decide", first.session, first.callId!, "deny", "--reason", "changed my mind");
      expect(late.status).toBe(2);
      expect(late.stderr).toContain("already decided by person (hmux tui on");

      // The audit names who decided each, and through which client.
      const audited = () => {
        const r = session.hmux("audit", "--json");
        expect(r.status, r.stderr).toBe(0);
        return ndjson<AuditLine>(r.stdout).filter((e) => e.decider !== "policy");
      };
      const expected = [
        [first.session, first.callId, "allow", "person"],
        [second.session, second.callId, "allow", "person"],
        [third.session, third.callId, "deny", "person"],
      ];
      const before = audited();
      const mine = (a: AuditLine[]) =>
        a
          .filter((e) => items.some((i) => i.callId === e.callId && i.session === e.session))
          .map((e) => [e.session, e.callId, e.decision, e.decider]);
      expect(mine(before)).toEqual(expected);
      for (const e of before.filter((x) => items.some((i) => i.callId === x.callId)))
        expect(e.via).toMatch(/^hmux tui on /);
      expect(before.find((e) => e.callId === third.callId && e.session === third.session)?.reason).toBe(
        "not from the phone",
      );
      const text = session.hmux("audit");
      expect(text.stdout).toContain("DECIDED BY");
      expect(text.stdout).toContain("person via hmux tui on");

      // The server dies hard; a new one reads the same decisions from the journals.
      const pid = Number(readFileSync(join(session.runtimeDir, "hmux", "server", "pid"), "utf8").trim());
      process.kill(pid, "SIGKILL");
      await sleep(500);
      expect(mine(audited())).toEqual(expected);
    }, 420_000);
  });
}
