/** Claude Code's native tool names in the canonical vocabulary (for policy and the UI). */
import type { CanonicalTool } from "../../core/tools.js";

const CLAUDE_TO_CANONICAL: Readonly<Record<string, CanonicalTool>> = {
  Bash: "shell",
  Read: "read",
  Write: "write",
  Edit: "edit",
  MultiEdit: "edit",
  NotebookEdit: "edit",
  Grep: "grep",
  Glob: "glob",
  LS: "list",
  WebFetch: "web-fetch",
  WebSearch: "web-search",
  Task: "subagent",
  Agent: "subagent",
  Skill: "skill",
};

export function canonicalClaudeTool(name: string): CanonicalTool | undefined {
  return CLAUDE_TO_CANONICAL[name];
}
