/**
 * A failed parse said as "where: what". Said here rather than by zod's locale: zod/mini loads none,
 * and the whole of zod, when something else has loaded it, sets one for every copy of zod in the
 * process, so the same line would read differently depending on what else was loaded.
 */
import type * as z from "zod/mini";

type Issue = z.core.$ZodIssue;

export function describeIssues(issues: readonly Issue[], root = ""): string {
  const issue = issues[0];
  if (!issue) return "is not valid";
  const path = [root, ...issue.path.map(String)].filter((p) => p !== "").join(".");
  return `${path === "" ? "" : `${path}: `}${what(issue)}`;
}

function what(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.expected === "int" ? "expected an integer" : `expected ${article(issue.expected)} ${issue.expected}`;
    case "too_small":
      if (issue.origin === "string")
        return Number(issue.minimum) === 1 ? "expected a non-empty string" : `shorter than ${issue.minimum} characters`;
      return issue.origin === "array" ? `fewer than ${issue.minimum} items` : `below ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "string") return `longer than ${issue.maximum} characters`;
      return issue.origin === "array" ? `more than ${issue.maximum} items` : `above ${issue.maximum}`;
    case "invalid_value":
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_union":
      return "matches none of the forms it may take";
    case "unrecognized_keys":
      return `unknown field${issue.keys.length === 1 ? "" : "s"} ${issue.keys.join(", ")}`;
    case "invalid_format":
      // The schema's own sentence (a name's rule, an absolute cwd) when it has one.
      return issue.message !== "" && issue.message !== "Invalid input"
        ? issue.message
        : `is not a valid ${issue.format}`;
    default:
      return `is not valid (${issue.code})`;
  }
}

export const article = (noun: string) => (/^[aeiou]/.test(noun) ? "an" : "a");
