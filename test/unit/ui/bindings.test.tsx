import { afterEach, describe, expect, it } from "vitest";
import { draftOf, focusedKey, focusedView } from "../../../src/ui/store/ui-state.js";
import { acceptedPlan, refusedPlan } from "./fake-launcher.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const idle = (p: FakePort) => p.emit({ kind: "state", from: "starting", to: "idle" });
const running = (p: FakePort) => p.emit({ kind: "state", from: "idle", to: "running" });
const approval = (p: FakePort, callId = "c1", input: unknown = { command: "rm -rf build" }) => {
  p.emit({ kind: "approval-request", call: { callId, tool: "Bash", input, openedAt: 0, deadlineAt: null } });
  p.emit({ kind: "state", from: "running", to: "awaiting-approval" });
};
const three = () => [
  new FakePort({ harness: "claude" }),
  new FakePort({ harness: "codex" }),
  new FakePort({ harness: "pi" }),
];

describe("focus, zoom and panes", () => {
  it("Alt+1…9 focuses a pane by number", async () => {
    m = await mount({ ports: three() });
    expect(m.store.state.focus).toBe(2);
    await m.type(KEYS.alt("1"));
    expect(m.store.state.focus).toBe(0);
    await m.type(KEYS.alt("9"));
    expect(m.store.state.focus).toBe(0);
  });

  it("Alt+arrows move focus between neighbouring panes", async () => {
    m = await mount({ ports: three() });
    await m.type(KEYS.alt("1"), KEYS.altRight);
    expect(m.store.state.focus).toBe(1);
    await m.type(KEYS.altRight, KEYS.altLeft, KEYS.altLeft);
    expect(m.store.state.focus).toBe(0);
  });

  it("Alt+z zooms the focused pane and back", async () => {
    m = await mount({ ports: three() });
    await m.type(KEYS.alt("2"), KEYS.alt("z"));
    expect(m.store.state.zoom).toBe(true);
    expect(m.frame()).toContain("2 codex");
    expect(m.frame()).not.toContain("1 claude");
    await m.type(KEYS.alt("z"));
    expect(m.frame()).toContain("1 claude");
  });

  it("Alt+w closes a pane without killing its session; Alt+o reopens it", async () => {
    const ports = three();
    m = await mount({ ports });
    await m.type(KEYS.alt("2"), KEYS.alt("w"));
    expect(m.store.state.panes).toHaveLength(2);
    expect(ports[1]!.intents).toEqual([]);
    expect(m.frame()).toContain("–:codex");
    await m.type(KEYS.alt("o"));
    expect(m.store.state.panes).toHaveLength(3);
  });

  it("PgUp scrolls back and stays put while output arrives; PgDn returns to following", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    for (let i = 0; i < 80; i++) p.emit({ kind: "message", role: "assistant", text: `row ${i}` });
    await m.flush();
    expect(m.frame()).toContain("row 79");
    await m.type(KEYS.pageUp);
    const frame = m.frame();
    expect(frame).not.toContain("row 79");
    expect(frame).toContain("PgDn to follow");
    p.emit({ kind: "message", role: "assistant", text: "row 80" });
    await m.flush();
    expect(m.frame()).not.toContain("row 80");
    await m.type(KEYS.pageDown, KEYS.pageDown);
    expect(m.frame()).toContain("row 80");
  });
});

describe("input line", () => {
  it("Enter sends a turn when the session is idle", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    idle(p);
    await m.flush();
    await m.type("fix the bug", KEYS.enter);
    expect(p.intents).toEqual([{ kind: "send", text: "fix the bug", mode: "turn" }]);
    expect(m.frame()).toContain("› fix the bug");
  });

  it("steers a running turn where the harness supports it, and says why not where it does not", async () => {
    const steerable = new FakePort({ harness: "codex", support: { steer: true } });
    const plain = new FakePort({ harness: "claude" });
    m = await mount({ ports: [steerable, plain] });
    running(steerable);
    running(plain);
    await m.flush();
    await m.type(KEYS.alt("1"), "use pnpm", KEYS.enter);
    expect(steerable.intents).toEqual([{ kind: "send", text: "use pnpm", mode: "steer" }]);
    await m.type(KEYS.alt("2"));
    expect(m.frame()).toContain("claude cannot take input mid-turn");
  });

  it("typed letters reach the input line even while an approval is open, once typing started", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    idle(p);
    await m.flush();
    await m.type("ba");
    expect(draftOf(m.store.state, focusedKey(m.store.state))).toBe("ba");
    expect(p.intents).toEqual([]);
  });
});

