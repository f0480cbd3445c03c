/**
 * `hmux run … --isolate` keeps the harness's session store findable: the identity event indexes
 * the isolated state dir under $XDG_STATE_HOME/hmux/isolated/<sessionId>, `--resume <id> --isolate`
 * reuses it, and a dir that holds no session is not left behind.
 */
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createIsolatedState,
  findIsolatedState,
  isolatedRoot,
  recordIsolatedState,
  releaseIsolatedState,
  sweepOrphanedStates,
} from "../../../src/launch/isolated-state.js";
import { Sandbox } from "./cli-harness.js";

/** A claude stand-in that files its session below CLAUDE_CONFIG_DIR the way claude does, and finds it on --resume. */
const FAKE_CLAUDE = `
const fs = require("node:fs"), path = require("node:path"), crypto = require("node:crypto");
const argv = process.argv.slice(2);
const store = path.join(process.env.CLAUDE_CONFIG_DIR, "projects", "-work");
const at = argv.indexOf("--resume");
let id, text;
if (at >= 0) {
  id = argv[at + 1];
  if (!fs.existsSync(path.join(store, id + ".jsonl"))) { process.stderr.write("No conversation found with session ID: " + id + "\\n"); process.exit(1); }
  text = "resumed " + fs.readFileSync(path.join(store, id + ".jsonl"), "utf8").trim();
} else {
  id = crypto.randomUUID();
  fs.mkdirSync(store, { recursive: true });
  fs.writeFileSync(path.join(store, id + ".jsonl"), "first turn\\n");
  text = "fresh";
}
if (process.env.FAKE_NO_INIT) { console.log(JSON.stringify({ type: "result", subtype: "success", is_error: false, result: "x" })); process.exit(0); }
const out = (o) => console.log(JSON.stringify(o));
out({ type: "system", subtype: "init", session_id: id, model: "claude-opus-4-8" });
out({ type: "assistant", message: { role: "assistant", content: [{ type: "text", text }] } });
out({ type: "result", subtype: "success", is_error: false, result: text, session_id: id });
`;

let box: Sandbox;
let fake: string;
beforeAll(() => {
  box = new Sandbox();
  fake = box.fake("claude", FAKE_CLAUDE);
});
afterAll(() => box.cleanup());

const identityOf = (lines: unknown[]) =>
  lines.find((l): l is { kind: "identity"; sessionId: string } => (l as { kind?: string }).kind === "identity");

