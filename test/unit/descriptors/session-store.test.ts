/**
 * The resume-last store facts and the pure diagnostic built from them (docs/harness-facts.md#reference-resume-last).
 * Folder names are checked against what the installed CLIs really wrote (an --isolate run in
 * /tmp/hprobe filed claude's session under projects/-tmp-hprobe and pi's under sessions/--tmp-hprobe--).
 */
import { describe, expect, it } from "vitest";
import { adapterFor, allAdapters } from "../../../src/adapters/registry.js";
import {
  cwdFolderName,
  RESUME_LAST_WARNING,
  resumeLastNotice,
  sessionStoreLocation,
} from "../../../src/core/session-store.js";

const store = (h: "claude" | "codex" | "pi" | "cursor") => adapterFor(h).descriptor.sessionStore.value!;

describe("session store facts", () => {
  it("claude and pi name a cwd's folder the way the installed binaries did", () => {
    expect(cwdFolderName(store("claude").perCwd!, "/tmp/hprobe")).toBe("-tmp-hprobe");
    expect(cwdFolderName(store("claude").perCwd!, "/home/a.b/my_proj")).toBe("-home-a-b-my-proj");
    expect(cwdFolderName(store("pi").perCwd!, "/tmp/hprobe")).toBe("--tmp-hprobe--");
    expect(cwdFolderName(store("pi").perCwd!, "/home/a.b/x")).toBe("--home-a.b-x--");
  });

  it("a claude cwd longer than 200 folder characters is cut and suffixed with a stable base-36 hash", () => {
    const long = `/${"d".repeat(300)}`;
    const name = cwdFolderName(store("claude").perCwd!, long);
    expect(name.slice(0, 201)).toBe(`-${"d".repeat(199)}-`);
    expect(name.slice(201)).toMatch(/^[0-9a-z]+$/);
    expect(cwdFolderName(store("claude").perCwd!, long)).toBe(name);
    expect(cwdFolderName(store("claude").perCwd!, `${long}e`)).not.toBe(name);
  });

  it("the store root follows the harness's own env var over HOME", () => {
    expect(sessionStoreLocation(store("claude"), "/w", { HOME: "/h" }).root).toBe("/h/.claude/projects");
    expect(sessionStoreLocation(store("claude"), "/w", { HOME: "/h", CLAUDE_CONFIG_DIR: "/c" })).toEqual({
      root: "/c/projects",
      cwdDir: "/c/projects/-w",
    });
    expect(sessionStoreLocation(store("codex"), "/w", { HOME: "/h", CODEX_HOME: "/x" })).toEqual({
      root: "/x/sessions",
      cwdDir: null,
    });
    expect(sessionStoreLocation(store("pi"), "/w", { HOME: "/h" })).toEqual({
      root: "/h/.pi/agent/sessions",
      cwdDir: "/h/.pi/agent/sessions/--w--",
    });
    expect(sessionStoreLocation(store("cursor"), "/w", { HOME: "/h" }).cwdDir).toMatch(
      /^\/h\/\.cursor\/chats\/[0-9a-f]{32}$/,
    );
  });

  it("every harness with a resume-last grammar has a store fact with evidence; per-cwd folders exactly for claude, pi, cursor", () => {
    for (const a of allAdapters()) {
      const d = a.descriptor;
      expect(d.sessionStore.evidence.ref.length).toBeGreaterThan(10);
      if (d.resumeLast.value !== null) expect(d.sessionStore.value, d.name).not.toBeNull();
    }
    expect(
      allAdapters()
        .filter((a) => a.descriptor.sessionStore.value?.perCwd)
        .map((a) => a.name)
        .sort(),
    ).toEqual(["claude", "cursor", "pi"]);
  });
});

describe("resume-last notice", () => {
  it("is one fixed warning, then `store root <root> for scope <cwd>`, the same warning text for every harness and cwd", () => {
    for (const h of ["claude", "codex", "pi", "cursor"] as const) {
      for (const cwd of ["/a", "/b/c"]) {
        const n = resumeLastNotice(h, store(h), cwd, { HOME: "/h" });
        expect(n.events).toEqual([
          { kind: "error", message: RESUME_LAST_WARNING },
          {
            kind: "progress",
            label: "resume-last",
            detail: `store root ${sessionStoreLocation(store(h), cwd, { HOME: "/h" }).root} for scope ${cwd}`,
          },
        ]);
      }
    }
  });

  it("names the per-cwd folder to check for claude, pi and cursor, none for codex", () => {
    expect(resumeLastNotice("claude", store("claude"), "/w", { HOME: "/h" }).cwdDir).toBe("/h/.claude/projects/-w");
    expect(resumeLastNotice("codex", store("codex"), "/w", { HOME: "/h" }).cwdDir).toBeNull();
  });
});
