/**
 * The race port of a TUI running its sessions in its own process, on real git: the launcher
 * opens each contestant's pane in its own worktree, the ports handed back are the panes the TUI
 * shows, the race (src/race) scores from their events and records itself, and picking ends every
 * contestant's session before it merges.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { localRacePort } from "../../../src/main/race-port.js";
import { RaceStore } from "../../../src/race/record.js";
import type { NewSessionRequest, SessionLauncher } from "../../../src/ui/session-launcher.js";
import { openWorkspace } from "../../../src/workspace/lease.js";
import { FakePort } from "../ui/fake-port.js";
import { GitFixture } from "../workspace/git-fixture.js";

let fx: GitFixture;
afterEach(() => fx?.cleanup());

const done: SessionEvent = { kind: "done", exitCode: 0, cause: "clean" };

/** A pane whose halt closes it, as a real session's does. */
class ClosingPort extends FakePort {
  override async halt() {
    const outcome = await super.halt();
    this.emit({ kind: "closed", exitCode: null, cause: "killed" });
    return outcome;
  }
}

function launcher(work: Record<string, Record<string, string>>) {
  const requests: NewSessionRequest[] = [];
  const ports: ClosingPort[] = [];
  const launch: SessionLauncher["launch"] = async (request) => {
    requests.push(request);
    const lease = await openWorkspace(fx.ports(), fx.request({ flag: request.worktree, harness: request.harness }));
    for (const [path, text] of Object.entries(work[request.harness] ?? {}))
      writeFileSync(join(lease!.entry.path, path), text);
    const port = new ClosingPort({
      harness: request.harness as "claude",
      workspace: { name: lease!.entry.name, branch: lease!.entry.branch, base: lease!.entry.base },
    });
    ports.push(port);
    return port;
  };
  return { launch, requests, ports };
}

describe("a TUI's own race port", () => {
  it("opens each contestant through the launcher in its own worktree and hands back the very panes", async () => {
    fx = new GitFixture();
    const l = launcher({});
    const port = localRacePort({ workspace: fx.ports(), launcher: l, cwd: fx.repo, checkTimeoutMs: 30_000 });
    const started = await port.start({ name: "l1", prompt: "do it", harnesses: ["a", "b"], check: null });
    expect(l.requests).toEqual([
      { harness: "a", cwd: fx.repo, prompt: "do it", worktree: "l1-a" },
      { harness: "b", cwd: fx.repo, prompt: "do it", worktree: "l1-b" },
    ]);
    expect(started.contestants).toEqual([
      { harness: "a", port: l.ports[0] },
      { harness: "b", port: l.ports[1] },
    ]);
  });

  it("scores from the panes' events, records the race, and picking ends every session before merging", async () => {
    fx = new GitFixture();
    const l = launcher({ a: { "x.txt": "a\n" }, b: { "x.txt": "b\n" } });
    const port = localRacePort({ workspace: fx.ports(), launcher: l, cwd: fx.repo, checkTimeoutMs: 30_000 });
    await port.start({ name: "l2", prompt: "do it", harnesses: ["a", "b"], check: "test -e x.txt" });
    await expect(port.score("l2")).rejects.toMatchObject({ code: "RACE_RUNNING" });
    for (const p of l.ports) p.emit({ kind: "usage", inputTokens: 3 }, done);
    const card = await port.score("l2");
    expect(card.summary.passed).toEqual(["a", "b"]);
    expect(new RaceStore(fx.env).read("l2").scorecard?.summary.passed).toEqual(["a", "b"]);
    const text = await port.pick("l2", "a");
    expect(l.ports.every((p) => p.intents.some((i) => i.kind === "halt"))).toBe(true);
    expect(text).toMatch(/^race l2: merged hmux\/l2-a into main/);
    expect(readFileSync(join(fx.repo, "x.txt"), "utf8")).toBe("a\n");
    expect(existsSync(card.contestants[1]!.path)).toBe(false);
    await expect(port.discard("l2")).rejects.toMatchObject({ code: "TOO_LATE" });
  });
});
