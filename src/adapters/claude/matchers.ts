/**
 * Claude Code wording the decoder recognizes beyond the shared matchers, and its tool names.
 * Sources: docs/harness-facts.md#claude-failures (the 2.1.197 failure table, the claude extras of
 * the reference matchers, and the permission-denial texts in the 2.1.197 binary, 2026-11-29) and
 * the 2.1.332 binary's and recorded stream's denial texts (2026-12-01).
 */
import type { MatcherSet } from "../../core/classify.js";

const LOGIN_HINT = "run `claude` in a terminal, then `/login` in it (or set ANTHROPIC_API_KEY)";
const KEY_HINT = "check ANTHROPIC_API_KEY, or unset it and run `claude`, then `/login` in it";

export const CLAUDE_MATCHERS: Partial<MatcherSet> = {
  limit: [
    { pattern: "you'?ve hit your session limit", code: "session-limit" },
    { pattern: "you'?ve hit your weekly limit", code: "weekly-limit" },
    // Newer wording without a qualifier ("You've hit your limit · resets 2pm").
    { pattern: "you'?ve hit your limit", code: "usage-limit" },
    { pattern: "credit balance is too low", code: "credits" },
  ],
  auth: [
    {
      pattern: "oauth (?:session|token) (?:has )?expired|could not be refreshed|failed to authenticate",
      kind: "expired",
      hint: LOGIN_HINT,
    },
    // "Not logged in · Please run /login" (strings in the 2.1.197 binary); the bad-key wording
    // "Invalid API key · Please run /login" is caught first by the shared invalid-key matcher.
    { pattern: "invalid api key", kind: "invalid-key", hint: KEY_HINT },
    { pattern: "not logged in|please run /login|run /login", kind: "not-logged-in", hint: LOGIN_HINT },
  ],
};

/** Texts claude writes into a tool_result when a permission system refused the call. */
export const CLAUDE_DENIAL_PATTERNS: readonly RegExp[] = [
  /Permission to use .{1,300}? has been denied/,
  /requested permissions to .{1,300}?, but you haven't granted it yet/,
  /was blocked by a deny rule/,
  /was blocked\. For security, Claude Code may only/,
  /The user doesn't want to proceed with this tool use/,
  /\bPreToolUse:\S+ hook error\b/,
  // A compound Bash command without a grant for every part (2.1.197, live on the scripted model:
  // "This Bash command contains multiple operations. The following part requires approval: …").
  /The following parts? requires? approval/,
  // 2.1.332 words its refusals as a need for approval (recorded: "touch in '/opt/…' needs approval.
  // The path is outside the working directories …"; the binary's strings, 2026-12-01, add the others).
  /\bneeds approval(?: of its exact arguments)?(?:[.:(]| in this session| each time)/,
  /\brequires approval\b/,
  /Permission for this action has been denied/,
  /has been denied by (?:your|permission) rule/,
  /was refused: its approval could not be used/,
];

/** Claude tool names → canonical (spec tool table; `Agent` is 2.1.197's name for Task). */
export const CLAUDE_CANONICAL_TOOLS: Readonly<Record<string, string>> = {
  Read: "read",
  Write: "write",
  Edit: "edit",
  MultiEdit: "edit",
  Bash: "shell",
  Grep: "grep",
  Glob: "glob",
  LS: "list",
  WebFetch: "web-fetch",
  WebSearch: "web-search",
  Task: "subagent",
  Agent: "subagent",
  Skill: "skill",
};