describe("question", () => {
  it("a number key answers with that option", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    p.emit({ kind: "question", question: "Which db?", options: ["sqlite", "postgres"], recommended: "postgres" });
    p.emit({ kind: "state", from: "running", to: "awaiting-input" });
    await m.flush();
    expect(m.frame()).toContain("★ recommended");
    await m.type("2");
    expect(p.intents).toEqual([{ kind: "answer", text: "postgres" }]);
  });

  it("free text answers too", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    p.emit({ kind: "question", question: "Name?", options: [] });
    p.emit({ kind: "state", from: "running", to: "awaiting-input" });
    await m.flush();
    expect(m.frame()).toContain("answer ›");
    await m.type("call it zed", KEYS.enter);
    expect(p.intents).toEqual([{ kind: "answer", text: "call it zed" }]);
  });
});

describe("question asked in text (hcn-question)", () => {
  it("shows the widget without the block, and the answer goes as the next turn", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    p.emit({ kind: "session", sessionId: "s-1", harness: "claude", origin: "fresh", escalateQuestions: true });
    p.emit({
      kind: "message",
      role: "assistant",
      text: 'One decision:\n\n```hcn-question\n{"question":"Keep it?","options":["keep it","delete it"],"recommended":"keep it"}\n```',
    });
    p.emit({ kind: "done", exitCode: 0, cause: "clean" }, { kind: "state", from: "running", to: "idle" });
    await m.flush();
    expect(m.frame()).toContain("? Keep it?");
    expect(m.frame()).not.toContain("hcn-question");
    await m.type("1");
    expect(p.intents).toEqual([
      {
        kind: "send",
        mode: "turn",
        text: 'The user answered the question: "Keep it?" with: keep it. Continue accordingly.',
      },
    ]);
    await m.flush();
    expect(m.frame()).not.toContain("? Keep it?");
  });

  it("without escalation the block stays text", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    p.emit({ kind: "message", role: "assistant", text: '```hcn-question\n{"question":"Q?","options":["a"]}\n```' });
    await m.flush();
    expect(focusedView(m.store.state)!.question).toBeNull();
  });
});

describe("approval keys", () => {
  it("a allows the head of the queue", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    approval(p);
    await m.flush();
    await m.type("a");
    expect(p.intents).toEqual([{ kind: "decide", callId: "c1", decision: { decision: "allow" } }]);
  });

  it("d asks for a reason; an empty reason is not sent; a typed one is", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    approval(p);
    await m.flush();
    await m.type("d");
    expect(m.frame()).toContain("deny reason ›");
    await m.type(KEYS.enter);
    expect(p.intents).toEqual([]);
    expect(m.frame()).toContain("a deny needs a reason");
    await m.type("use make clean instead", KEYS.enter);
    expect(p.intents).toEqual([
      { kind: "decide", callId: "c1", decision: { decision: "deny", reason: "use make clean instead" } },
    ]);
  });

  it("Esc cancels a deny being typed without deciding", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    approval(p);
    await m.flush();
    await m.type("d", "nope", KEYS.escape);
    expect(m.store.state.compose).toBeNull();
    expect(p.intents).toEqual([]);
  });

  it("a deny being typed is dropped, and said so, when the call closes first", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    approval(p);
    await m.flush();
    await m.type("d", "half a reas");
    p.emit({ kind: "approval-cleared", callId: "c1", reason: "decided" });
    await m.flush();
    expect(m.store.state.compose).toBeNull();
    expect(m.frame()).toContain("closed before you sent it");
    await m.type(KEYS.enter);
    expect(p.intents).toEqual([]);
  });

  it("e edits the input as JSON and replaces", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    approval(p, "c1", { command: "ls" });
    await m.flush();
    await m.type("e");
    expect(draftOf(m.store.state, focusedKey(m.store.state))).toBe('{"command":"ls"}');
    await m.type(KEYS.backspace, KEYS.backspace);
    await m.type(' -la"}', KEYS.enter);
    expect(p.intents).toEqual([
      { kind: "decide", callId: "c1", decision: { decision: "replace", input: { command: "ls -la" } } },
    ]);
  });

  it("s abstains to the harness's own check", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    approval(p);
    await m.flush();
    await m.type("s");
    expect(p.intents).toEqual([{ kind: "decide", callId: "c1", decision: { decision: "abstain" } }]);
  });

  it("f opens the full-screen view, where a still allows", async () => {
    const p = new FakePort({ harness: "codex" });
    m = await mount({ ports: [p] });
    approval(p, "c9", { command: Array.from({ length: 30 }, (_, i) => `step ${i}`).join("\n") });
    await m.flush();
    await m.type("f");
    expect(m.frame()).toContain("pane 1 · codex · approval 1/1");
    expect(m.frame()).toContain("step 20");
    await m.type("a");
    expect(p.intents).toEqual([{ kind: "decide", callId: "c9", decision: { decision: "allow" } }]);
    expect(m.store.state.overlay).toBeNull();
  });

  it("a refused decision is shown with its code and reason", async () => {
    const p = new FakePort();
    p.nextOutcome = { result: "refused", refused: { code: "TOO_LATE", reason: "the deadline passed" } };
    m = await mount({ ports: [p] });
    approval(p);
    await m.flush();
    await m.type("a");
    expect(m.frame()).toContain("refused (TOO_LATE): the deadline passed");
  });
});

