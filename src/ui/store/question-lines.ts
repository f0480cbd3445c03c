/**
 * A pane's open question as the rows it is drawn in, wrapped to the pane rather than cut: the
 * question and the keys that answer it always show whole; the options fill what is left, and the
 * rule above goes first. Shared by the widget and the pane geometry, so both agree on its rows.
 */
import { wrap } from "./entry-lines.js";
import type { OpenQuestion } from "./session-view.js";

export type QuestionRowKind = "rule" | "question" | "option" | "recommended" | "keys";

export interface QuestionRow {
  readonly kind: QuestionRowKind;
  readonly text: string;
}

function keysText(question: OpenQuestion): string {
  return question.options.length > 0
    ? `1–${Math.min(9, question.options.length)} choose · or type an answer and Enter`
    : "type an answer and Enter";
}

/** Each option wrapped under its own number (a hanging indent), the recommended one marked. */
function optionRows(question: OpenQuestion, width: number): QuestionRow[][] {
  return question.options.map((o, i) => {
    const recommended = question.recommended !== undefined && o === question.recommended;
    const first = `${i + 1}. `;
    const lines = wrap(`${o}${recommended ? "  ★ recommended" : ""}`, Math.max(4, width - first.length));
    return lines.map((l, j) => ({
      kind: recommended ? "recommended" : "option",
      text: `${j === 0 ? first : " ".repeat(first.length)}${l}`,
    }));
  });
}

/** The rows of `question` in `width` columns, at most `height` of them (Infinity: all it wants). */
export function questionRows(question: OpenQuestion, width: number, height = Number.POSITIVE_INFINITY): QuestionRow[] {
  const w = Math.max(1, width);
  const asked = wrap(`? ${question.question}`, w).map((text): QuestionRow => ({ kind: "question", text }));
  const keys = wrap(keysText(question), w).map((text): QuestionRow => ({ kind: "keys", text }));
  // A pane too small for the whole question keeps its keys and as much of the question as fits.
  const questionRoom = Math.max(1, Math.min(asked.length, height - keys.length));
  const shownQuestion = asked.slice(0, questionRoom);
  let left = height - shownQuestion.length - keys.length;
  const options: QuestionRow[] = [];
  for (const rows of optionRows(question, w)) {
    if (rows.length > left) break;
    options.push(...rows);
    left -= rows.length;
  }
  const rule: QuestionRow[] = left >= 1 ? [{ kind: "rule", text: "─".repeat(w) }] : [];
  return [...rule, ...shownQuestion, ...options, ...keys].slice(0, Math.max(0, height));
}
