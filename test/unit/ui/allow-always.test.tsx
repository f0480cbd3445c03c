/**
 * "Allow always" in the TUI: `A` sends the allow with scope session (the same tool.decide a
 * program sends) and the core's classifier decides every later call. The D1 reproductions
 * (newcomer-2026-12b) run here on a real session runtime behind the pane's port: a rule made on
 * claude's `touch a` or codex's `/bin/bash -lc 'touch x'` never lets `rm` run unasked.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SAFE_POLICY, makeClassifier } from "../../../src/core/control/policy.js";
import type { PendingCall, SessionEvent } from "../../../src/core/control/types.js";
import { HandleSessionPort } from "../../../src/ui/handle-session-port.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import { testCapabilities } from "../session/scripted-bridge.js";
import { setup } from "../session/session-fixture.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const WS = "/work/project";

function realPane(harness: "claude" | "codex") {
  const s = setup({
    harness,
    classify: makeClassifier(DEFAULT_SAFE_POLICY, WS),
    spawn: { argv: ["fake"], cwd: WS, env: {}, stdin: "pipe" },
  });
  // The scripted bridge speaks claude's control channel; the tool names are each harness's own.
  return { ...s, port: new HandleSessionPort(s.handle, testCapabilities()) };
}

const asked = (tool: string, command: string, id: string) => ({
  t: "ask",
  id,
  tool,
  canonical: "shell",
  input: { command },
});
const decisions = (journal: readonly SessionEvent[]) =>
  journal.flatMap((e) =>
    e.kind === "approval-disposition" ? [`${e.callId}:${e.decision.decision}:${e.decider}`] : [],
  );

type AskedCall = Omit<PendingCall, "callId" | "openedAt" | "deadlineAt">;

/** A fake pane of `harness` showing one approval, call c1, as a person would see it. */
async function paneAsking(harness: string, call: AskedCall, options: Omit<Parameters<typeof mount>[0], "ports"> = {}) {
  const p = new FakePort({ harness });
  const view = await mount({ ports: [p], ...options });
  m = view;
  p.emit({ kind: "approval-request", call: { callId: "c1", openedAt: 0, deadlineAt: null, ...call } });
  await view.flush();
  return { p, view };
}

describe("allow always, decided by the core", () => {
  it("D1 claude: the widget shows `touch <args>` before A; A's rule allows touch b and never touch ok.txt; rm -rf important", async () => {
    const s = realPane("claude");
    m = await mount({ ports: [], sessions: [s.port], columns: 100, rows: 30 });
    await s.handle.start();
    await s.feed(asked("Bash", "touch a", "c1"));
    await m.flush();
    expect(m.frame()).toContain("A allow always: Bash `touch <args>` inside the workspace");
    await m.type("A");
    await s.feed(asked("Bash", "touch b", "c2"), asked("Bash", "touch ok.txt; rm -rf important", "c3"));
    await m.flush();
    expect(decisions(s.journal)).toEqual(["c1:allow:person", "c2:allow:rule:r1"]);
    // The pane says which yes was not yours.
    expect(m.frame()).toContain("Bash $ touch b · allowed by rule r1");
    expect(s.handle.snapshot().pending.map((c) => c.callId)).toEqual(["c3"]);
    expect(m.frame()).toContain("touch ok.txt; rm -rf important");
    expect(m.frame()).toContain("allow-always is not offered: it chains 2 commands");
  });

  it("D1 codex: A on /bin/bash -lc 'touch x' makes a rule for touch, never for /bin/bash: rm -rf ./important still asks", async () => {
    const s = realPane("codex");
    m = await mount({ ports: [], sessions: [s.port], columns: 100, rows: 30 });
    await s.handle.start();
    await s.feed(asked("exec_command", "/bin/bash -lc 'touch x'", "c1"));
    await m.flush();
    expect(m.frame()).toContain("A allow always: exec_command `touch <args>` inside the workspace");
    await m.type("A");
    await s.feed(asked("exec_command", "/bin/bash -lc 'rm -rf ./important'", "c2"));
    await m.flush();
    expect(decisions(s.journal)).toEqual(["c1:allow:person"]);
    expect(s.handle.snapshot().pending.map((c) => c.callId)).toEqual(["c2"]);
    expect(s.journal.find((e) => e.kind === "rule")).toMatchObject({ rule: { match: { words: ["touch"] } } });
  });

  it("the inspector lists the core's rule, and its digit revokes it in the core: the next such call asks", async () => {
    const s = realPane("claude");
    m = await mount({ ports: [], sessions: [s.port], columns: 100, rows: 40 });
    await s.handle.start();
    await s.feed(asked("Bash", "npm test", "c1"));
    await m.flush();
    await m.type("A");
    await m.flush();
    await m.type(KEYS.alt("i"));
    expect(m.frame()).toContain("session rules (1)");
    expect(m.frame()).toContain("1. r1 allows Bash `npm test <args>`");
    await m.type("1");
    await m.flush();
    expect(m.frame()).toContain("session rules (0)");
    expect(s.journal.filter((e) => e.kind === "rule").map((e) => (e as { change: string }).change)).toEqual([
      "added",
      "revoked",
    ]);
    await m.type(KEYS.escape);
    await s.feed(asked("Bash", "npm test", "c2"));
    expect(s.handle.snapshot().pending.map((c) => c.callId)).toEqual(["c2"]);
  });

  it("A is not offered on a bare shell: the widget says why, the keys drop it, and pressing it decides nothing", async () => {
    const { p, view } = await paneAsking("claude", {
      tool: "Bash",
      input: { command: "bash ./x.sh" },
      always: { refused: "`bash` runs whatever it is told, so a rule for it would allow any command" },
    });
    expect(view.frame()).toContain("allow-always is not offered: `bash` runs whatever it is told");
    expect(view.frame()).not.toMatch(/A always/);
    await view.type("A");
    expect(p.intents.filter((i) => i.kind === "decide")).toEqual([]);
  });

  it("A sends exactly the program's decision: tool.decide allow with scope session", async () => {
    const { p, view } = await paneAsking("claude", {
      tool: "Bash",
      input: { command: "touch a" },
      always: { allows: "Bash `touch <args>` inside the workspace" },
    });
    await view.type("A");
    expect(p.intents.filter((i) => i.kind === "decide")).toEqual([
      { kind: "decide", callId: "c1", decision: { decision: "allow" }, scope: "session" },
    ]);
  });
});

