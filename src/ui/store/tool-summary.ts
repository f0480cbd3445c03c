/** One-line description of a tool input for transcript rows and approval headers. */
export function summarizeToolInput(input: unknown, max = 200): string {
  if (input === null || input === undefined) return "";
  if (typeof input === "string") return clip(input, max);
  if (typeof input !== "object") return clip(String(input), max);
  const o = input as Record<string, unknown>;
  if (typeof o.command === "string") return clip(`$ ${o.command}`, max);
  if (Array.isArray(o.command)) return clip(`$ ${o.command.map(String).join(" ")}`, max);
  for (const key of ["file_path", "path", "filePath", "file", "url", "pattern", "query"]) {
    if (typeof o[key] === "string") return clip(o[key] as string, max);
  }
  return clip(safeJson(input), max);
}

/** The long form for the approval preview: a command, a diff, or pretty JSON. */
export function previewToolInput(input: unknown): string {
  if (input === null || input === undefined) return "(no input)";
  if (typeof input === "string") return input;
  const o = input as Record<string, unknown>;
  if (typeof o.command === "string") return `$ ${o.command}`;
  if (Array.isArray(o.command)) return `$ ${o.command.map(String).join(" ")}`;
  if (typeof o.old_string === "string" && typeof o.new_string === "string") {
    const head = typeof o.file_path === "string" ? `${o.file_path}\n` : "";
    return head + diffLines(o.old_string, o.new_string);
  }
  if (typeof o.diff === "string") return o.diff;
  if (typeof o.patch === "string") return o.patch;
  if (typeof o.content === "string" && typeof o.file_path === "string") {
    return `${o.file_path}\n${o.content
      .split("\n")
      .map((l) => `+${l}`)
      .join("\n")}`;
  }
  return safeJson(input, 2);
}

function diffLines(before: string, after: string): string {
  const minus = before.split("\n").map((l) => `-${l}`);
  const plus = after.split("\n").map((l) => `+${l}`);
  return [...minus, ...plus].join("\n");
}

function safeJson(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent) ?? String(value);
  } catch {
    return String(value);
  }
}

function clip(text: string, max: number): string {
  const one = text.replace(/\s*\n\s*/g, " ⏎ ");
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}
