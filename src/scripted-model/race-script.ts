/**
 * The race demo: a tiny repository with a bug (slug() keeps spaces) and a check (`node test.js`),
 * and a script in which each harness fixes it its own way. The script tells the harnesses apart by
 * the wire each speaks (claude: Anthropic Messages, codex: OpenAI Responses, pi: Chat
 * Completions): claude trims and collapses whitespace (passes), codex splits into words and also
 * adds a changelog (passes, one file only it touched), pi replaces single spaces (breaks the check
 * on padded input). Different usage figures and pacing make the scorecard's columns differ too.
 */
import { parseScript, type Script, type ScriptReply } from "./script-schema.js";

export const RACE_DEMO_PROMPT = "Fix slug() in slug.js so that `node test.js` passes.";
export const RACE_DEMO_CHECK = "node test.js";

const BUGGY = "  return title.toLowerCase();";

/** The demo repository's files, committed as its first commit. */
export const RACE_DEMO_FILES: Readonly<Record<string, string>> = {
  "slug.js": `// Turns a title into a URL slug: "Hello World" -> "hello-world".
function slug(title) {
${BUGGY}
}

module.exports = { slug };
`,
  "test.js": `const assert = require("node:assert");
const { slug } = require("./slug.js");

assert.equal(slug("Hello World"), "hello-world");
assert.equal(slug("  Trim me  "), "trim-me");
console.log("ok: slug");
`,
};

type Wire = "anthropic" | "responses" | "chat";

interface Fix {
  readonly wire: Wire;
  readonly opening: string;
  readonly replacement: string;
  readonly extra?: { readonly path: string; readonly content: string };
  readonly closing: string;
  readonly usage: readonly [number, number];
  readonly delayMs: number;
}

const FIXES: readonly Fix[] = [
  {
    wire: "anthropic",
    opening: "Let me read slug.js before changing it.",
    replacement: '  return title.trim().toLowerCase().replace(/\\s+/g, "-");',
    closing: "slug() now trims the title and joins runs of whitespace with one dash.",
    usage: [1800, 240],
    delayMs: 30,
  },
  {
    wire: "responses",
    opening: "I will look at slug.js first.",
    replacement: `  return title
    .toLowerCase()
    .split(/\\s+/)
    .filter((word) => word !== "")
    .join("-");`,
    extra: { path: "CHANGELOG.md", content: "# Changelog\n\n- slug() joins the words of a title with dashes.\n" },
    closing: "slug() splits the title into words and joins them with dashes; CHANGELOG.md says so.",
    usage: [2600, 410],
    delayMs: 60,
  },
  {
    wire: "chat",
    opening: "Reading slug.js.",
    replacement: '  return title.toLowerCase().replace(/ /g, "-");',
    closing: "slug() now replaces spaces with dashes.",
    usage: [900, 120],
    delayMs: 10,
  },
];

function rule(fix: Fix) {
  const usage = (n: number) => ({ input: fix.usage[0] * n, output: fix.usage[1], cachedInput: 0 });
  const replies: ScriptReply[] = [
    { text: [fix.opening], tools: [{ tool: "read", path: "slug.js" }], usage: usage(1), delayMs: fix.delayMs },
    {
      text: ["Found it: spaces are kept. Fixing."],
      tools: [
        { tool: "edit", path: "slug.js", old: BUGGY, new: fix.replacement },
        ...(fix.extra ? [{ tool: "write" as const, ...fix.extra }] : []),
      ],
      usage: usage(2),
      delayMs: fix.delayMs,
    },
    { text: [fix.closing], usage: usage(3), delayMs: fix.delayMs },
  ];
  return {
    name: `race-${fix.wire}`,
    match: { contains: "slug", wire: fix.wire },
    replies,
    onError: { text: ["A step did not work ({{toolResult}}), so I stop here."], delayMs: fix.delayMs },
  };
}

export const RACE_SCRIPT: Script = parseScript(
  {
    rules: [
      // A cross-review (hmux race --review) reads a diff and answers in words: it edits nothing.
      {
        name: "race-review",
        match: { contains: "You review one answer" },
        replies: [{ text: ["Verdict: the change trims and lowercases the title as asked; nothing wrong seen."] }],
      },
      ...FIXES.map(rule),
      {
        name: "race-other",
        replies: [{ text: ["hmux model (race script): I only know how to fix slug() in slug.js."] }],
      },
    ],
  },
  "race script",
);
