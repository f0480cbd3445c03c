/**
 * A deliberately small, conservative reading of a shell command line for the safe-operations
 * policy and the "allow always" rules. It understands words, single and double quotes, and the
 * separators that chain simple commands (`|`, `;`, `&&`, `||`, a newline): the line becomes a
 * list of links, and the policy judges every link on its own, so a chain is allowed only when
 * each link is. Anything it cannot see through — an expansion, a redirection, a subshell, a
 * command substitution, a background `&`, globs, `~`, escapes, comments — makes the line "not
 * simple", and a line that is not simple is gated: it goes to a person.
 */

export type ShellReading =
  | {
      readonly simple: true /** the links of the chain, in order, each a list of words */;
      readonly segments: readonly (readonly string[])[];
    }
  | { readonly simple: false; readonly why: string };

const FORBIDDEN: Readonly<Record<string, string>> = {
  "&": "a background `&` runs a command nobody waits for",
  ">": "a redirection writes a file",
  "<": "a redirection reads a file outside the check",
  $: "`$` expands a variable or runs a command substitution",
  "`": "a backtick runs a command substitution",
  "(": "a subshell runs commands",
  ")": "a subshell runs commands",
  "{": "a brace group or expansion",
  "}": "a brace group or expansion",
  "\\": "an escape hides what follows",
  "\r": "a carriage return",
  "*": "a glob expands to unseen paths",
  "?": "a glob expands to unseen paths",
  "[": "a glob expands to unseen paths",
  "]": "a glob expands to unseen paths",
  "~": "`~` is the home directory, outside the workspace",
  "#": "a comment hides the rest of the line",
  "!": "`!` is history expansion",
};

/** The separator starting at `i`, and how many characters it takes; null when none does. */
function separatorAt(text: string, i: number): { readonly length: number } | null {
  const ch = text[i];
  const next = text[i + 1];
  if (ch === "|") return { length: next === "|" ? 2 : 1 };
  if (ch === "&" && next === "&") return { length: 2 };
  if (ch === ";" || ch === "\n") return { length: 1 };
  return null;
}

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
    const separator = separatorAt(text, i);
    if (separator) {
      endWord();
      if (segments[segments.length - 1]!.length === 0)
        return { simple: false, why: `\`${text.slice(i, i + separator.length)}\` with no command before it` };
      segments.push([]);
      i += separator.length - 1;
      continue;
    }
    const forbidden = FORBIDDEN[ch];
    if (forbidden) return { simple: false, why: forbidden };
    word = (word ?? "") + ch;
  }
  if (quote !== null) return { simple: false, why: "an unterminated quote" };
  endWord();
  if (segments.some((s) => s.length === 0))
    return { simple: false, why: segments.length > 1 ? "a separator with no command after it" : "an empty command" };
  for (const s of segments) {
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(s[0]!))
      return { simple: false, why: "an environment assignment changes what the command does" };
  }
  return { simple: true, segments };
}

const SHELLS = /^(\/usr)?(\/bin\/)?(ba|z|da)?sh$/;
/** How deep `bash -c 'bash -c …'` is unwrapped before hmux stops reading and asks. */
const MAX_WRAPPER_DEPTH = 4;

/** `bash -c '<script>'` / `sh -lc '<script>'`: the script a shell wrapper runs, or null when the link is not one. */
function wrappedScript(link: readonly string[]): string | null {
  if (link.length === 3 && SHELLS.test(link[0]!) && (link[1] === "-c" || link[1] === "-lc")) return link[2]!;
  return null;
}

export type CommandLinks =
  | { readonly ok: true; readonly links: readonly (readonly string[])[] }
  | { readonly ok: false; readonly why: string };

/**
 * The simple commands a shell call runs, with every shell wrapper (`bash -lc '…'`, `sh -c '…'`,
 * at any link, nested) replaced by the links of the script it runs. A command is a string (a
 * line for the shell) or an argv array (run as is).
 */
export function commandLinks(command: unknown): CommandLinks {
  if (typeof command === "string") return linksOfText(command, 0);
  if (Array.isArray(command) && command.length > 0 && command.every((w) => typeof w === "string"))
    return unwrap([command as string[]], 0);
  return { ok: false, why: "the shell call names no command hmux can read" };
}

function linksOfText(text: string, depth: number): CommandLinks {
  const reading = readShell(text.trim());
  if (!reading.simple) return { ok: false, why: `the command is not a simple one: ${reading.why}` };
  return unwrap(reading.segments, depth);
}

function unwrap(links: readonly (readonly string[])[], depth: number): CommandLinks {
  const out: (readonly string[])[] = [];
  for (const link of links) {
    const script = wrappedScript(link);
    if (script === null) {
      out.push(link);
      continue;
    }
    if (depth >= MAX_WRAPPER_DEPTH) return { ok: false, why: "shell wrappers nested too deep to read" };
    const inner = linksOfText(script, depth + 1);
    if (!inner.ok) return inner;
    out.push(...inner.links);
  }
  return { ok: true, links: out };
}
