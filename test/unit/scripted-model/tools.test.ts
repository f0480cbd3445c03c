import { describe, expect, it } from "vitest";
import type { OfferedTool } from "../../../src/scripted-model/conversation.js";
import { resolveToolCall } from "../../../src/scripted-model/tools.js";

const fn = (name: string, ...params: string[]): OfferedTool => ({ name, params, kind: "function" });
const CLAUDE = [
  fn("Bash", "command", "timeout"),
  fn("Read", "file_path"),
  fn("Write", "file_path", "content"),
  fn("Edit", "file_path", "old_string", "new_string"),
];
const PI = [fn("read", "path"), fn("bash", "command"), fn("edit", "path", "edits"), fn("write", "path", "content")];
const CODEX = [fn("exec_command", "cmd", "justification", "sandbox_permissions"), fn("write_stdin", "chars")];

describe("canonical tools map onto the native tool the request offers", () => {
  it("shell becomes Claude's Bash with `command`", () => {
    expect(resolveToolCall({ tool: "shell", command: "ls" }, CLAUDE)).toEqual({
      ok: true,
      call: { name: "Bash", input: { command: "ls" }, kind: "function" },
    });
  });

  it("shell becomes Codex's exec_command with `cmd`, escalated on request", () => {
    const r = resolveToolCall({ tool: "shell", command: "ls", escalate: true }, CODEX);
    expect(r.ok && r.call).toMatchObject({
      name: "exec_command",
      input: { cmd: "ls", sandbox_permissions: "require_escalated" },
    });
  });

  it("shell becomes qwen's run_shell_command, in the foreground, which it requires saying", () => {
    const QWEN = [
      fn("read_file", "file_path", "offset"),
      fn("run_shell_command", "command", "is_background", "timeout"),
    ];
    expect(resolveToolCall({ tool: "shell", command: "ls" }, QWEN)).toEqual({
      ok: true,
      call: { name: "run_shell_command", input: { command: "ls", is_background: false }, kind: "function" },
    });
  });

  it("read, write and edit fill Claude's file_path / old_string / new_string", () => {
    expect(resolveToolCall({ tool: "read", path: "a" }, CLAUDE)).toMatchObject({
      call: { name: "Read", input: { file_path: "a" } },
    });
    expect(resolveToolCall({ tool: "write", path: "a", content: "x" }, CLAUDE)).toMatchObject({
      call: { name: "Write", input: { file_path: "a", content: "x" } },
    });
    expect(resolveToolCall({ tool: "edit", path: "a", old: "x", new: "y" }, CLAUDE)).toMatchObject({
      call: { name: "Edit", input: { file_path: "a", old_string: "x", new_string: "y" } },
    });
  });

  it("pi's edit takes a list of oldText/newText replacements", () => {
    expect(resolveToolCall({ tool: "edit", path: "a", old: "x", new: "y" }, PI)).toMatchObject({
      call: { name: "edit", input: { path: "a", edits: [{ oldText: "x", newText: "y" }] } },
    });
  });

  it("without file tools, read and write go through the shell with quoted arguments", () => {
    expect(resolveToolCall({ tool: "read", path: "it's.txt" }, CODEX)).toMatchObject({
      call: { name: "exec_command", input: { cmd: `cat 'it'\\''s.txt'` } },
    });
    expect(resolveToolCall({ tool: "write", path: "f", content: "hi" }, CODEX)).toMatchObject({
      call: { input: { cmd: `printf '%s' 'hi' > 'f'` } },
    });
  });

  it("a free-form apply_patch tool receives a patch string", () => {
    const r = resolveToolCall({ tool: "edit", path: "a.txt", old: "x", new: "y" }, [
      { name: "apply_patch", params: [], kind: "custom" },
    ]);
    expect(r.ok && r.call.input).toBe("*** Begin Patch\n*** Update File: a.txt\n@@\n-x\n+y\n*** End Patch\n");
  });

  it("a canonical tool with no native counterpart is reported with what was offered", () => {
    const r = resolveToolCall({ tool: "edit", path: "a", old: "x", new: "y" }, CODEX);
    expect(r).toEqual({
      ok: false,
      reason: expect.stringContaining("offered: exec_command, write_stdin") as unknown as string,
    });
  });
});
