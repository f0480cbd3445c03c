/**
 * "Allow always" rules go through the policy's own shell-aware classifier: a rule names one
 * command (or one path tool under one directory) and every link of a chain must match the
 * allowlist or a rule. The D1 reproductions (newcomer-2026-12b) are held here at the machine:
 * codex's `/bin/bash -lc 'touch x'` and claude's `touch a` rules must not allow `rm`.
 */
import { describe, expect, it } from "vitest";
import { type AllowRule, ruleOffer } from "../../../src/core/control/allow-rules.js";
import { classifyCall, DEFAULT_SAFE_POLICY, makeClassifier } from "../../../src/core/control/policy.js";
import { readDecider } from "../../../src/core/control/types.js";
import { channelRow } from "./channel-rows.js";
import { config, deliveries, results, Session } from "./helpers.js";

const WS = "/work/project";
const shellCall = (command: unknown, tool = "Bash") => ({ tool, canonical: "shell", input: { command } });

function ruleOf(command: unknown, tool = "Bash", id = "r1"): AllowRule {
  const offer = ruleOffer(shellCall(command, tool), "session", WS);
  if (!offer.ok) throw new Error(offer.why);
  return { id, tool: offer.tool, match: offer.match, allows: offer.allows };
}

describe("a session rule in the classifier", () => {
  const touch = ruleOf("touch a");
  const judge = (command: unknown, policy = DEFAULT_SAFE_POLICY) =>
    classifyCall(policy, WS, shellCall(command), [touch]);

  it("allows its command with any arguments inside the workspace, and names itself as the reason", () => {
    for (const c of ["touch a", "touch ok.txt b/c", "touch -c x", "/bin/bash -lc 'touch x'", "sh -c 'touch y'"]) {
      const r = judge(c);
      expect(r.classification, c).toBe("safe");
      expect(r.rule, c).toBe("r1");
    }
  });

  it("each link of a chain must match the allowlist or a rule: ;, &&, ||, |, newline, nested wrappers", () => {
    expect(judge("touch a; ls").classification).toBe("safe");
    expect(judge("touch a && cat b | wc -l").classification).toBe("safe");
    for (const c of [
      "touch ok.txt; rm -rf important",
      "touch a && rm -rf b",
      "touch a || rm -rf b",
      "touch a | sh -c 'rm -rf b'",
      "touch a\nrm -rf b",
      "bash -lc 'touch a; rm -rf b'",
      "/bin/bash -lc \"touch a && bash -c 'rm -rf b'\"",
      ["bash", "-lc", "touch a; rm -rf b"],
    ]) {
      const r = judge(c);
      expect(r.classification, JSON.stringify(c)).toBe("gated");
      expect(r.why, JSON.stringify(c)).toContain("rm -rf");
    }
  });

  it("a substitution, a subshell, a redirection or a background job is never covered by a rule: it asks", () => {
    for (const [c, why] of [
      ["touch $(rm -rf b)", "substitution"],
      ["touch `rm -rf b`", "backtick"],
      ['touch "$(rm -rf b)"', "double quotes"],
      ["(touch a; rm -rf b)", "subshell"],
      ["touch a > /etc/passwd", "redirection"],
      ["touch a < x", "redirection"],
      ["touch a & rm -rf b", "background"],
      ["FOO=1 touch a", "environment"],
    ]) {
      const r = judge(c);
      expect(r.classification, c).toBe("gated");
      expect(r.why, c).toContain(why);
    }
  });

  it("arguments outside the workspace, and flags that run programs, are not covered", () => {
    expect(judge("touch /etc/x").classification).toBe("gated");
    expect(judge("touch ../outside").classification).toBe("gated");
    expect(judge("touch --exec=x a").classification).toBe("gated");
    expect(
      classifyCall(DEFAULT_SAFE_POLICY, WS, { ...shellCall("touch a"), input: { command: "touch a", cwd: "/tmp" } }, [
        touch,
      ]).classification,
    ).toBe("gated");
  });

  it("a rule is the tool's own: the same command in another tool is not covered", () => {
    expect(classifyCall(DEFAULT_SAFE_POLICY, WS, shellCall("touch a", "exec_command"), [touch]).classification).toBe(
      "gated",
    );
  });

  it("works with no policy configured: only the rule's command is allowed", () => {
    const bare = (command: string) => classifyCall(undefined, WS, shellCall(command), [touch]);
    expect(bare("touch a").classification).toBe("safe");
    expect(bare("ls").classification).toBe("gated");
  });

  it("a path rule allows its tool under its directory, inside the workspace, and nothing else", () => {
    const offer = ruleOffer(
      { tool: "Write", canonical: "write", input: { file_path: `${WS}/src/a.ts` } },
      "session",
      WS,
    );
    expect(offer).toMatchObject({ ok: true, allows: "Write on any path under src/ inside the workspace" });
    if (!offer.ok) return;
    const rule: AllowRule = { id: "r2", tool: "Write", match: offer.match, allows: offer.allows };
    const write = (file_path: string) =>
      classifyCall(undefined, WS, { tool: "Write", canonical: "write", input: { file_path } }, [rule]);
    expect(write("src/b/c.ts")).toMatchObject({ classification: "safe", rule: "r2" });
    expect(write(`${WS}/README.md`).classification).toBe("gated");
    expect(write("/etc/passwd").classification).toBe("gated");
    expect(write("src/../../x").classification).toBe("gated");
    const only = ruleOffer({ tool: "Write", canonical: "write", input: { file_path: "src/a.ts" } }, "path", WS);
    expect(only).toMatchObject({ ok: true, allows: "Write on src/a.ts only" });
  });

  it("pi's write names its file `path`: this directory is the file's directory, this path is the file", () => {
    const call = { tool: "write", canonical: "write", input: { path: "notes/a.txt", content: "x" } };
    expect(ruleOffer(call, "session", WS)).toMatchObject({
      ok: true,
      match: { kind: "path", path: `${WS}/notes`, under: true },
      allows: "write on any path under notes/ inside the workspace",
    });
    expect(ruleOffer(call, "path", WS)).toMatchObject({
      ok: true,
      match: { kind: "path", path: `${WS}/notes/a.txt`, under: false },
    });
  });
});