describe("--isolate sessions can be resumed", () => {
  it("an isolated session is indexed by its id and --resume <id> --isolate finds its store again", async () => {
    const state = join(box.root, "xdg-state-a");
    const env = { HMUX_CLAUDE_BIN: fake, XDG_STATE_HOME: state };
    const first = await box.run(["run", "claude", "hi", "--isolate", "--json"], env);
    expect(first.code, first.stderr).toBe(0);
    const id = identityOf(first.lines)!.sessionId;
    const root = join(state, "hmux", "isolated");
    expect(readlinkSync(join(root, id))).toMatch(/^run-/);
    expect(first.stderr).toContain(`isolated state kept for --resume ${id} --isolate`);

    const second = await box.run(["run", "claude", "again", "--isolate", "--resume", id, "--json"], env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.lines).toContainEqual({ kind: "message", role: "assistant", text: "resumed first turn" });
    expect(second.stderr).toContain(`isolated state (reused for ${id}): ${join(root, readlinkSync(join(root, id)))}`);
    // The resume created no second run dir.
    expect(readdirSync(root).filter((n) => n.startsWith("run-"))).toHaveLength(1);
  });

  it("--resume <unknown id> --isolate is refused before spawn, naming the id and where hmux looked", async () => {
    const state = join(box.root, "xdg-state-b");
    const r = await box.run(["run", "claude", "hi", "--isolate", "--resume", "11111111-2222-4333-8444-555555555555"], {
      HMUX_CLAUDE_BIN: fake,
      XDG_STATE_HOME: state,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no isolated state is recorded for session "11111111-2222-4333-8444-555555555555"');
    expect(r.stderr).toContain(join(state, "hmux", "isolated"));
  });

  it("a fresh isolated turn that announced no session leaves no state dir behind", async () => {
    const state = join(box.root, "xdg-state-c");
    const r = await box.run(["run", "claude", "hi", "--isolate", "--json"], {
      HMUX_CLAUDE_BIN: fake,
      XDG_STATE_HOME: state,
      FAKE_NO_INIT: "1",
    });
    expect(r.code).toBe(0);
    expect(readdirSync(join(state, "hmux", "isolated"))).toEqual([]);
  });

  it("without XDG_STATE_HOME the index lives under ~/.local/state", async () => {
    const r = await box.run(["run", "claude", "hi", "--isolate", "--json"], { HMUX_CLAUDE_BIN: fake });
    const id = identityOf(r.lines)!.sessionId;
    expect(existsSync(join(box.home, ".local", "state", "hmux", "isolated", id))).toBe(true);
  });
});

describe("pi with --endpoint", () => {
  it("is planned with an isolated agent dir below the state root, never an 'hmux bug' refusal, even without --isolate", async () => {
    const state = join(box.root, "xdg-state-pi");
    const r = await box.run(["inspect", "pi", "--argv", "--endpoint", "http://127.0.0.1:9", "--prompt", "hi"], {
      XDG_STATE_HOME: state,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`env: PI_CODING_AGENT_DIR=${join(state, "hmux", "isolated")}/run-XXXXXX/home/.pi/agent`);
    expect(existsSync(state)).toBe(false); // inspect only plans
  });
});

describe("isolated state index", () => {
  const root = join(mkdtempSync(join(tmpdir(), "hmux-isolated-")), "hmux", "isolated");
  afterAll(() => rmSync(join(root, "..", ".."), { recursive: true, force: true }));

  it("XDG_STATE_HOME is used only when absolute; HOME/.local/state otherwise", () => {
    expect(isolatedRoot({ XDG_STATE_HOME: "/s", HOME: "/h" })).toBe("/s/hmux/isolated");
    expect(isolatedRoot({ XDG_STATE_HOME: "rel", HOME: "/h" })).toBe("/h/.local/state/hmux/isolated");
    expect(isolatedRoot({ HOME: "/h" })).toBe("/h/.local/state/hmux/isolated");
  });

  it("an id that is not a safe file name is never indexed (no path escapes the root)", () => {
    const dir = createIsolatedState(root);
    for (const bad of ["../x", "a/b", ".hidden", "", "run-1"]) {
      expect(recordIsolatedState(root, bad, dir)).toBe(false);
      expect(findIsolatedState(root, bad)).toBeUndefined();
    }
    releaseIsolatedState(root, dir);
  });

  it("an indexed dir survives release; an unindexed one is removed", () => {
    const kept = createIsolatedState(root);
    const dropped = createIsolatedState(root);
    recordIsolatedState(root, "s1", kept);
    expect(releaseIsolatedState(root, kept)).toBe(false);
    expect(releaseIsolatedState(root, dropped)).toBe(true);
    expect(findIsolatedState(root, "s1")).toBe(kept);
    expect(existsSync(dropped)).toBe(false);
  });

  it("the sweep removes only old run dirs no index entry points at", () => {
    const orphanOld = createIsolatedState(root);
    const orphanNew = createIsolatedState(root);
    const indexedOld = createIsolatedState(root);
    recordIsolatedState(root, "s2", indexedOld);
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    for (const d of [orphanOld, indexedOld]) utimesSync(d, old, old);
    const removed = sweepOrphanedStates(root, Date.now());
    expect(removed).toEqual([orphanOld]);
    expect(existsSync(orphanNew) && existsSync(indexedOld)).toBe(true);
  });
});
