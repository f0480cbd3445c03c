/**
 * A model's price from the one table (prices.ts), or "unknown". Harnesses spell one model several
 * ways: a provider in front (anthropic/claude-sonnet-4-5), a date behind (claude-haiku-4-5-20251001,
 * gpt-4.1-2025-04-14), a context variant in brackets (claude-opus-5[1m]); each is read as the model
 * it names. Nothing is guessed beyond that: a name the table lacks stays unknown.
 */
import type { ModelPrice } from "./prices.js";

export type PriceTable = Readonly<Record<string, ModelPrice>>;

const DATE_SUFFIX = /-(?:\d{8}|\d{4}-\d{2}-\d{2})$/;
const BRACKET_SUFFIX = /\[[^\]]*\]$/;

/** The table's key a model id stands for (lower case, no provider, variant or date). */
export function modelKey(model: string): string {
  const bare = model.trim().toLowerCase().split("/").at(-1) ?? "";
  return bare.replace(BRACKET_SUFFIX, "").replace(DATE_SUFFIX, "");
}

export function lookupPrice(model: string | undefined, table: PriceTable): ModelPrice | "unknown" {
  if (model === undefined || model.trim() === "") return "unknown";
  const key = modelKey(model);
  return Object.hasOwn(table, key) ? table[key]! : "unknown";
}
