/**
 * A strict JSON checker that says *where* a document is wrong. V8's JSON.parse messages carry a
 * position only sometimes and change between versions; a config error must name line and column.
 * It also reports duplicate object keys, which JSON.parse would resolve by silently keeping the last.
 */

export type JsonProblem =
  | {
      readonly kind: "syntax";
      readonly offset: number;
      readonly line: number;
      readonly column: number;
      readonly message: string;
    }
  | {
      readonly kind: "duplicate-key";
      readonly path: readonly (string | number)[];
      readonly line: number;
      readonly column: number;
    };

const MAX_DEPTH = 128;

class Stop extends Error {
  constructor(
    readonly offset: number,
    readonly what: string,
  ) {
    super(what);
  }
}

export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** First problem in `text`, or null when it is one well-formed JSON value without duplicate keys. */
export function findJsonProblem(text: string): JsonProblem | null {
  let pos = 0;
  let duplicate: { path: (string | number)[]; offset: number } | null = null;

  const describe = (at: number): string => (at >= text.length ? "end of input" : `'${text[at]}'`);
  const fail = (expected: string): never => {
    throw new Stop(pos, `expected ${expected}, found ${describe(pos)}`);
  };
  const skipSpace = (): void => {
    while (pos < text.length && " \t\n\r".includes(text[pos]!)) pos++;
  };
  const literal = (word: string): void => {
    if (text.startsWith(word, pos)) pos += word.length;
    else fail("a JSON value");
  };
  const string = (): string => {
    const start = ++pos;
    let out = "";
    while (pos < text.length) {
      const ch = text[pos]!;
      if (ch === '"') {
        pos++;
        return out;
      }
      if (ch < " ") throw new Stop(pos, "control character inside a string (escape it)");
      if (ch === "\\") {
        const esc = text[pos + 1];
        if (esc === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6)))
            throw new Stop(pos, "bad \\u escape (needs 4 hex digits)");
          out += String.fromCharCode(parseInt(text.slice(pos + 2, pos + 6), 16));
          pos += 6;
        } else if (esc !== undefined && '"\\/bfnrt'.includes(esc)) {
          out += esc;
          pos += 2;
        } else {
          throw new Stop(pos, "bad escape in string");
        }
      } else {
        out += ch;
        pos++;
      }
    }
    throw new Stop(start - 1, "unterminated string");
  };
  const number = (): void => {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(pos));
    if (!m || m[0] === "" || m[0] === "-") fail("a JSON value");
    pos += m![0].length;
  };
  const value = (path: (string | number)[]): void => {
    // Bounded nesting keeps a hostile file from overflowing the stack.
    if (path.length > MAX_DEPTH) throw new Stop(pos, `nesting deeper than ${MAX_DEPTH} levels`);
    skipSpace();
    const ch = text[pos];
    if (ch === "{") return object(path);
    if (ch === "[") return array(path);
    if (ch === '"') return void string();
    if (ch === "t") return literal("true");
    if (ch === "f") return literal("false");
    if (ch === "n") return literal("null");
    if (ch === "-" || (ch !== undefined && ch >= "0" && ch <= "9")) return number();
    fail("a JSON value");
  };
  const object = (path: (string | number)[]): void => {
    pos++;
    const keys = new Set<string>();
    skipSpace();
    if (text[pos] === "}") {
      pos++;
      return;
    }
    for (;;) {
      skipSpace();
      if (text[pos] !== '"') fail("a double-quoted property name");
      const keyOffset = pos;
      const key = string();
      if (keys.has(key) && duplicate === null) duplicate = { path: [...path, key], offset: keyOffset };
      keys.add(key);
      skipSpace();
      if (text[pos] !== ":") fail('":" after a property name');
      pos++;
      value([...path, key]);
      skipSpace();
      if (text[pos] === ",") {
        pos++;
        continue;
      }
      if (text[pos] === "}") {
        pos++;
        return;
      }
      fail('"," or "}" after a property value');
    }
  };
  const array = (path: (string | number)[]): void => {
    pos++;
    skipSpace();
    if (text[pos] === "]") {
      pos++;
      return;
    }
    for (let i = 0; ; i++) {
      value([...path, i]);
      skipSpace();
      if (text[pos] === ",") {
        pos++;
        continue;
      }
      if (text[pos] === "]") {
        pos++;
        return;
      }
      fail('"," or "]" after an array element');
    }
  };

  try {
    value([]);
    skipSpace();
    if (pos < text.length) fail("end of input after the JSON value");
  } catch (err) {
    if (!(err instanceof Stop)) throw err;
    return { kind: "syntax", offset: err.offset, ...lineColumn(text, err.offset), message: err.what };
  }
  const dup = duplicate as { path: (string | number)[]; offset: number } | null;
  if (dup) return { kind: "duplicate-key", path: dup.path, ...lineColumn(text, dup.offset) };
  return null;
}
