/**
 * A deliberately small, conservative reading of a shell command line for the safe-operations
 * policy. It understands words, single and double quotes and plain pipes, and nothing else:
 * anything that could run a second command, expand, redirect or leave the directory
 * (`;`, `&&`, `||`, `&`, `>`, `<`, `$`, backticks, subshells, globs, `~`, escapes, comments)
 * makes the line "not simple", and a line that is not simple is gated — it goes to a person.
 */

export type ShellReading =
  | {
      readonly simple: true /** pipeline segments, each a list of words */;
      readonly segments: readonly (readonly string[])[];
    }
  | { readonly simple: false; readonly why: string };

const FORBIDDEN: Readonly<Record<string, string>> = {
  ";": "a `;` runs a second command",
  "&": "`&`/`&&` runs a second command",
  ">": "a redirection writes a file",
  "<": "a redirection reads a file outside the check",
  $: "`$` expands a variable or a command",
  "`": "a backtick runs a command",
  "(": "a subshell runs commands",
  ")": "a subshell runs commands",
  "{": "a brace group or expansion",
  "}": "a brace group or expansion",
  "\\": "an escape hides what follows",
  "\n": "a newline runs a second command",
  "\r": "a carriage return",
  "*": "a glob expands to unseen paths",
  "?": "a glob expands to unseen paths",
  "[": "a glob expands to unseen paths",
  "]": "a glob expands to unseen paths",
  "~": "`~` is the home directory, outside the workspace",
  "#": "a comment hides the rest of the line",
  "!": "`!` is history expansion",
};

export function readShell(text: string): ShellReading {
  const segments: string[][] = [[]];
  let word: string | null = null;
  let quote: "'" | '"' | null = null;
  const endWord = () => {
    if (word !== null) segments[segments.length - 1]!.push(word);
    word = null;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote === "'") {
      if (ch === "'") quote = null;
      else word += ch;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === "$" || ch === "`" || ch === "\\" || ch === "!")
        return { simple: false, why: `${FORBIDDEN[ch]} (inside double quotes)` };
      else word += ch;
      continue;
    }
    if (ch === " " || ch === "\t") {
      endWord();
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= "";
      continue;
    }
    if (ch === "|") {
      if (text[i + 1] === "|") return { simple: false, why: "`||` runs a second command" };
      endWord();
      if (segments[segments.length - 1]!.length === 0) return { simple: false, why: "a pipe with nothing before it" };
      segments.push([]);
      continue;
    }
    const forbidden = FORBIDDEN[ch];
    if (forbidden) return { simple: false, why: forbidden };
    word = (word ?? "") + ch;
  }
  if (quote !== null) return { simple: false, why: "an unterminated quote" };
  endWord();
  if (segments.some((s) => s.length === 0))
    return { simple: false, why: segments.length > 1 ? "a pipe with nothing after it" : "an empty command" };
  for (const s of segments) {
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(s[0]!))
      return { simple: false, why: "an environment assignment changes what the command does" };
  }
  return { simple: true, segments };
}
