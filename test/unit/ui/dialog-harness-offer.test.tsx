/**
 * A launcher with an `offer` (the server's list) is asked for it each time the dialog opens: the
 * dialog says it is asking until the answer comes, then offers that list; an error from the
 * server is the dialog's refusal, and nothing can start from it.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { HarnessChoices, NewSessionRequest } from "../../../src/ui/session-launcher.js";
import { acceptedPlan } from "./fake-launcher.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

function offering(answers: Array<Promise<HarnessChoices>>, launched: NewSessionRequest[] = []) {
  return {
    offer: () => answers.shift() ?? Promise.reject(new Error("asked once too often")),
    plan: (r: NewSessionRequest) => acceptedPlan(r),
    launch: async (r: NewSessionRequest) => (launched.push(r), new FakePort()),
  };
}

describe("the dialog's harness list is the launcher's answer", () => {
  it("says it is asking, then offers the list the server gave, its first chosen", async () => {
    let answer: (c: HarnessChoices) => void = () => undefined;
    const pending = new Promise<HarnessChoices>((resolve) => {
      answer = resolve;
    });
    const launched: NewSessionRequest[] = [];
    m = await mount({ ports: [new FakePort()], columns: 100, rows: 30, launcher: offering([pending], launched) });
    await m.type(KEYS.alt("n"));
    expect(m.frame()).toContain("asking the server which harnesses it offers");
    answer({ harnesses: ["claude", "from-server-config", "shell"], defaultHarness: "from-server-config" });
    await m.flush();
    expect(m.frame()).toContain("claude · [from-server-config] · shell");
    await m.type(KEYS.enter);
    await m.flush();
    expect(launched).toEqual([{ harness: "from-server-config" }]);
  });

  it("Esc while the server is still asked cancels the dialog at once, however long the answer takes", async () => {
    const never = new Promise<HarnessChoices>(() => undefined);
    const launched: NewSessionRequest[] = [];
    m = await mount({ ports: [new FakePort()], columns: 100, rows: 30, launcher: offering([never], launched) });
    await m.type(KEYS.alt("n"));
    expect(m.frame()).toContain("asking the server which harnesses it offers");
    await m.type(KEYS.escape);
    await m.flush();
    expect(m.store.state.overlay).toBeNull();
    expect(m.frame()).not.toContain("asking the server");
    expect(launched).toEqual([]);
  });

  it("keys typed while the server is asked reach the form once the list comes, in order", async () => {
    let answer: (c: HarnessChoices) => void = () => undefined;
    const pending = new Promise<HarnessChoices>((resolve) => {
      answer = resolve;
    });
    const launched: NewSessionRequest[] = [];
    m = await mount({ ports: [new FakePort()], columns: 100, rows: 30, launcher: offering([pending], launched) });
    await m.type(KEYS.alt("n"), KEYS.tab, "o", "p", "u", "s");
    answer({ harnesses: ["claude", "pi"], defaultHarness: "pi" });
    await m.flush();
    await m.type(KEYS.enter);
    await m.flush();
    expect(launched).toEqual([{ harness: "pi", model: "opus" }]);
  });

  it("shows the server's error as its refusal, Enter starts nothing, and Esc closes it", async () => {
    const launched: NewSessionRequest[] = [];
    const failing = Promise.reject(new Error("no such directory on box"));
    failing.catch(() => undefined);
    m = await mount({ ports: [new FakePort()], columns: 100, rows: 30, launcher: offering([failing], launched) });
    await m.type(KEYS.alt("n"));
    await m.flush();
    expect(m.frame()).toContain("cannot start a session: no such directory on box");
    await m.type(KEYS.enter);
    await m.flush();
    expect(launched).toEqual([]);
    await m.type(KEYS.escape);
    await m.flush();
    expect(m.frame()).not.toContain("cannot start a session");
  });
});
