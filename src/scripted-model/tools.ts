/**
 * Maps a script's canonical tool call (shell, read, write, edit) onto whichever native tool
 * the request offers, filling that tool's own argument shape. Harnesses name the same tool
 * differently (Bash, bash, exec_command, shell …) and spell its arguments differently.
 */
import type { OfferedTool } from "./conversation.js";
import type { ScriptToolCall } from "./script-schema.js";

/** Native names per canonical tool, in preference order. */
export const NATIVE_TOOL_NAMES: Readonly<Record<ScriptToolCall["tool"], readonly string[]>> = {
  shell: ["Bash", "bash", "exec_command", "shell_command", "shell", "local_shell", "run_shell_command"],
  read: ["Read", "read", "read_file"],
  write: ["Write", "write", "write_file"],
  edit: ["Edit", "edit", "edit_file", "apply_patch"],
  "ask-user": ["AskUserQuestion"],
};

export interface NativeToolCall {
  readonly name: string;
  /** Object arguments for function tools; a string for custom (free-form) tools. */
  readonly input: Record<string, unknown> | string;
  readonly kind: "function" | "custom";
}

export type ToolResolution =
  | { readonly ok: true; readonly call: NativeToolCall }
  | { readonly ok: false; readonly reason: string };

function pick(params: readonly string[], candidates: readonly string[], fallback: string): string {
  return candidates.find((c) => params.includes(c)) ?? fallback;
}

function shellInput(tool: OfferedTool, command: string, escalate: boolean): Record<string, unknown> | string {
  const key = pick(tool.params, ["command", "cmd"], tool.name === "exec_command" ? "cmd" : "command");
  // Codex's older `shell` tool takes an argv array.
  const value = tool.name === "shell" && tool.params.includes("command") ? ["bash", "-lc", command] : command;
  const input: Record<string, unknown> = { [key]: value };
  // qwen's run_shell_command requires saying whether the command runs in the background.
  if (tool.params.includes("is_background")) input.is_background = false;
  if (escalate && tool.params.includes("sandbox_permissions")) {
    input.sandbox_permissions = "require_escalated";
    if (tool.params.includes("justification")) input.justification = "The script asked for an escalated command.";
  }
  return input;
}

function pathKey(tool: OfferedTool): string {
  return pick(
    tool.params,
    ["file_path", "path", "filePath", "filename"],
    /^[A-Z]/.test(tool.name) ? "file_path" : "path",
  );
}

function patchFor(call: Extract<ScriptToolCall, { tool: "write" | "edit" }>): string {
  const lines = (text: string, sign: string) =>
    text
      .split("\n")
      .map((l) => sign + l)
      .join("\n");
  if (call.tool === "write")
    return `*** Begin Patch\n*** Add File: ${call.path}\n${lines(call.content, "+")}\n*** End Patch\n`;
  return `*** Begin Patch\n*** Update File: ${call.path}\n@@\n${lines(call.old, "-")}\n${lines(call.new, "+")}\n*** End Patch\n`;
}

function inputFor(call: ScriptToolCall, tool: OfferedTool): Record<string, unknown> | string {
  switch (call.tool) {
    case "ask-user":
      return {
        questions: [
          {
            question: call.question,
            header: "Question",
            options: call.options.map((label) => ({ label, description: label })),
            multiSelect: false,
          },
        ],
      };
    case "shell":
      return shellInput(tool, call.command, call.escalate === true);
    case "read":
      return { [pathKey(tool)]: call.path };
    case "write":
      if (tool.name === "apply_patch") return tool.kind === "custom" ? patchFor(call) : { input: patchFor(call) };
      return {
        [pathKey(tool)]: call.path,
        [pick(tool.params, ["content", "contents", "text"], "content")]: call.content,
      };
    case "edit": {
      if (tool.name === "apply_patch") return tool.kind === "custom" ? patchFor(call) : { input: patchFor(call) };
      const oldKey = pick(
        tool.params,
        ["old_string", "oldText", "old_str", "old"],
        /^[A-Z]/.test(tool.name) ? "old_string" : "oldText",
      );
      const newKey = pick(
        tool.params,
        ["new_string", "newText", "new_str", "new"],
        /^[A-Z]/.test(tool.name) ? "new_string" : "newText",
      );
      // pi's edit takes a list of replacements.
      if (tool.params.includes("edits") && !tool.params.includes(oldKey)) {
        return { [pathKey(tool)]: call.path, edits: [{ oldText: call.old, newText: call.new }] };
      }
      return { [pathKey(tool)]: call.path, [oldKey]: call.old, [newKey]: call.new };
    }
  }
}

function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** Choose the offered native tool for a canonical call and build its input. */
export function resolveToolCall(call: ScriptToolCall, offered: readonly OfferedTool[]): ToolResolution {
  const names = NATIVE_TOOL_NAMES[call.tool];
  for (const name of names) {
    const tool = offered.find((t) => t.name === name);
    if (tool) return { ok: true, call: { name: tool.name, input: inputFor(call, tool), kind: tool.kind } };
  }
  // Codex offers no file tools: read and write go through its shell instead.
  const viaShell =
    call.tool === "read"
      ? `cat ${quote(call.path)}`
      : call.tool === "write"
        ? `printf '%s' ${quote(call.content)} > ${quote(call.path)}`
        : null;
  if (viaShell !== null) {
    const shell = resolveToolCall({ tool: "shell", command: viaShell }, offered);
    if (shell.ok) return shell;
  }
  const have = offered.map((t) => t.name).join(", ") || "none";
  return {
    ok: false,
    reason: `the script calls canonical tool "${call.tool}" but the request offers no ${names.join("/")} (offered: ${have})`,
  };
}