describe("what allow-always allows, in a narrow pane", () => {
  it("at 80×24 with three panes the rule A would make reads whole, wrapped, before the key is pressed", async () => {
    const ports = [
      new FakePort({ harness: "claude" }),
      new FakePort({ harness: "codex" }),
      new FakePort({ harness: "pi" }),
    ];
    m = await mount({ ports, columns: 80, rows: 24 });
    const allows = "exec_command `touch <args>` inside the workspace";
    ports[1]!.emit({
      kind: "approval-request",
      call: {
        callId: "c1",
        tool: "exec_command",
        input: { command: "/bin/bash -lc 'touch x'" },
        openedAt: 0,
        deadlineAt: null,
        always: { allows },
      },
    });
    await m.flush();
    const words = m
      .frame()
      .split("\n")
      .map((l) => l.replace(/[│┃╭╮╰╯┏┓┗┛━─]/g, " "))
      .join(" ")
      .replace(/\s+/g, " ");
    for (const w of allows.split(" ")) expect(words).toContain(w);
    expect(words).toContain("allow always:");
  });
});

describe("allow always on a path tool: this directory or this path", () => {
  const write = (file: string, id: string) => ({
    t: "ask",
    id,
    tool: "Write",
    canonical: "write",
    input: { file_path: file, content: "x" },
  });

  it("a write offers both before a key is pressed, P makes the rule for that one path: it allows the path again and asks for a sibling", async () => {
    const s = realPane("claude");
    m = await mount({ ports: [], sessions: [s.port], columns: 120, rows: 30 });
    await s.handle.start();
    await s.feed(write(`${WS}/src/a.ts`, "c1"));
    await m.flush();
    expect(m.frame()).toContain("A allow always: Write on any path under src/ inside the workspace");
    expect(m.frame()).toContain("P allow always: Write on src/a.ts only");
    expect(m.frame()).toContain("P this path");
    await m.type("P");
    await s.feed(write(`${WS}/src/a.ts`, "c2"), write(`${WS}/src/b.ts`, "c3"));
    await m.flush();
    expect(s.journal.find((e) => e.kind === "rule")).toMatchObject({
      rule: { id: "r1", match: { kind: "path", path: `${WS}/src/a.ts`, under: false } },
    });
    expect(decisions(s.journal)).toEqual(["c1:allow:person", "c2:allow:rule:r1"]);
    expect(s.handle.snapshot().pending.map((c) => c.callId)).toEqual(["c3"]);
  });

  it("a shell command offers only its command: no path key is shown, and pressing it decides nothing", async () => {
    const s = realPane("claude");
    m = await mount({ ports: [], sessions: [s.port], columns: 120, rows: 30 });
    await s.handle.start();
    await s.feed(asked("Bash", "touch a", "c1"));
    await m.flush();
    expect(m.frame()).toContain("A allow always: Bash `touch <args>` inside the workspace");
    expect(m.frame()).not.toMatch(/P allow always|P this path/);
    await m.type("P");
    await m.flush();
    expect(decisions(s.journal)).toEqual([]);
    expect(s.handle.snapshot().pending.map((c) => c.callId)).toEqual(["c1"]);
  });

  it("the path key sends the program's decision, tool.decide allow with scope path, and its hint follows the keymap", async () => {
    const { p, view } = await paneAsking(
      "pi",
      {
        tool: "write",
        canonical: "write",
        input: { path: "notes/a.txt", content: "x" },
        always: { allows: "write on any path under notes/ inside the workspace" },
        alwaysPath: { allows: "write on notes/a.txt only" },
      },
      { keymap: { ...DEFAULT_KEYMAP, "approval.alwaysPath": ["W"] } },
    );
    expect(view.frame()).toContain("W allow always: write on notes/a.txt only");
    await view.type("P");
    expect(p.intents.filter((i) => i.kind === "decide")).toEqual([]);
    await view.type("W");
    expect(p.intents.filter((i) => i.kind === "decide")).toEqual([
      { kind: "decide", callId: "c1", decision: { decision: "allow" }, scope: "path" },
    ]);
  });
});