describe("stopping and quitting", () => {
  it("Esc interrupts the focused running turn", async () => {
    const ports = three();
    m = await mount({ ports });
    running(ports[1]!);
    await m.flush();
    await m.type(KEYS.alt("2"), KEYS.escape);
    expect(ports[1]!.intents).toEqual([{ kind: "interrupt" }]);
    expect(ports[0]!.intents).toEqual([]);
  });

  it("Alt+x halts the focused session; Alt+Shift+x, confirmed, halts all", async () => {
    const ports = three();
    m = await mount({ ports });
    ports.forEach(idle);
    await m.flush();
    await m.type(KEYS.alt("1"), KEYS.alt("x"));
    expect(ports[0]!.intents).toEqual([{ kind: "halt" }]);
    await m.type(KEYS.alt("X"), "y");
    expect(ports.map((p) => p.intents.filter((i) => i.kind === "halt").length)).toEqual([2, 1, 1]);
  });

  it("Ctrl+q asks while sessions run; n stays, y quits", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    running(p);
    await m.flush();
    await m.type(KEYS.ctrl("q"));
    expect(m.frame()).toContain("1 session is still running");
    await m.type("n");
    expect(m.store.state.quitRequested).toBe(false);
    await m.type(KEYS.ctrl("q"), "y");
    expect(m.store.state.quitRequested).toBe(true);
  });

  it("Ctrl+q quits at once when nothing runs", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    p.emit({ kind: "closed", exitCode: 0, cause: "clean" });
    await m.flush();
    await m.type(KEYS.ctrl("q"));
    expect(m.store.state.quitRequested).toBe(true);
  });
});

