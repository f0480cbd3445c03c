/**
 * A turn is complete only when its turn-ending record arrived: claude's `result`, codex's
 * turn.completed / turn.failed, pi json's agent_end (not reopened by a retry). Every capture of
 * the installed CLIs and every one-shot hcn recording ends that way; cutting one anywhere before
 * that record must never end `clean` - it fails as `native` (see conclude.ts for why not
 * transport) with cause failed, unless the stream had already reported a failure of its own.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeRecorded, splitLines } from "../../../src/core/decode-recorded.js";
import type { HarnessName } from "../../../src/core/harness-names.js";
import { DOC_FIXTURES, decoderFor, done, HCN_FIXTURES, ofKind } from "./helpers.js";

const CAPTURES = join(import.meta.dirname, "captures");
const DIRS = { claude: "claude-2.1.197", codex: "codex-0.171.0", pi: "pi-0.73.1" } as const;
type Harness = keyof typeof DIRS;

/** Is this line the record that closes a turn for the harness? */
type Rec = { type?: unknown; subtype?: unknown; willRetry?: unknown };
const ENDS_TURN: Record<Harness, (record: Rec) => boolean> = {
  claude: (r) => r.type === "result",
  codex: (r) => r.type === "turn.completed" || r.type === "turn.failed",
  pi: (r) => r.type === "agent_end" && r.willRetry !== true,
};
/** Records that (re)open a turn: a multi-turn claude stream, a pi retry. */
const OPENS_TURN: Record<Harness, (record: Rec) => boolean> = {
  claude: (r) => r.type === "system" && r.subtype === "init",
  codex: (r) => r.type === "turn.started",
  pi: (r) => r.type === "agent_start" || r.type === "auto_retry_start",
};

function typeOf(line: string): Rec {
  try {
    return JSON.parse(line) as Rec;
  } catch {
    return {};
  }
}

/** A prefix that ends after a turn-ending record with nothing reopening a turn is itself complete. */
function endsComplete(harness: Harness, prefix: readonly string[]): boolean {
  const recs = prefix.map(typeOf);
  const end = recs.findLastIndex(ENDS_TURN[harness]);
  return end >= 0 && !recs.slice(end + 1).some(OPENS_TURN[harness]);
}

function recordings(): { harness: Harness; name: string; lines: string[] }[] {
  const out: { harness: Harness; name: string; lines: string[] }[] = [];
  // Every recorded version of each harness, not only the one named in DIRS.
  const versions = readdirSync(CAPTURES).filter((d) => (Object.keys(DIRS) as string[]).includes(d.split("-")[0]!));
  for (const dir of versions) {
    const harness = dir.split("-")[0] as Harness;
    for (const file of readdirSync(join(CAPTURES, dir)).filter((f) => f.endsWith(".ndjson"))) {
      out.push({
        harness,
        name: `${dir}/${file}`,
        lines: splitLines(readFileSync(join(CAPTURES, dir, file), "utf8")),
      });
    }
  }
  const hcn: [Harness, string][] = [
    ["claude", "harnesses/claude.ndjson"],
    ["claude", "a001-raw.ndjson"],
    ["codex", "harnesses/codex.ndjson"],
    ["codex", "harnesses/codex-tool.ndjson"],
    ["codex", "harnesses/codex-filetool.ndjson"],
    ["pi", "harnesses/pi.ndjson"],
    ["pi", "harnesses/pi-tool.ndjson"],
    ["pi", "harnesses/pi-unreachable.ndjson"],
  ];
  for (const [harness, file] of hcn)
    out.push({ harness, name: `hcn/${file}`, lines: splitLines(readFileSync(join(HCN_FIXTURES, file), "utf8")) });
  return out;
}

const decode = (harness: HarnessName, lines: readonly string[], exit: number | null) =>
  decodeRecorded(decoderFor(harness), lines.join("\n"), exit);

