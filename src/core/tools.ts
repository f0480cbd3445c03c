/** Canonical tool names: the one vocabulary --tools, policy and the UI speak. */
export const CANONICAL_TOOLS = [
  "read",
  "write",
  "edit",
  "shell",
  "grep",
  "glob",
  "list",
  "web-fetch",
  "web-search",
  "subagent",
  "skill",
] as const;
export type CanonicalTool = (typeof CANONICAL_TOOLS)[number];
export function isCanonicalTool(value: string): value is CanonicalTool {
  return (CANONICAL_TOOLS as readonly string[]).includes(value);
}
/** The `--access read` preset. */
export const READ_ACCESS_TOOLS: readonly CanonicalTool[] = ["read", "grep", "glob", "list", "web-fetch", "web-search"];
