/**
 * Plain `hmux` on a server that already holds sessions: the first screen says how many and how
 * many wait for you, and the key that opens them; the rail lists them and names the one that
 * waits; the reopen key opens them one by one. At 80×24 and 160×48.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

function held() {
  const claude = new FakePort({ harness: "claude" });
  const pi = new FakePort({ harness: "pi" });
  return { claude, pi, all: [claude, pi] };
}

const ask = (p: FakePort) => {
  p.emit({
    kind: "approval-request",
    call: { callId: "c1", tool: "Bash", input: { command: "touch z.txt" }, openedAt: 1000, deadlineAt: null },
  });
  p.emit({ kind: "state", from: "running", to: "awaiting-approval" });
};

describe.each([
  [80, 24],
  [160, 48],
])("the first screen of a TUI on a server holding sessions (%i×%i)", (columns, rows) => {
  it("says the server holds 2 sessions, 1 waiting, and that Alt+o opens them", async () => {
    const s = held();
    m = await mount({ ports: [], paneless: s.all, columns, rows });
    ask(s.claude);
    await m.flush();
    const screen = m.frame().replace(/\s+/g, " ");
    expect(screen).toContain("the hmux server holds 2 sessions (1 waiting for you) · Alt+o opens one");
    expect(m.frame().split("\n")[0]).toContain("approval needed in closed pane (claude)");
    expect(m.store.state.panes).toEqual([]);
  });

  it("Alt+o opens them as panes, one each time", async () => {
    const s = held();
    m = await mount({ ports: [], paneless: s.all, columns, rows });
    await m.type(KEYS.alt("o"));
    expect(m.store.state.panes).toHaveLength(1);
    await m.type(KEYS.alt("o"));
    expect(m.store.state.panes).toHaveLength(2);
  });
});

describe("a TUI on an empty server", () => {
  it("offers a new session, as before", async () => {
    m = await mount({ ports: [] });
    expect(m.frame()).toContain("no panes open · Alt+n new session · Alt+o reopen a closed pane");
  });
});
