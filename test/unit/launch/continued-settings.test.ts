/**
 * A resumed session goes on with the settings its journal recorded (src/launch/continued-settings.ts):
 * what a resume repeats is no change, a change to a setting that cannot change on resume is refused
 * by name, a change to one that can wins with its arg tier, and today's profile never comes back
 * in under a journaled setting. A journal without the record is refused, saying what to do.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { descriptor } from "../../../src/adapters/codex/descriptor.js";
import { codexOptions } from "../../../src/adapters/codex/options.js";
import type { LaunchPlan } from "../../../src/core/launch/types.js";
import { isRefusal } from "../../../src/core/refusal.js";
import { continuedPlan, type JournaledSettings, resumeArgs } from "../../../src/launch/continued-settings.js";
import { sessionIdentity } from "../../../src/launch/session-resume.js";
import { JournalWriter } from "../../../src/session/journal.js";

const codex = { name: "codex" as const, descriptor, options: codexOptions };
const ID = "0b6c9a52-1d1e-4b43-9f3a-5f2e3a7d9c10";

const readOnly: JournaledSettings = {
  options: { model: "gpt-5", harnessOptions: { codex: { sandbox: "read-only", contextWindow: 64000 } } },
  provenance: [
    { key: "model", value: "gpt-5", tier: "user-config" },
    { key: "codex.contextWindow", value: 64000, tier: "arg" },
    { key: "codex.sandbox", value: "read-only", tier: "arg" },
  ],
};

function refusalOf(f: () => unknown): { issue?: string; option?: string; message: string } {
  try {
    f();
  } catch (err) {
    if (isRefusal(err)) return err;
    throw err;
  }
  throw new Error("not refused");
}

describe("the caller's args on a resume of a journaled session", () => {
  it("drops a setting the resume repeats with the session's own value", () => {
    const args = resumeArgs(
      { harnessOptions: { codex: { sandbox: "read-only" } }, model: "gpt-5" },
      readOnly,
      codex,
      ID,
    );
    expect(args).toEqual({});
  });

  it("refuses another sandbox, naming the setting and the session's value", () => {
    const refused = refusalOf(() =>
      resumeArgs({ harnessOptions: { codex: { sandbox: "danger-full-access" } } }, readOnly, codex, ID),
    );
    expect(refused).toMatchObject({ issue: "unsupported-on-resume", option: "codex.sandbox" });
    expect(refused.message).toContain('"read-only"');
  });

  it("refuses --access on codex where the session had none, since codex renders it as the sandbox", () => {
    expect(refusalOf(() => resumeArgs({ access: "write" }, readOnly, codex, ID))).toMatchObject({
      issue: "unsupported-on-resume",
      option: "access",
    });
  });

  it("keeps a change to a setting that can change on resume", () => {
    expect(
      resumeArgs({ model: "gpt-5-mini", harnessOptions: { codex: { contextWindow: 1000 } } }, readOnly, codex, ID),
    ).toEqual({
      model: "gpt-5-mini",
      harnessOptions: { codex: { contextWindow: 1000 } },
    });
  });

  it("refuses a journaled value of the harness's own setting that its check does not accept", () => {
    const bad: JournaledSettings = { ...readOnly, options: { harnessOptions: { codex: { sandbox: "everything" } } } };
    expect(refusalOf(() => resumeArgs({}, bad, codex, ID))).toMatchObject({
      issue: "invalid-option-value",
      option: "codex.sandbox",
    });
  });
});

/** A plan as the resume's resolution made it: only its resolved settings matter here. */
function resumePlan(options: LaunchPlan["resolved"]["options"], provenance: LaunchPlan["resolved"]["provenance"]) {
  return {
    harness: "codex",
    resolved: { options, provenance, divergence: [], untrusted: [] },
    options,
  } as unknown as LaunchPlan;
}

describe("the resumed plan", () => {
  it("runs with the journaled settings and tiers, not the resume's profile", () => {
    const withAccess: JournaledSettings = {
      options: { access: "read" },
      provenance: [{ key: "access", value: "read", tier: "arg" }],
    };
    // A fresh resolution would bring the profile's workspace-write beside no --access at all.
    const fresh = resumePlan({ harnessOptions: { codex: { sandbox: "workspace-write" } } }, [
      { key: "codex.sandbox", value: "workspace-write", tier: "profile" },
    ]);
    const plan = continuedPlan(fresh, withAccess);
    expect(plan.options).toEqual({ access: "read", escalateQuestions: true });
    expect(plan.resolved.provenance).toEqual([{ key: "access", value: "read", tier: "arg" }]);
  });

  it("takes what the resume changed with its arg tier, over the journaled value", () => {
    const fresh = resumePlan({ model: "gpt-5-mini", harnessOptions: { codex: { contextWindow: 1000 } } }, [
      { key: "model", value: "gpt-5-mini", tier: "arg" },
      { key: "codex.contextWindow", value: 1000, tier: "arg" },
    ]);
    const plan = continuedPlan(fresh, readOnly);
    expect(plan.options.model).toBe("gpt-5-mini");
    expect(plan.options.harnessOptions).toEqual({ codex: { sandbox: "read-only", contextWindow: 1000 } });
    expect(plan.resolved.provenance).toEqual([
      { key: "model", value: "gpt-5-mini", tier: "arg" },
      { key: "codex.contextWindow", value: 1000, tier: "arg" },
      { key: "codex.sandbox", value: "read-only", tier: "arg" },
    ]);
  });
});

describe("a journal without the settings record", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function journalOf(settings?: JournaledSettings): string {
    dir = mkdtempSync(join(tmpdir(), "hmux-continued-"));
    const sessions = join(dir, "sessions");
    mkdirSync(sessions, { recursive: true });
    const w = new JournalWriter(
      join(sessions, `${ID}.ndjson`),
      {
        sessionId: ID,
        harness: "codex",
        cwd: dir,
        stateDir: join(dir, "s.d"),
        isolate: false,
        ...(settings ? { settings } : {}),
      },
      { origin: "fresh", pid: 999_003, startedAt: "2026-12-01T11:00:00.000Z" },
      () => 0,
    );
    w.record({ kind: "identity", sessionId: "thread-1" } as never);
    w.record({ kind: "turn", turnId: `${ID}:turn-1`, id: "in-1" } as never);
    w.close();
    return sessions;
  }

  it("is refused with what to do instead, not resumed under today's defaults", () => {
    const sessions = journalOf();
    const refused = refusalOf(() => sessionIdentity({ harness: "codex", resume: ID, newId: () => "x", sessions }));
    expect(refused.issue).toBe("unsupported-on-resume");
    expect(refused.message).toContain("does not record the settings");
    expect((refused as { hint?: string }).hint).toContain("hmux session codex --resume thread-1");
  });

  it("with the record, resumes with it", () => {
    const sessions = journalOf(readOnly);
    const identity = sessionIdentity({ harness: "codex", resume: ID, newId: () => "x", sessions });
    expect(identity.journal?.settings).toEqual(readOnly);
  });
});
