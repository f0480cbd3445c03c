import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { resolveBinary } from "../../../src/spawn/binaries.js";

const roots: string[] = [];
function fakeRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "hmux-bin-"));
  roots.push(root);
  return root;
}
function exe(path: string, content: string): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, content);
  chmodSync(path, 0o755);
}
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

const STUB = "#!/bin/sh\necho 'claude native binary not installed: run node install.cjs' >&2\nexit 1\n";

describe("binary resolution", () => {
  it("claude's install stub is skipped for the platform package's native binary", () => {
    const root = fakeRoot();
    exe(join(root, "node_modules/@anthropic-ai/claude-code/bin/claude.exe"), STUB);
    exe(join(root, "node_modules/@anthropic-ai/claude-code-linux-x64/claude"), `\x7fELF${"x".repeat(70_000)}`);
    const r = resolveBinary(builtinRegistry.get("claude"), {
      packageRoot: root,
      env: { PATH: "" },
      platform: "linux",
      arch: "x64",
    });
    expect(r).toMatchObject({
      ok: true,
      binary: {
        source: "platform-binary",
        executable: join(root, "node_modules/@anthropic-ai/claude-code-linux-x64/claude"),
      },
    });
    expect(r.ok && r.binary.note).toMatch(/stub/);
  });

  it("only a stub, nothing on PATH: a clear message with the fix", () => {
    const root = fakeRoot();
    exe(join(root, "node_modules/@anthropic-ai/claude-code/bin/claude.exe"), STUB);
    const r = resolveBinary(builtinRegistry.get("claude"), {
      packageRoot: root,
      env: { PATH: "" },
      platform: "linux",
      arch: "x64",
    });
    expect(r).toMatchObject({
      ok: false,
      message: expect.stringContaining("stub"),
      hint: expect.stringContaining("npm ci"),
    });
  });

  it("codex runs its native binary directly, never the node wrapper, when present", () => {
    const root = fakeRoot();
    exe(join(root, "node_modules/@openai/codex/bin/codex.js"), "// wrapper");
    const native = join(root, "node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex");
    exe(native, "native");
    const r = resolveBinary(builtinRegistry.get("codex"), {
      packageRoot: root,
      env: { PATH: "" },
      platform: "linux",
      arch: "x64",
    });
    expect(r).toMatchObject({ ok: true, binary: { executable: native, prefixArgs: [], source: "platform-binary" } });
  });

  it("an override wins, and a bad override is an error, not a silent fallback", () => {
    const root = fakeRoot();
    const mine = join(root, "my-pi");
    exe(mine, "#!/bin/sh\n");
    expect(resolveBinary(builtinRegistry.get("pi"), { packageRoot: root, env: { HMUX_PI_BIN: mine } })).toMatchObject({
      ok: true,
      binary: { executable: mine, source: "env-override" },
    });
    expect(
      resolveBinary(builtinRegistry.get("pi"), { packageRoot: root, env: { HMUX_PI_BIN: join(root, "nope") } }),
    ).toMatchObject({
      ok: false,
    });
  });

  it("falls back to PATH (cursor's binary is `agent`)", () => {
    const root = fakeRoot();
    exe(join(root, "bin/agent"), "#!/bin/sh\n");
    expect(
      resolveBinary(builtinRegistry.get("cursor"), { packageRoot: root, env: { PATH: join(root, "bin") } }),
    ).toMatchObject({
      ok: true,
      binary: { source: "path" },
    });
  });
});
