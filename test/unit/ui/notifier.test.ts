import { describe, expect, it } from "vitest";
import { Notifier } from "../../../src/ui/notify/notifier.js";

function make(
  env: Record<string, string | undefined>,
  method: "auto" | "osc9" | "bel" | "off" = "auto",
  cooldownSeconds = 20,
) {
  const out: string[] = [];
  let now = 0;
  const n = new Notifier(
    { enabled: true, method, cooldownSeconds },
    { write: (s) => out.push(s), now: () => now, env },
  );
  return { n, out, advance: (ms: number) => (now += ms) };
}

describe("terminal notifications", () => {
  it("OSC 9 names the session and the reason where the terminal shows it", () => {
    const { n, out } = make({ TERM_PROGRAM: "iTerm.app" });
    expect(n.notify("s1", "codex (pane 3)", "approval needed: Bash")).toBe(true);
    expect(out).toEqual(["\u001b]9;hmux: codex (pane 3) — approval needed: Bash\u0007"]);
  });

  it("falls back to BEL on unknown terminals", () => {
    const { n, out } = make({ TERM_PROGRAM: "xterm" });
    n.notify("s1", "claude", "question");
    expect(out).toEqual(["\u0007"]);
  });

  it("a session is not re-notified within the cooldown; another session is", () => {
    const { n, out, advance } = make({}, "bel", 20);
    n.notify("s1", "a", "x");
    advance(5000);
    expect(n.notify("s1", "a", "x")).toBe(false);
    expect(n.notify("s2", "b", "x")).toBe(true);
    advance(16_000);
    expect(n.notify("s1", "a", "x")).toBe(true);
    expect(out).toHaveLength(3);
  });

  it("inside tmux, OSC 9 is wrapped for passthrough", () => {
    const { n, out } = make({ TMUX: "/tmp/tmux-1/default,1,0" }, "osc9");
    n.notify("s1", "pi", "failed");
    expect(out[0]!.startsWith("\u001bPtmux;\u001b\u001b]9;")).toBe(true);
  });

  it("off writes nothing; control characters cannot break the sequence", () => {
    const off = make({}, "off");
    expect(off.n.notify("s1", "a", "b")).toBe(false);
    expect(off.out).toEqual([]);
    const { n, out } = make({}, "osc9");
    n.notify("s1", "evil\u0007title", "x\u001b]y");
    expect(out[0]!.slice(4, -1)).not.toMatch(/[\u0000-\u001f]/);
  });
});

describe("notifications by kind and by OSC 777", () => {
  const config = (over: Partial<ConstructorParameters<typeof Notifier>[0]> = {}) => ({
    enabled: true,
    method: "osc777" as const,
    cooldownSeconds: 0,
    ...over,
  });
  it("OSC 777 carries the title and the reason as notify's two fields", () => {
    const out: string[] = [];
    const n = new Notifier(config(), { write: (s) => out.push(s), now: () => 0, env: {} });
    n.notify("s1", "claude (pane 1)", "approval needed: Bash", "approval");
    expect(out).toEqual(["\u001b]777;notify;hmux: claude (pane 1);approval needed: Bash\u0007"]);
  });

  it("a kind turned off in the config is never notified; the others are", () => {
    const out: string[] = [];
    const n = new Notifier(config({ kinds: { approval: true, question: false, failure: true } }), {
      write: (s) => out.push(s),
      now: () => 0,
      env: {},
    });
    expect(n.notify("s1", "pi", "question: which?", "question")).toBe(false);
    expect(n.notify("s2", "pi", "approval needed: bash", "approval")).toBe(true);
    expect(out).toHaveLength(1);
  });
});
