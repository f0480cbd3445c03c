import { safeJson } from "../../core/control/call-subject.js";

export { summarizeToolInput } from "../../core/control/call-subject.js";

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
