import { describe, expect, it } from "vitest";
import { PROTOCOL, RequestSchema, reqOf, versionProblem } from "../../../src/protocol/index.js";
import { privateDirProblem } from "../../../src/server/paths.js";

describe("the server protocol's requests", () => {
  it("each op is accepted in its documented shape", () => {
    for (const r of [
      { op: "list", req: "1" },
      { op: "create", req: "2", harness: "pi", cwd: "/w", name: "pi-a", options: { isolate: true, approvals: "deny" } },
      { op: "attach", req: "3", session: "pi-a", replay: 0 },
      { op: "detach", req: "4" },
      { op: "rename", req: "5", session: "pi-a", name: "b" },
      { op: "kill", req: "6", session: "b" },
      { op: "input", req: "7", session: "b", line: { op: "send", id: "x", text: "hi" }, as: "person" },
      { op: "input", req: "8", session: "b", line: '{"op":"close"}' },
      // An older client still says `human` for a person.
      { op: "input", req: "8h", session: "b", line: "{}", as: "human" },
      { op: "kill-server", req: "9" },
    ])
      expect(RequestSchema.safeParse(r).success, JSON.stringify(r)).toBe(true);
  });

  it("unknown ops, unknown fields, relative cwds, unsafe names and unknown approval modes are refused", () => {
    for (const r of [
      { op: "teleport", req: "1" },
      { op: "list", req: "1", extra: true },
      { op: "list" },
      { op: "create", req: "1", harness: "pi", cwd: "rel" },
      { op: "create", req: "1", harness: "pi", cwd: "/w", name: "../up" },
      { op: "create", req: "1", harness: "pi", cwd: "/w", options: { approvals: "yolo" } },
      { op: "rename", req: "1", session: "a", name: "-flag" },
      { op: "input", req: "1", session: "a", line: 42 },
      { op: "list", req: "x".repeat(65) },
    ])
      expect(RequestSchema.safeParse(r).success, JSON.stringify(r)).toBe(false);
  });

  it("a refused line keeps its req only when it is a usable one", () => {
    expect(reqOf({ op: "nope", req: "r-1" })).toBe("r-1");
    expect(reqOf({ req: 7 })).toBeNull();
    expect(reqOf({ req: "x".repeat(65) })).toBeNull();
    expect(reqOf("text")).toBeNull();
  });

  it("another version or protocol is a problem that names both sides; the same is none", () => {
    expect(versionProblem({ protocol: PROTOCOL, version: "1.0.0" }, { version: "1.0.0" })).toBeNull();
    expect(versionProblem({ protocol: PROTOCOL, version: "1.0.0" }, { version: "1.1.0" })).toMatch(/1\.1\.0.*1\.0\.0/);
    expect(versionProblem({ protocol: "hmux.server/2", version: "1.0.0" }, { version: "1.0.0" })).toMatch(
      /hmux\.server\/1.*hmux\.server\/2/,
    );
  });
});

describe("the server's runtime directory", () => {
  const dir = { isDirectory: true, isSymbolicLink: false, uid: 1000, mode: 0o40700 };

  it("this user's 0700 directory is fine", () => {
    expect(privateDirProblem("/run/user/1000/hmux", dir, 1000)).toBeNull();
  });

  it("another user's directory, a wider mode or a symlink is refused with the path and the fix", () => {
    const other = privateDirProblem("/tmp/hmux-1000", { ...dir, uid: 0 }, 1000);
    expect(other).toMatchObject({ code: "unsafe-dir", message: expect.stringContaining("/tmp/hmux-1000") });
    const wide = privateDirProblem("/tmp/hmux-1000", { ...dir, mode: 0o40755 }, 1000);
    expect(wide).toMatchObject({
      code: "unsafe-dir",
      message: expect.stringContaining("0755"),
      hint: "chmod 700 /tmp/hmux-1000",
    });
    expect(privateDirProblem("/tmp/hmux-1000", { ...dir, isSymbolicLink: true }, 1000)?.code).toBe("unsafe-dir");
  });
});
