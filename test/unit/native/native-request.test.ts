/**
 * Native panes from the new-session dialog: the TUI only reads the dialog's spelling of one; the
 * server plans it (the same refusals for an unknown kind, a missing binary, a bad endpoint as
 * before any spawn) and opens it.
 */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BUILTIN_HARNESSES, builtinRegistry, createRegistry } from "../../../src/adapters/registry.js";
import type { CliContext } from "../../../src/cli/context.js";
import { serverPlanner } from "../../../src/cli/server-planner.js";
import { createAppContext } from "../../../src/main/context.js";
import { launchNative } from "../../../src/main/native-launch.js";
import { nativeKinds } from "../../../src/native/native-plan.js";
import { nativeChoices, nativeKindOf } from "../../../src/tui-client/native-request.js";
import { ServerPanes } from "../../../src/tui-client/server-panes.js";
import { memoryOutput } from "../../helpers/hmux-in-process.js";
import { FakeClock } from "../exec/fakes.js";
import { nativePorts } from "../server/native-fixture.js";
import { fakeFactory } from "./fake-pty.js";

const found = (kind: string) => ({
  ok: true as const,
  binary: { executable: `/bin/${kind}`, prefixArgs: [] },
});
const missing = (kind: string) => ({ ok: false as const, message: `no ${kind} binary found`, hint: `install ${kind}` });

/** A server planner whose binary port finds every harness but codex. */
function planner() {
  const app = createAppContext({ env: { HOME: "/nonexistent-home", PATH: "/bin" } });
  const context: CliContext = {
    ...app,
    launch: { ...app.launch, binary: (k) => (k === "codex" ? missing(k) : found(k)) },
    output: memoryOutput(),
    input: Readable.from([]),
  };
  const plan = serverPlanner(context);
  return (harness: string, options: Record<string, string> = {}) =>
    plan({ harness, cwd: "/", options, native: { cols: 80, rows: 24 } });
}

const builtinKinds = nativeKinds(builtinRegistry);

describe("native sessions from the new-session dialog", () => {
  it("the harness field asks for a native pane as 'shell', 'native <harness>' or '<harness>:native'", () => {
    expect(nativeKindOf("shell", builtinKinds)).toBe("shell");
    expect(nativeKindOf(" native claude ", builtinKinds)).toBe("claude");
    expect(nativeKindOf("native:codex", builtinKinds)).toBe("codex");
    expect(nativeKindOf("pi:native", builtinKinds)).toBe("pi");
    expect(nativeKindOf("claude", builtinKinds)).toBeNull();
    expect(() => nativeKindOf("native cursor", builtinKinds)).toThrow(/no native pane for "cursor"/);
  });

  it("the dialog offers the native panes the registry has, and only those", () => {
    const withNative = BUILTIN_HARNESSES.filter((m) => m.native !== null).map((m) => m.name);
    expect(withNative.length).toBeGreaterThan(1);
    const [dropped, ...kept] = withNative;
    const registry = createRegistry(BUILTIN_HARNESSES.map((m) => (m.name === dropped ? { ...m, native: null } : m)));
    expect(nativeChoices(nativeKinds(builtinRegistry))).toContain(`native ${dropped}`);
    const link = { request: () => Promise.reject(new Error("unused")), onTable: () => () => undefined };
    const offered = new ServerPanes({
      now: Date.now,
      link: link as never,
      cwd: "/",
      nativeKinds: nativeKinds(registry),
      createNative: () => Promise.reject(new Error("unused")),
    }).launcher("pi", ["pi"]).harnesses;
    expect(offered?.slice(0, 2)).toEqual(["pi", "shell"]);
    expect(offered).not.toContain(`native ${dropped}`);
    for (const name of kept) expect(offered).toContain(`native ${name}`);
  });

  it("the server plans a native request before any spawn: unknown kind, missing binary, bad endpoint", async () => {
    const plan = planner();
    expect(await plan("claude")).toMatchObject({ ok: true, harness: "claude", cwd: "/" });
    expect(await plan("shell")).toEqual({ ok: true, harness: "shell", cwd: "/", settings: [], notes: [] });
    expect(await plan("codex")).toEqual({
      ok: false,
      refusals: [{ message: "no codex binary found", hint: "install codex", issue: "no-native-pane" }],
    });
    expect(await plan("nope")).toMatchObject({ ok: false, refusals: [{ message: 'no native pane for "nope"' }] });
    expect(await plan("claude", { endpoint: "not a url" })).toMatchObject({
      ok: false,
      refusals: [{ message: 'endpoint "not a url" is not an http(s) base URL' }],
    });
    expect(await plan("claude", { prompt: "hi" })).toMatchObject({
      ok: true,
      notes: ["a native pane ignores the prompt: type it into the pane"],
    });
  });

  it("launching 'shell' gives a native session at the requested size, its state unknown", async () => {
    const fake = fakeFactory();
    const { session } = await launchNative(
      { kind: "shell", cwd: "/", cols: 50, rows: 12 },
      { ...nativePorts({ SHELL: "/bin/sh", PATH: "/bin" }), spawn: fake.factory, clock: new FakeClock() },
    );
    expect([session.terminal.cols, session.terminal.rows]).toEqual([50, 12]);
    expect(session.stateKnown).toBe(false);
    await session.close();
  });
});
