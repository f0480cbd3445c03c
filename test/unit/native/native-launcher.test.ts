import { describe, expect, it } from "vitest";
import { BUILTIN_HARNESSES, builtinRegistry, createRegistry } from "../../../src/adapters/registry.js";
import { nativeKindOf, withNativeSessions } from "../../../src/main/native-launcher.js";
import { nativeKinds } from "../../../src/native/native-plan.js";
import { isNativePort } from "../../../src/ui/native/native-port.js";
import type { SessionLauncher } from "../../../src/ui/session-launcher.js";
import { FakeClock } from "../exec/fakes.js";
import { fakeFactory } from "./fake-pty.js";

const builtinKinds = nativeKinds(builtinRegistry);
const clock = new FakeClock();

const base: SessionLauncher = {
  validate: (r) => ({ ok: false, message: `base saw ${r.harness}` }),
  launch: () => Promise.reject(new Error("base launch")),
};
const found = (kind: string) => ({
  ok: true as const,
  binary: { harness: kind as "claude", executable: `/bin/${kind}`, prefixArgs: [], source: "path" as const },
});
const missing = (kind: string) => ({
  ok: false as const,
  harness: kind as "claude",
  message: `no ${kind} binary found`,
  hint: `install ${kind}`,
});

describe("native sessions from the new-session dialog", () => {
  it("the harness field asks for a native pane as 'shell', 'native <harness>' or '<harness>:native'", () => {
    expect(nativeKindOf("shell", builtinKinds)).toBe("shell");
    expect(nativeKindOf(" native claude ", builtinKinds)).toBe("claude");
    expect(nativeKindOf("native:codex", builtinKinds)).toBe("codex");
    expect(nativeKindOf("pi:native", builtinKinds)).toBe("pi");
    expect(nativeKindOf("claude", builtinKinds)).toBeNull();
    expect(() => nativeKindOf("native cursor", builtinKinds)).toThrow(/no native pane for "cursor"/);
  });

  it("without a wrapped launcher, the refusal offers the native panes the registry has, and only those", () => {
    const size = () => ({ cols: 80, rows: 20 });
    const withNative = BUILTIN_HARNESSES.filter((m) => m.native !== null).map((m) => m.name);
    expect(withNative.length).toBeGreaterThan(1);
    const [dropped, ...kept] = withNative;
    const registry = createRegistry(BUILTIN_HARNESSES.map((m) => (m.name === dropped ? { ...m, native: null } : m)));
    const hint = (launcher: ReturnType<typeof withNativeSessions>) => {
      const v = launcher.validate({ harness: "plain" });
      return v.ok ? "" : (v.hint ?? "");
    };
    expect(hint(withNativeSessions(undefined, { size, clock }))).toContain(`native ${dropped}`);
    const narrowed = hint(withNativeSessions(undefined, { size, registry, clock }));
    expect(narrowed).toMatch(/^harness: shell, /);
    expect(narrowed).not.toContain(`native ${dropped}`);
    for (const name of kept) expect(narrowed).toContain(`native ${name}`);
  });

  it("anything else goes to the wrapped launcher", () => {
    const launcher = withNativeSessions(base, { size: () => ({ cols: 80, rows: 20 }), clock });
    expect(launcher.validate({ harness: "claude" })).toEqual({ ok: false, message: "base saw claude" });
  });

  it("a native request is checked before any spawn: unknown kind, missing binary, bad endpoint", () => {
    const launcher = withNativeSessions(base, {
      size: () => ({ cols: 80, rows: 20 }),
      clock,
      resolveBinary: (k) => (k === "codex" ? missing(k) : found(k)),
    });
    expect(launcher.validate({ harness: "native claude" })).toEqual({ ok: true });
    expect(launcher.validate({ harness: "native codex" })).toEqual({
      ok: false,
      message: "no codex binary found",
      hint: "install codex",
    });
    expect(launcher.validate({ harness: "native nope" })).toMatchObject({
      ok: false,
      message: 'no native pane for "nope"',
    });
    expect(launcher.validate({ harness: "native claude", endpoint: "not a url" })).toMatchObject({
      ok: false,
      message: 'endpoint "not a url" is not an http(s) base URL',
    });
    expect(launcher.validate({ harness: "native claude", prompt: "hi" })).toEqual({
      ok: true,
      notes: ["a native pane ignores the prompt field: type it into the pane"],
    });
  });

  it("launching 'shell' gives a native port at the requested size, its state unknown", async () => {
    const fake = fakeFactory();
    const launcher = withNativeSessions(undefined, {
      size: () => ({ cols: 50, rows: 12 }),
      clock,
      spawn: fake.factory,
      hostEnv: { SHELL: "/bin/sh", PATH: "/bin" },
    });
    const port = await launcher.launch({ harness: "shell", cwd: "/" });
    expect(isNativePort(port)).toBe(true);
    if (!isNativePort(port)) return;
    expect([port.terminal.cols, port.terminal.rows]).toEqual([50, 12]);
    expect(port.stateKnown).toBe(false);
    await port.close();
  });
});