describe("help, inspector, new session", () => {
  it("? lists every binding; Esc closes it", async () => {
    m = await mount({ ports: [new FakePort()], rows: 48 });
    await m.type("?");
    const f = m.frame();
    for (const text of [
      "Alt+Left",
      "Alt+Right",
      "Alt+Up",
      "Alt+Down",
      "Alt+1…Alt+9",
      "Alt+z",
      "Alt+w",
      "Alt+o",
      "Alt+n",
      "Esc, Ctrl+c",
      "Alt+x",
      "Alt+Shift+x",
      "Ctrl+q",
      "?, F1",
      "Alt+i",
      "PgUp",
      "PgDn",
      "a ",
      "d ",
      "e ",
      "s ",
      "f ",
    ]) {
      expect(f).toContain(text);
    }
    await m.type(KEYS.escape);
    expect(m.store.state.overlay).toBeNull();
  });

  it("Alt+i shows settings with provenance, divergences highlighted, control state and the command log", async () => {
    const p = new FakePort({
      settings: [
        { key: "model", value: "sonnet", tier: "arg" },
        { key: "sandbox", value: "read-only", tier: "project-config", divergence: "claude has no sandbox flag" },
      ],
    });
    p.controlSnapshot = { frame: "read-only", posture: "default", pending: [], census: { allow: 2, deny: 1 } };
    m = await mount({ ports: [p] });
    p.emit({
      kind: "command.result",
      id: "ui-decide-1",
      outcome: { result: "refused", refused: { code: "UNKNOWN_CALL", reason: "no such call" } },
    });
    await m.flush();
    await m.type(KEYS.alt("i"));
    const f = m.frame();
    expect(f).toContain("model");
    expect(f).toContain("[arg]");
    expect(f).toContain("⚠ sandbox");
    expect(f).toContain("claude has no sandbox flag");
    expect(f).toContain("frame read-only");
    expect(f).toContain("posture default");
    expect(f).toContain("allow=2 deny=1");
    expect(f).toContain("refused UNKNOWN_CALL");
    expect(f).toContain("no such call");
    expect(f).toContain("1 claude"); // a drawer: the pane stays visible beside it
  });

  it("the inspector drawer follows focus", async () => {
    const a = new FakePort({ harness: "claude", settings: [{ key: "model", value: "sonnet", tier: "arg" }] });
    const b = new FakePort({ harness: "codex", settings: [{ key: "model", value: "gpt-x", tier: "user-config" }] });
    m = await mount({ ports: [a, b], rows: 40 });
    await m.type(KEYS.alt("1"), KEYS.alt("i"));
    expect(m.frame()).toContain("inspector · claude");
    await m.type(KEYS.alt("2"));
    expect(m.frame()).toContain("inspector · codex");
    expect(m.frame()).toContain("[user-config]");
  });

  it("the new-session dialog shows a refusal with its hint and spawns nothing", async () => {
    let launched = 0;
    const launcher = {
      plan: () =>
        refusedPlan({
          message: "codex has no effort level 'max'",
          hint: "use high",
          issue: "unknown-effort",
          supported: ["low", "medium", "high"],
        }),
      launch: async () => {
        launched++;
        return new FakePort();
      },
    };
    m = await mount({ ports: [new FakePort()], launcher });
    await m.type(KEYS.alt("n"));
    expect(m.frame()).toContain("new session");
    await m.type(KEYS.enter);
    await m.flush();
    expect(m.frame()).toContain("refused (unknown-effort): codex has no effort level 'max'");
    expect(m.frame()).toContain("hint: use high");
    expect(launched).toBe(0);
  });

  it("a launch that fails says why in the dialog, which stays open", async () => {
    const launcher = {
      plan: acceptedPlan,
      launch: async (): Promise<FakePort> => {
        throw new Error("spawn pi ENOENT");
      },
    };
    m = await mount({ ports: [new FakePort()], launcher });
    await m.type(KEYS.alt("n"), KEYS.enter);
    await m.flush();
    await m.flush();
    expect(m.frame()).toContain("did not start: spawn pi ENOENT");
    expect(m.store.state.overlay).toEqual({ kind: "new-session" });
    expect(m.store.state.panes).toHaveLength(1);
  });

  it("a valid new session is launched and opens as a focused pane", async () => {
    const fresh = new FakePort({ harness: "pi" });
    const seen: unknown[] = [];
    const launcher = {
      defaultHarness: "muse",
      plan: acceptedPlan,
      launch: async (r: unknown) => (seen.push(r), fresh),
    };
    m = await mount({ ports: [new FakePort()], launcher });
    await m.type(KEYS.alt("n"));
    expect(m.frame()).toContain("muse"); // the launcher's default harness, offered first
    for (let i = 0; i < "muse".length; i++) await m.type(KEYS.backspace);
    await m.type("pi");
    await m.type(KEYS.tab);
    await m.type("hmux-model");
    await m.type(KEYS.enter);
    await m.flush();
    expect(seen).toEqual([expect.objectContaining({ harness: "pi", model: "hmux-model" })]);
    await m.flush();
    expect(m.store.state.panes).toHaveLength(2);
    expect(m.store.state.focus).toBe(1);
    expect(m.frame()).toContain("2 pi");
  });
});
