/**
 * A tool call's subject in one line: the command it runs, or the path (or URL, pattern) it
 * touches, else its input as JSON. What a transcript row, an approval header and the server's
 * inbox (`hmux inbox`) name a call by.
 */

export function summarizeToolInput(input: unknown, max = 200): string {
  if (input === null || input === undefined) return "";
  if (typeof input === "string") return clipOneLine(input, max);
  if (typeof input !== "object") return clipOneLine(String(input), max);
  const o = input as Record<string, unknown>;
  if (typeof o.command === "string") return clipOneLine(`$ ${o.command}`, max);
  if (Array.isArray(o.command)) return clipOneLine(`$ ${o.command.map(String).join(" ")}`, max);
  for (const key of ["file_path", "path", "filePath", "file", "url", "pattern", "query"]) {
    if (typeof o[key] === "string") return clipOneLine(o[key] as string, max);
  }
  return clipOneLine(safeJson(input), max);
}

export function safeJson(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Text on one line (line breaks shown as ⏎), at most `max` characters. */
export function clipOneLine(text: string, max: number): string {
  const one = text.replace(/\s*\n\s*/g, " ⏎ ");
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}
