/**
 * D1 (newcomer-2026-12b) on the real demo, in a real terminal (tmux), at 80×24 and 160×48: `A`
 * on codex's `/bin/bash -lc 'touch hmux-demo.txt'` and on claude's `touch hmux-demo.txt` shows
 * what it will allow before the key is pressed (`touch <args>` inside the workspace), makes a rule
 * that answers the next touch as rule:r1 — in the pane and in the journal — and never lets the
 * reproduction's rm run unasked: codex's `rm -rf ./important` and claude's
 * `touch ok.txt; rm -rf important` both wait for a person. Each step's keys go in one send-keys
 * call. Isolated HOME/XDG dirs; the tmux server is private to the test.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_TMUX, type IsolatedSession, isolatedSession, sleep, tmuxDriver } from "./tmux-driver.js";

const lines = (s: string) => s.replace(/\n+$/, "").split("\n");
/** The rail, the screen's first row. */
const rail = (s: string) => lines(s)[0] ?? "";
/** The screen as one line of words: a wrapped line reads as it was written, pane borders dropped. */
const words = (s: string) =>
  s
    .split("\n")
    .map((l) => l.replace(/[│┃╭╮╰╯┏┓┗┛━─]/g, " "))
    .join(" ")
    .replace(/\s+/g, " ");

/** The demo's project folder (the panes' cwd): the one folder named project holding the demo's README. */
function demoProject(root: string): string | undefined {
  const walk = (dir: string, depth: number): string | undefined => {
    if (depth > 6) return undefined;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      const path = join(dir, e.name);
      if (e.name === "project" && existsSync(join(path, "README.md"))) return path;
      const found = walk(path, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return walk(root, 0);
}

/** Every approval decision the session's journal holds, by decider, in order (the policy's own yeses to reads left out). */
function journaledDeciders(state: string): string[] {
  const dir = join(state, "hmux", "sessions");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ndjson"))
    .flatMap((f) => readFileSync(join(dir, f), "utf8").split("\n").filter(Boolean))
    .map((l) => (JSON.parse(l) as { event: { kind: string; decider?: string } }).event)
    .flatMap((e) => (e.kind === "approval-disposition" && e.decider !== "policy" ? [String(e.decider)] : []));
}

const CASES = [
  {
    harness: "codex",
    tool: "exec_command",
    rm: "[[bash:rm -rf ./important]] clean up",
    rmShown: "rm -rf ./important",
  },
  {
    harness: "claude",
    tool: "Bash",
    rm: "[[bash:touch ok.txt; rm -rf important]] tidy up",
    rmShown: "touch ok.txt; rm -rf important",
  },
] as const;

for (const [columns, rows] of [
  [80, 24],
  [160, 48],
] as const) {
  for (const c of CASES) {
    describe.skipIf(!HAVE_TMUX)(`allow always on the demo's ${c.harness} at ${columns}×${rows}, in tmux`, () => {
      const socket = `hmux-e2e-always-${c.harness}-${columns}-${process.pid}`;
      const target = "always";
      const stderrLog = join(tmpdir(), `hmux-e2e-always-${c.harness}-${columns}-${process.pid}.log`);
      const { tmux, screen, keys, waitFor, stop } = tmuxDriver(socket, target, stderrLog);
      let session: IsolatedSession;

      beforeAll(() => {
        session = isolatedSession(`hmux-e2e-always-${c.harness}-`, { vars: { HMUX_SERVER_IDLE_EXIT: "2" } });
        const cmd = session.command(`demo --port 0 --harness ${c.harness} 2>${stderrLog}`);
        tmux("new-session", "-d", "-x", String(columns), "-y", String(rows), "-s", target, cmd);
      });

      afterAll(async () => {
        await session.close(stop);
        rmSync(stderrLog, { force: true });
      });

      it("A shows `touch <args>` before it is pressed, its rule answers touch as rule:r1, and the rm still asks", async () => {
        // The demo's one session, as the server names it.
        const paneRail = new RegExp(`1:${c.harness}-1 !`);
        const idle = new RegExp(`1:${c.harness}-1 ○`);
        const offered = `A allow always: ${c.tool} \`touch <args>\` inside the workspace`;

        // The demo's own approval: what A will allow reads whole before the key is pressed.
        const asks = await waitFor(
          `${c.harness}'s approval of touch hmux-demo.txt`,
          (s) => paneRail.test(rail(s)) && s.includes("touch hmux-demo.txt") && words(s).includes(offered),
          120_000,
        );
        expect(words(asks)).toContain(offered);
        keys("A");

        // Its question, answered by number; the demo ends its turn.
        await waitFor("the demo's question", (s) => s.includes("Should I keep hmux-demo.txt?"), 60_000);
        keys("1");
        await waitFor(
          "the demo's last line",
          (s) => s.includes("That is the whole demo") && idle.test(rail(s)),
          60_000,
        );

        // Another touch: the rule answers it, and the pane says so.
        keys("[[bash:touch again.txt]] once more", "Enter");
        await waitFor("touch allowed by the rule", (s) => words(s).includes("allowed by rule r1"), 60_000);
        await waitFor(`${c.harness} idle after the ruled touch`, (s) => idle.test(rail(s)), 60_000);

        // The reproduction's rm: it waits for a person, and nothing of it has run.
        const project = demoProject(session.home);
        expect(project).toBeDefined();
        mkdirSync(join(project!, "important"), { recursive: true });
        keys(c.rm, "Enter");
        const held = await waitFor(
          "the rm waiting for approval",
          (s) => paneRail.test(rail(s)) && s.includes("⚠ approval") && words(s).includes(c.rmShown),
          60_000,
        );
        expect(held).not.toMatch(/✓ \S+ \$ .*rm -rf/);
        expect(existsSync(join(project!, "important"))).toBe(true);

        // The journal names who decided: the person's A, then the rule's yes; the rm is undecided.
        const state = session.vars.XDG_STATE_HOME!;
        const end = Date.now() + 30_000;
        while (!journaledDeciders(state).includes("rule:r1") && Date.now() < end) await sleep(250);
        expect(journaledDeciders(state)).toEqual(["person", "rule:r1"]);
        expect(rail(screen())).toMatch(paneRail);
      }, 300_000);
    });
  }
}
