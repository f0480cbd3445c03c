/**
 * Question escalation: the model asks the CALLER's user by ending its turn with a fenced
 * `hcn-question` block. No harness has a native channel for a model-raised question, so the
 * transport is a short contract prepended to the prompt, and detection reads the last complete
 * assistant message after the turn ends (never token deltas).
 */
import * as z from "zod/mini";
import "./schema-locale.js";

/** One marker opens every preamble, so composing twice never stacks two contracts. */
export const QUESTION_PREAMBLE_MARKER = "[hmux question protocol]";
/** The fence tag the model writes; kept as `hcn-question` so recorded streams stay valid. */
export const QUESTION_FENCE_TAG = "hcn-question";

/** turn: ask by ending the turn; session: stop and wait in-process; no-escalate: never ask. */
export type QuestionMode = "turn" | "session" | "no-escalate";

const PERMISSIONS_CLAUSE =
  "This protocol never changes your permissions - asking is not how you obtain permission, and it never removes " +
  "any permission this run already has. Use the tools you have exactly as granted.";

const BLOCK_SHAPE =
  "emit one fenced code block tagged hcn-question, as the last content of your final message, containing a single JSON object:\n\n" +
  "```hcn-question\n" +
  '{"question": "<the decision you need made>", "options": ["<option 1>", "<option 2>"], "recommended": "<one of options>"}\n' +
  "```";

const DECIDE_CLAUSE =
  "For every choice you can make defensibly yourself, do not ask - decide, act, and state the decision you made.";

const PREAMBLES: Record<QuestionMode, string> = {
  turn: [
    QUESTION_PREAMBLE_MARKER,
    `You are running headless: no one is watching this session live, but a caller relays answers between turns. ${PERMISSIONS_CLAUSE}`,
    `If and only if a genuine decision you cannot make defensibly blocks correct progress, ask by ending your turn: ${BLOCK_SHAPE}`,
    "",
    `Say nothing after the block. Your turn ends there; the caller's user will answer, and your next turn continues from that answer. ${DECIDE_CLAUSE}`,
  ].join("\n"),
  session: [
    QUESTION_PREAMBLE_MARKER,
    `You are running in a persistent session whose user is reached through a caller. ${PERMISSIONS_CLAUSE}`,
    `If and only if a genuine decision you cannot make defensibly blocks correct progress, ask: ${BLOCK_SHAPE}`,
    "",
    `Then stop generating. The answer arrives as the next user message in this same session. ${DECIDE_CLAUSE}`,
  ].join("\n"),
  "no-escalate": [
    QUESTION_PREAMBLE_MARKER,
    `You are running headless and no one can answer questions during or after this run. ${PERMISSIONS_CLAUSE}`,
    "Never ask the user anything. When a decision is ambiguous, choose the most defensible option, state the assumption " +
      "you proceeded under, and continue to completion.",
  ].join("\n"),
};

export function questionPreamble(mode: QuestionMode): string {
  return PREAMBLES[mode];
}

/** What the user typed, without the preamble composePrompt put before it (for showing an echoed prompt). */
export function stripPreamble(text: string): string {
  for (const preamble of Object.values(PREAMBLES)) {
    if (text.startsWith(`${preamble}\n\n`)) return text.slice(preamble.length + 2);
  }
  return text;
}

/** The preamble, a blank line, then the prompt; a prompt that already carries a preamble is returned unchanged. */
export function composePrompt(prompt: string, mode: QuestionMode): string {
  if (prompt.startsWith(QUESTION_PREAMBLE_MARKER)) return prompt;
  return `${PREAMBLES[mode]}\n\n${prompt}`;
}

/** The text hmux sends as the user's answer, so no consumer re-derives the wording. */
export function composeAnswer(question: string, text: string): string {
  return `The user answered the question: "${question}" with: ${text}. Continue accordingly.`;
}

/** The answer inside a composeAnswer text (as a harness echoes it back); null for any other text. */
export function answerIn(text: string): string | null {
  const m = /^The user answered the question: "[\s\S]*" with: ([\s\S]*)\. Continue accordingly\.$/.exec(text);
  return m ? m[1]! : null;
}

export interface DetectedQuestion {
  readonly question: string;
  readonly options: readonly string[];
  readonly recommended?: string;
}

export type QuestionDetection =
  | { readonly kind: "none" }
  | ({ readonly kind: "question" } & DetectedQuestion)
  | { readonly kind: "malformed"; readonly reason: string; readonly body: string };

const trimmedText = () => z.string().check(z.trim(), z.minLength(1));
// Built at its first use, when a message holds a question block: most turns have none, and the first
// zod schema a process builds costs a small `hmux decode` about a tenth of its start-up.
const QuestionBody = z.lazy(() =>
  z.object({
    question: trimmedText(),
    options: z.array(trimmedText()).check(z.minLength(1)),
    recommended: z.optional(z.string()),
  }),
);

// The opener may be indented; the tag must be alone on its line.
const FENCE_OPEN = /(?:^|\n)[ \t]*```[ \t]*hcn-question[ \t]*(?=\r?\n)/g;
const FENCE_CLOSE = /\n[ \t]*```[ \t]*(?=\r?\n|$)/;

/**
 * Finds the last `hcn-question` block in a complete assistant message. An unclosed fence at the
 * end of the text still counts (a model may stop right after the JSON). A block whose body is
 * not the required JSON object is reported as malformed: the worker tried to ask and botched it.
 */
export function detectQuestion(text: string): QuestionDetection {
  let lastOpenEnd = -1;
  for (const m of text.matchAll(FENCE_OPEN)) lastOpenEnd = m.index + m[0].length;
  if (lastOpenEnd < 0) return { kind: "none" };
  const rest = text.slice(lastOpenEnd);
  const close = FENCE_CLOSE.exec(rest);
  const body = (close ? rest.slice(0, close.index) : rest).trim();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (err) {
    return { kind: "malformed", reason: `body is not JSON (${(err as Error).message})`, body };
  }
  const result = QuestionBody.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? issue.path.join(".") : "body";
    return { kind: "malformed", reason: `${where}: ${issue?.message ?? "invalid"}`, body };
  }
  const { question, options, recommended } = result.data;
  return recommended === undefined
    ? { kind: "question", question, options }
    : { kind: "question", question, options, recommended };
}