describe("what allow-always offers", () => {
  const offer = (command: unknown) => ruleOffer(shellCall(command), "session", WS);

  it("says exactly what it allows: the command (and a dispatcher's subcommand) with arguments inside the workspace", () => {
    expect(offer("touch a")).toMatchObject({ ok: true, allows: "Bash `touch <args>` inside the workspace" });
    expect(offer("/bin/bash -lc 'touch x'")).toMatchObject({
      ok: true,
      match: { kind: "command", words: ["touch"] },
    });
    expect(offer("git commit -m x")).toMatchObject({
      ok: true,
      allows: "Bash `git commit <args>` inside the workspace",
    });
    expect(offer("npm run build")).toMatchObject({ ok: true, match: { words: ["npm", "run", "build"] } });
  });

  it("never offers a rule for a shell, an interpreter or a wrapper that runs what it is told", () => {
    for (const c of [
      "bash",
      "bash -c",
      "/bin/bash script.sh",
      "sh x",
      "zsh -c 'a' b",
      "python3 x.py",
      "node -e 1",
      "perl -e 1",
      "ruby x",
      "env touch a",
      "xargs rm",
      "sudo touch a",
      "eval x",
      "npx cowsay",
      "npm exec x",
      "docker run img",
      "git -c core.pager=sh log",
      "awk 'BEGIN{system(\"id\")}'",
    ]) {
      const r = offer(c);
      expect(r.ok, c).toBe(false);
    }
  });

  it("offers no rule for a chain or a line it cannot read, and says why", () => {
    expect(offer("touch ok.txt; rm -rf important")).toMatchObject({
      ok: false,
      why: expect.stringContaining("chains 2"),
    });
    expect(offer("touch $(id)")).toMatchObject({ ok: false, why: expect.stringContaining("substitution") });
    expect(ruleOffer(shellCall("touch a"), "session", undefined)).toMatchObject({ ok: false });
    expect(ruleOffer({ tool: "Run", input: { command: "x" } }, "session", WS)).toMatchObject({ ok: false });
  });
});

