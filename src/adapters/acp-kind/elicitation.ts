/**
 * `elicitation/create` (form mode) as one hmux question. hmux's question widget asks one question
 * with options or free text, so a form is asked when it has one field to fill: one choice (an
 * enum, a oneOf, a boolean as yes/no) with at most one free-text companion (claude-acp's "Other"),
 * or one free-text field. Any other form is declined with why. The person's answer becomes the
 * form's content: an option (its const for a oneOf), true/false, or the text.
 */
import type { CreateElicitationRequest } from "@agentclientprotocol/sdk";
import type { DetectedQuestion } from "../../core/question.js";

type Property = Record<string, unknown>;

type Asked =
  | { readonly kind: "choice"; readonly field: string; readonly values: readonly (string | boolean)[] }
  | { readonly kind: "text"; readonly field: string };

export interface FormQuestion {
  readonly question: DetectedQuestion;
  readonly asked: Asked;
  /** The free-text field an answer that is none of the options goes into. */
  readonly companion?: string;
  /** The options as shown, in the order of `asked.values`. */
  readonly labels: readonly string[];
}

export type FormReading =
  | { readonly ok: true; readonly form: FormQuestion }
  | { readonly ok: false; readonly why: string };

export type FormAnswer =
  | { readonly action: "accept"; readonly content: Record<string, string | boolean> }
  | { readonly action: "decline"; readonly why: string };

function choiceOf(field: string, p: Property): { asked: Asked; labels: string[] } | null {
  if (p.type === "boolean") return { asked: { kind: "choice", field, values: [true, false] }, labels: ["yes", "no"] };
  if (p.type !== "string") return null;
  if (Array.isArray(p.oneOf) && p.oneOf.length > 0) {
    const options = p.oneOf as { const: string; title?: string }[];
    return {
      asked: { kind: "choice", field, values: options.map((o) => o.const) },
      labels: options.map((o) => o.title ?? o.const),
    };
  }
  if (Array.isArray(p.enum) && p.enum.length > 0) {
    const values = p.enum as string[];
    return { asked: { kind: "choice", field, values }, labels: [...values] };
  }
  return null;
}

/** The one question a form asks, or why hmux cannot ask it. */
export function readForm(request: CreateElicitationRequest): FormReading {
  if (request.mode !== "form")
    return { ok: false, why: `hmux answers form elicitations only, not mode "${request.mode}"` };
  const schema = (
    request as { requestedSchema?: { properties?: Record<string, Property>; required?: string[] | null } }
  ).requestedSchema;
  const properties = Object.entries(schema?.properties ?? {});
  const required = new Set(schema?.required ?? []);
  const choices: { asked: Asked; labels: string[] }[] = [];
  const texts: string[] = [];
  for (const [field, p] of properties) {
    const choice = choiceOf(field, p);
    if (choice) choices.push(choice);
    else if (p.type === "string") texts.push(field);
    else if (required.has(field))
      return {
        ok: false,
        why: `the form's required field "${field}" is of type ${String(p.type)}, which hmux cannot ask`,
      };
  }
  if (choices.length > 1)
    return { ok: false, why: `the form asks ${choices.length} choices at once; hmux asks one question at a time` };
  const choice = choices[0];
  const asked: Asked | undefined =
    choice?.asked ?? (texts[0] !== undefined ? { kind: "text", field: pickText(texts, required) } : undefined);
  if (!asked) return { ok: false, why: "the form has no field hmux can ask" };
  const companion = choice ? texts[0] : undefined;
  const filled = new Set([asked.field, ...(companion !== undefined ? [companion] : [])]);
  const unasked = [...required].filter((f) => !filled.has(f));
  if (unasked.length > 0)
    return { ok: false, why: `the form requires ${unasked.join(", ")} besides the one question hmux asks` };
  const labels = choice?.labels ?? [];
  const p = Object.fromEntries(properties)[asked.field] ?? {};
  const recommended = recommendedOf(p, asked, labels);
  const question: DetectedQuestion = {
    question: request.message,
    options: labels,
    ...(recommended !== undefined ? { recommended } : {}),
  };
  return { ok: true, form: { question, asked, labels, ...(companion !== undefined ? { companion } : {}) } };
}

function pickText(texts: readonly string[], required: ReadonlySet<string>): string {
  return texts.find((t) => required.has(t)) ?? texts[0]!;
}

function recommendedOf(p: Property, asked: Asked, labels: readonly string[]): string | undefined {
  if (asked.kind !== "choice" || p.default === undefined || p.default === null) return undefined;
  const at = asked.values.indexOf(p.default as string | boolean);
  return at >= 0 ? labels[at] : undefined;
}

/** The person's answer as the form's content; a decline with why when it fits no field. */
export function answerForm(form: FormQuestion, text: string): FormAnswer {
  const asked = form.asked;
  if (asked.kind === "text") return { action: "accept", content: { [asked.field]: text } };
  const said = text.trim().toLowerCase();
  const at = form.labels.findIndex(
    (label, i) => label.toLowerCase() === said || String(asked.values[i]).toLowerCase() === said,
  );
  if (at >= 0) return { action: "accept", content: { [asked.field]: asked.values[at]! } };
  if (form.companion !== undefined) return { action: "accept", content: { [form.companion]: text } };
  return {
    action: "decline",
    why: `the answer "${text}" is none of the options (${form.labels.join(", ")}) and the form takes no free text`,
  };
}
