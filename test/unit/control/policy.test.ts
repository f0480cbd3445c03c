import { describe, expect, it } from "vitest";
import { classifyCall, DEFAULT_SAFE_POLICY, headlessDenyReason } from "../../../src/core/control/policy.js";
import { readShell } from "../../../src/core/control/shell-words.js";

const WS = "/work/project";
const shell = (command: unknown, extra: Record<string, unknown> = {}) =>
  classifyCall(DEFAULT_SAFE_POLICY, WS, { tool: "Bash", canonical: "shell", input: { command, ...extra } });

describe("safe-operations policy", () => {
  it("plain read-only commands inside the workspace are safe", () => {
    for (const c of [
      "ls",
      "ls -la src",
      "cat README.md",
      "git status",
      "git status -s",
      "pwd",
      "git log --oneline -5",
      "cat 'a file.txt'",
      "ls ./src/../docs",
      `cat ${WS}/x`,
    ]) {
      expect(shell(c).classification, c).toBe("safe");
    }
  });

  it("a pipe between safe commands is safe; a pipe into anything else is gated", () => {
    expect(shell("git log --oneline | head -5").classification).toBe("safe");
    expect(shell("cat x | sh").classification).toBe("gated");
    expect(shell("ls | xargs rm").classification).toBe("gated");
  });

  it("a chain (;, &&, ||, newline) is judged link by link: safe only when every link is, gated naming the link that is not", () => {
    for (const c of ["ls; cat README", "ls && git status", "ls || pwd", "ls\ncat x", "ls; echo a | wc -l"])
      expect(shell(c).classification, c).toBe("safe");
    for (const [c, link] of [
      ["ls; rm -rf /", "rm -rf /"],
      ["ls && rm x", "rm x"],
      ["ls || rm x", "rm x"],
      ["ls\nrm x", "rm x"],
      ["/bin/bash -lc 'ls; rm x'", "rm x"],
    ]) {
      const r = shell(c!);
      expect(r.classification, c).toBe("gated");
      expect(r.why, c).toContain(`\`${link}\``);
    }
  });

  it("anything that redirects, expands, backgrounds or opens a subshell is gated, and says why", () => {
    const cases: [string, string][] = [
      ["ls;", "no command after it"],
      ["; ls", "no command before it"],
      ["ls > out.txt", "redirection"],
      ["cat < /etc/passwd", "redirection"],
      ["echo $HOME", "$"],
      ["echo `id`", "backtick"],
      ["(ls)", "subshell"],
      ['cat "$(id)"', "double quotes"],
      ["ls *.ts", "glob"],
      ["cat ~/.ssh/id_rsa", "home"],
      ["FOO=1 ls", "environment"],
      ["ls &", "background"],
      ["cat 'unterminated", "unterminated"],
      ["ls \\; rm", "escape"],
    ];
    for (const [c, why] of cases) {
      const r = shell(c);
      expect(r.classification, c).toBe("gated");
      expect(r.why, c).toContain(why);
    }
  });

  it("a path outside the workspace is gated, naming the path", () => {
    for (const c of ["cat /etc/shadow", "ls ..", "cat ../../etc/passwd", "git -C /tmp status", "ls --directory=/etc"]) {
      const r = shell(c);
      expect(r.classification, c).toBe("gated");
    }
    expect(shell("cat /etc/shadow").why).toContain("/etc/shadow");
    expect(shell("ls", { cwd: "/tmp" }).classification).toBe("gated");
  });

  it("a word prefix never widens: git status does not allow git push, ls does not allow lsof", () => {
    expect(shell("git push").classification).toBe("gated");
    expect(shell("lsof").classification).toBe("gated");
    expect(shell("git statusx").classification).toBe("gated");
  });

  it("flags that make a read-only command write or run something are gated", () => {
    expect(shell("git diff --output=patch.txt").classification).toBe("gated");
    expect(shell("rg --pre ./evil foo").classification).toBe("gated");
  });

  it("codex's bash -lc spelling and argv arrays are judged by the script they run", () => {
    expect(shell("/bin/bash -lc 'git status'").classification).toBe("safe");
    expect(shell("/bin/bash -lc 'rm -rf /'").classification).toBe("gated");
    expect(shell(["bash", "-lc", "ls -la"]).classification).toBe("safe");
    expect(shell(["rm", "-rf", "x"]).classification).toBe("gated");
    expect(shell(["bash", "-lc", "ls; rm x"]).classification).toBe("gated");
  });

  it("read-only tools on the list are safe inside the workspace and gated outside it", () => {
    const read = (input: unknown) => classifyCall(DEFAULT_SAFE_POLICY, WS, { tool: "Read", canonical: "read", input });
    expect(read({ file_path: `${WS}/src/a.ts` }).classification).toBe("safe");
    expect(read({ file_path: "src/a.ts" }).classification).toBe("safe");
    expect(read({ file_path: "/etc/shadow" }).classification).toBe("gated");
    expect(
      classifyCall(DEFAULT_SAFE_POLICY, WS, { tool: "Glob", canonical: "glob", input: { pattern: "/etc/**" } })
        .classification,
    ).toBe("gated");
  });

  it("tools not on the list, and every call without a policy, are gated", () => {
    expect(
      classifyCall(DEFAULT_SAFE_POLICY, WS, { tool: "Write", canonical: "write", input: { file_path: "a" } })
        .classification,
    ).toBe("gated");
    expect(classifyCall(undefined, WS, { tool: "Read", canonical: "read", input: {} }).classification).toBe("gated");
    expect(
      classifyCall({ allowTools: ["native:mcp__s__t"] }, WS, { tool: "mcp__s__t", input: {} }).classification,
    ).toBe("safe");
  });

  it("the headless deny reason comes from the policy, with a default", () => {
    expect(headlessDenyReason({ headless: { decision: "deny", reason: "ask Dana" } })).toBe("ask Dana");
    expect(headlessDenyReason(undefined)).toContain("nobody is available");
  });

  it("the shell reader keeps quoted words whole and splits a chain into its links", () => {
    expect(readShell("cat 'a b' \"c d\" | head")).toEqual({
      simple: true,
      segments: [["cat", "a b", "c d"], ["head"]],
    });
    expect(readShell("a 'x;y' && b || c; d | e")).toEqual({
      simple: true,
      segments: [["a", "x;y"], ["b"], ["c"], ["d"], ["e"]],
    });
    expect(readShell("| ls").simple).toBe(false);
    expect(readShell("ls |").simple).toBe(false);
  });
});
