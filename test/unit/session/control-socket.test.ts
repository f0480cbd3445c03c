import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionHandle } from "../../../src/core/exec/session-types.js";
import { ensurePrivateDir, listenControlSocket, readToken } from "../../../src/session/control-socket.js";
import { FakeClock } from "../../helpers/fake-clock.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function runtime() {
  const dir = mkdtempSync(join(tmpdir(), "hmux-rt-"));
  dirs.push(dir);
  return { XDG_RUNTIME_DIR: dir };
}

/** A handle that answers every line with a command.result naming the line, so replies can be matched. */
const fakeHandle = {
  sessionId: "s-1",
  harness: "claude",
  handleLine: async (line: string) => ({
    kind: "command.result",
    id: (JSON.parse(line) as { id: string }).id,
    outcome: { result: "ok" },
  }),
} as unknown as SessionHandle;

function talk(path: string, lines: string[], expect: number): Promise<string[]> {
  return new Promise((resolve) => {
    const sock = connect(path);
    const got: string[] = [];
    let buf = "";
    sock.on("data", (d) => {
      buf += d.toString();
      const parts = buf.split("\n");
      buf = parts.pop()!;
      got.push(...parts);
      if (got.length >= expect) sock.end();
    });
    sock.on("close", () => resolve(got));
    sock.on("error", () => resolve(got));
    sock.on("connect", () => {
      for (const l of lines) sock.write(`${l}\n`);
    });
  });
}

describe("control socket", () => {
  it("the runtime dir and socket are private to this user", async () => {
    const env = runtime();
    const server = await listenControlSocket(fakeHandle, { env, clock: new FakeClock() });
    try {
      expect(statSync(join(env.XDG_RUNTIME_DIR, "hmux")).mode & 0o777).toBe(0o700);
      expect(statSync(server.socket).mode & 0o077).toBe(0);
      expect(statSync(server.token).mode & 0o077).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("a peer without the token is refused on its first line and gets no answers", async () => {
    const env = runtime();
    const server = await listenControlSocket(fakeHandle, { env, clock: new FakeClock() });
    try {
      const got = await talk(server.socket, ['{"token":"not-it"}', '{"id":"c-1"}'], 5);
      expect(got).toHaveLength(1);
      expect(JSON.parse(got[0]!)).toMatchObject({ kind: "error" });
    } finally {
      await server.close();
    }
  });

  it("a peer with the token gets exactly one reply per line, in order", async () => {
    const env = runtime();
    const server = await listenControlSocket(fakeHandle, { env, clock: new FakeClock() });
    try {
      const token = readToken("s-1", env);
      const got = await talk(server.socket, [JSON.stringify({ token }), '{"id":"c-1"}', "", '{"id":"c-2"}'], 3);
      expect(got.map((l) => JSON.parse(l) as { kind: string; id?: string }).map((r) => r.id ?? r.kind)).toEqual([
        "authenticated",
        "c-1",
        "c-2",
      ]);
    } finally {
      await server.close();
    }
  });

  it("a runtime dir others can enter is tightened to 0700, and a symlink is refused", () => {
    const env = runtime();
    const loose = join(env.XDG_RUNTIME_DIR, "loose");
    mkdirSync(loose);
    chmodSync(loose, 0o777);
    ensurePrivateDir(loose);
    expect(statSync(loose).mode & 0o777).toBe(0o700);
    const link = join(env.XDG_RUNTIME_DIR, "link");
    symlinkSync(loose, link);
    expect(() => ensurePrivateDir(link)).toThrow(/not a directory hmux owns/);
  });
});
