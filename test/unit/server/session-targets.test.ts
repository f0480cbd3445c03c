/**
 * A session name never shadows a session id: names that read as ids are refused on every way a
 * name is given (create, create-native, rename), and a target resolves as an exact id first,
 * then a name, then a unique id prefix.
 */
import { describe, expect, it } from "vitest";
import type { RestoredSession } from "../../../src/server/restore.js";
import { SESSION_RECORD_FORMAT } from "../../../src/server/restore-records.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { scriptedLauncher, spec } from "./fixture.js";

function table() {
  const { launcher } = scriptedLauncher();
  return new SessionTable({ launcher, clock: new FakeClock(1_000), killWaitMs: 200 });
}

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return "no error";
};

/** A detached row restored from a dead server's record, named `name`. */
function detached(id: string, name: string): RestoredSession {
  return {
    record: { format: SESSION_RECORD_FORMAT, id, name, harness: "claude", cwd: "/work", createdAt: 500, options: {} },
    events: [],
    seen: 0,
    lostCalls: [],
    cut: null,
    problems: 0,
    harnessSessionId: null,
    deadPid: null,
  };
}

const ID_LIKE = ["f6187163", "F6187163", "0d4c2a1e-7b3f-4c1d-9e2a-5b6c7d8e9f01", "0d4c2a1e-7b3f", "deadbeefcafe"];

describe("session names and targets", () => {
  it.each(ID_LIKE)(
    "a name that reads as a session id (%s) is refused on create, native create and rename",
    async (name) => {
      const t = table();
      await expect(t.create(spec(), name)).rejects.toMatchObject({ code: "name-like-id" });
      const native = { ...spec(), harness: "shell", native: { cols: 80, rows: 24 } };
      await expect(t.create(native, name)).rejects.toMatchObject({ code: "name-like-id" });
      await t.create(spec(), "plain");
      expect(codeOf(() => t.rename("plain", name))).toBe("name-like-id");
      expect(t.resolve("plain").id).toBe("s1");
    },
  );

  it("a name equal to another session's id is refused, naming that session", async () => {
    const t = table();
    await t.create(spec(), "gamma");
    await t.create(spec(), "delta");
    expect(() => t.rename("delta", "s1")).toThrow(/is the id of session gamma/);
    expect(codeOf(() => t.rename("delta", "s1"))).toBe("name-like-id");
    await expect(t.create(spec(), "s2")).rejects.toMatchObject({ code: "name-like-id" });
  });

  it("names with fewer hex digits, or other letters, are plain names", async () => {
    const t = table();
    for (const name of ["cafe", "claude-1", "fix-bug-42", "deadbeefs"]) await t.create(spec(), name);
    expect(t.list().map((s) => s.name)).toEqual(["cafe", "claude-1", "fix-bug-42", "deadbeefs"]);
  });

  it("an exact id is found before a name spelled the same", async () => {
    const t = table();
    // An older server let this name in; the session created next gets the id s1.
    t.restore([detached("r1", "s1")]);
    await t.create(spec(), "other");
    expect(t.resolve("s1").name).toBe("other");
    expect(t.resolve("r1").name).toBe("s1");
  });

  it("a restored row whose name reads as an id gets a fresh name, and no session is lost", () => {
    const t = table();
    t.restore([detached("r1", "f6187163")]);
    expect(t.list().map((s) => [s.id, s.name])).toEqual([["r1", "claude-1"]]);
  });
});