describe("tool.decide with scope session, in the control machine", () => {
  const codex = () =>
    new Session(
      config({
        harness: "codex",
        channel: channelRow("codex-app-server"),
        classify: makeClassifier(DEFAULT_SAFE_POLICY, WS),
        workspace: WS,
      }),
    ).start();
  const ask = (s: Session, id: string, command: string) => s.ask(id, { command }, "exec_command", "shell");
  const decidedBy = (s: Session) =>
    s
      .events()
      .flatMap((e) => (e.kind === "approval-disposition" ? [`${e.callId}:${e.decision.decision}:${e.decider}`] : []));

  it("D1 codex: a rule made on /bin/bash -lc 'touch x' allows touch, never rm -rf ./important", () => {
    const s = codex();
    ask(s, "c1", "/bin/bash -lc 'touch x'");
    const request = s.events().find((e) => e.kind === "approval-request");
    expect(request).toMatchObject({ call: { always: { allows: "exec_command `touch <args>` inside the workspace" } } });
    s.command({ id: "d1", command: "tool.decide", call_id: "c1", decision: "allow", scope: "session" }, "person");
    expect(results(s.effects).at(-1)?.outcome).toMatchObject({ result: "ok", rule: "r1" });
    ask(s, "c2", "/bin/bash -lc 'touch y'");
    ask(s, "c3", "/bin/bash -lc 'rm -rf ./important'");
    expect(decidedBy(s)).toEqual(["c1:allow:person", "c2:allow:rule:r1"]);
    expect(s.state.pending.map((p) => p.callId)).toEqual(["c3"]);
    expect(s.events().find((e) => e.kind === "rule")).toMatchObject({
      change: "added",
      by: "person",
      rule: { id: "r1", tool: "exec_command", match: { kind: "command", words: ["touch"] } },
    });
    expect(s.state.census.byDecider).toMatchObject({ person: 1, "rule:r1": 1 });
  });

  it("D1 claude: a rule made on touch a never allows touch ok.txt; rm -rf important", () => {
    const s = new Session(config({ classify: makeClassifier(DEFAULT_SAFE_POLICY, WS), workspace: WS })).start();
    s.ask("c1", { command: "touch a" });
    s.command({ id: "d1", command: "tool.decide", call_id: "c1", decision: { decision: "allow" }, scope: "session" });
    s.ask("c2", { command: "touch ok.txt; rm -rf important" });
    expect(s.state.pending.map((p) => p.callId)).toEqual(["c2"]);
    expect(decidedBy(s)).toEqual(["c1:allow:program"]);
  });

  it("a rule answers the calls already waiting that it covers, and only those", () => {
    const s = codex();
    ask(s, "c1", "touch a");
    ask(s, "c2", "touch b");
    ask(s, "c3", "rm b");
    s.command({ id: "d1", command: "tool.decide", call_id: "c1", decision: "allow", scope: "session" }, "person");
    expect(decidedBy(s)).toEqual(["c1:allow:person", "c2:allow:rule:r1"]);
    expect(deliveries(s.effects).map((d) => [d.callId, d.decider])).toEqual([
      ["c1", "person"],
      ["c2", "rule:r1"],
    ]);
  });

  it("a scope that cannot be granted refuses the whole decision and the call stays pending", () => {
    const s = codex();
    ask(s, "c1", "/bin/bash -lc 'bash ./x.sh'");
    expect(s.events().find((e) => e.kind === "approval-request")).toMatchObject({
      call: { always: { refused: expect.stringContaining("runs whatever it is told") } },
    });
    s.command({ id: "d1", command: "tool.decide", call_id: "c1", decision: "allow", scope: "session" });
    expect(results(s.effects).at(-1)?.outcome).toMatchObject({
      result: "refused",
      refused: { code: "UNSUPPORTED_CONTROL", reason: expect.stringContaining("no session rule can be made") },
    });
    expect(s.state.pending.map((p) => p.callId)).toEqual(["c1"]);
    expect(s.state.rules).toEqual([]);
  });

  it("a scope goes only with an allow", () => {
    const s = codex();
    ask(s, "c1", "touch a");
    s.command({ id: "d1", command: "tool.decide", call_id: "c1", decision: "deny", reason: "no", scope: "session" });
    expect(results(s.effects).at(-1)?.outcome).toMatchObject({ refused: { code: "MALFORMED" } });
    s.command({ id: "d2", command: "tool.decide", call_id: "c1", decision: "allow", scope: "forever" });
    expect(results(s.effects).at(-1)?.outcome).toMatchObject({ refused: { code: "MALFORMED" } });
  });

  it("rule.revoke takes the rule back: the next such call asks again; an unknown rule is refused by name", () => {
    const s = codex();
    ask(s, "c1", "touch a");
    s.command({ id: "d1", command: "tool.decide", call_id: "c1", decision: "allow", scope: "session" }, "person");
    s.command({ id: "v1", command: "rule.revoke", rule_id: "r1" }, "person");
    expect(results(s.effects).at(-1)?.outcome).toEqual({ result: "ok", applies_at: null });
    expect(
      s
        .events()
        .filter((e) => e.kind === "rule")
        .map((e) => (e as { change: string }).change),
    ).toEqual(["added", "revoked"]);
    ask(s, "c2", "touch b");
    expect(s.state.pending.map((p) => p.callId)).toEqual(["c2"]);
    s.command({ id: "v2", command: "rule.revoke", rule_id: "r1" });
    expect(results(s.effects).at(-1)?.outcome).toMatchObject({
      refused: { code: "MALFORMED", reason: expect.stringContaining("no rule r1") },
    });
  });

  it("a resumed session keeps its rules in force, and its next rule gets a new id", () => {
    const rule = ruleOf("touch a", "exec_command", "r4");
    const s = new Session(
      config({
        harness: "codex",
        channel: channelRow("codex-app-server"),
        classify: makeClassifier(DEFAULT_SAFE_POLICY, WS),
        workspace: WS,
        rules: [rule],
      }),
    ).start();
    ask(s, "c1", "touch z");
    expect(decidedBy(s)).toEqual(["c1:allow:rule:r4"]);
    ask(s, "c2", "mkdir d");
    s.command({ id: "d1", command: "tool.decide", call_id: "c2", decision: "allow", scope: "session" });
    expect(s.state.rules.map((r) => r.id)).toEqual(["r4", "r5"]);
  });

  it("a journal's old decider name human reads as person", () => {
    expect(readDecider("human")).toBe("person");
    expect(readDecider("rule:r1")).toBe("rule:r1");
  });
});