describe("a stream cut before its turn-ending record never ends clean", () => {
  for (const { harness, name, lines } of recordings()) {
    it(`${name}: every cut before the last turn-ending record fails, with exit 0 and with the exit unknown`, () => {
      const last = lines.map(typeOf).findLastIndex(ENDS_TURN[harness]);
      expect(last, "the recording itself is a complete turn").toBeGreaterThanOrEqual(0);
      // Every prefix that stops before the last turn-ending record (the pi retries re-open a turn).
      for (let cut = 0; cut < last; cut++) {
        const prefix = lines.slice(0, cut);
        if (endsComplete(harness, prefix)) continue; // e.g. a001's first of three turns, or pi before an unannounced retry
        for (const exit of [0, null]) {
          const events = decode(harness, prefix, exit);
          const end = done(events);
          expect(end.cause, `${name} cut at ${cut}, exit ${exit}`).not.toBe("clean");
          expect(end.cause).not.toBe("awaiting-input");
          if (ofKind(events, "failure").length === 1 && end.failure?.class === "native") {
            expect(end).toMatchObject({ cause: "failed", failure: { retryable: false } });
            expect(end.failure.message).toMatch(/^incomplete turn: /);
          }
        }
      }
    });
  }

  it("claude without its result record: failed, native, naming the missing record", () => {
    const lines = splitLines(readFileSync(join(CAPTURES, DIRS.claude, "text.ndjson"), "utf8")).filter(
      (l) => typeOf(l).type !== "result",
    );
    const end = done(decode("claude", lines, 0));
    expect(end).toMatchObject({ exitCode: 0, cause: "failed", failure: { class: "native", retryable: false } });
    expect(end.failure?.message).toContain("`result`");
  });

  it("codex without turn.completed: failed, native", () => {
    const lines = splitLines(readFileSync(join(CAPTURES, DIRS.codex, "tool.ndjson"), "utf8")).filter(
      (l) => typeOf(l).type !== "turn.completed",
    );
    const end = done(decode("codex", lines, null));
    expect(end).toMatchObject({ exitCode: null, cause: "failed", failure: { class: "native" } });
    expect(end.failure?.message).toContain("turn.completed");
  });

  it("pi without agent_end: failed, native; a retry that reopened the run and never closed it fails too", () => {
    const text = splitLines(readFileSync(join(CAPTURES, DIRS.pi, "text.ndjson"), "utf8"));
    expect(
      done(
        decode(
          "pi",
          text.filter((l) => typeOf(l).type !== "agent_end"),
          0,
        ),
      ),
    ).toMatchObject({ cause: "failed", failure: { class: "native" } });
    const reopened = [
      ...text,
      JSON.stringify({ type: "auto_retry_start", attempt: 1, maxAttempts: 1 }),
      JSON.stringify({ type: "agent_start" }),
    ];
    expect(done(decode("pi", reopened, 0))).toMatchObject({ cause: "failed", failure: { class: "native" } });
  });

  it("a failure the stream reported itself stays the reason (a cut after codex's error keeps its class)", () => {
    const lines = splitLines(readFileSync(join(CAPTURES, DIRS.codex, "fail-401.ndjson"), "utf8")).filter(
      (l) => typeOf(l).type !== "turn.failed",
    );
    const end = done(decode("codex", lines, 0));
    expect(end.failure?.class).toBe("auth");
  });

  it("complete streams are unaffected: every capture keeps its end with the turn-ending record present", () => {
    for (const { harness, name, lines } of recordings()) {
      const end = done(decode(harness, lines, 0));
      expect(end.failure?.message ?? "", name).not.toMatch(/^incomplete turn/);
    }
  });
});

describe("muse and cursor streams cut before their turn-ending record fail as native, like the others", () => {
  const cases: {
    harness: "muse" | "cursor";
    file: string;
    ends: (r: Rec & { payload?: { kind?: unknown } }) => boolean;
  }[] = [
    ...["muse.ndjson", "muse-tool.ndjson", "muse-readtool.ndjson"].map((f) => ({
      harness: "muse" as const,
      file: join(HCN_FIXTURES, "harnesses", f),
      ends: (r: Rec & { payload?: { kind?: unknown } }) => r.payload?.kind === "run_terminal",
    })),
    ...["text.ndjson", "tool.ndjson", "rejected.ndjson"].map((f) => ({
      harness: "cursor" as const,
      file: join(DOC_FIXTURES, "cursor", f),
      ends: (r: Rec) => r.type === "result",
    })),
  ];
  for (const { harness, file, ends } of cases) {
    it(`${harness} ${file.split("/").at(-1)}: complete is clean-or-failed as recorded; every cut after the first record fails native`, () => {
      const lines = splitLines(readFileSync(file, "utf8"));
      const last = lines.map(typeOf).findLastIndex(ends);
      expect(last).toBeGreaterThan(0);
      for (let cut = 1; cut <= last; cut++) {
        for (const exit of [0, null]) {
          const events = decode(harness, lines.slice(0, cut), exit);
          const end = done(events);
          expect(end.cause, `cut at ${cut}, exit ${exit}`).toBe("failed");
          if (ofKind(events, "failure").length === 1)
            expect(end.failure).toMatchObject({ class: "native", retryable: false });
        }
      }
      expect(done(decode(harness, lines, 0)).failure?.message ?? "").not.toMatch(/^incomplete turn/);
    });
  }
});
