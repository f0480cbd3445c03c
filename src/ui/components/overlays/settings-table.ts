/**
 * N sessions' resolved settings as one table: a row per setting key, a column per session, each
 * cell the value and the tier it came from. A row is marked when its value differs across the
 * sessions; a cell when its harness could not express the setting (or said it runs otherwise) —
 * so "why did codex behave differently?" can be read off one screen.
 */
import type { ProvenanceTier } from "../../../core/options/types.js";
import type { SessionView } from "../../store/session-view.js";
import { settingValue } from "./inspector-lines.js";

export interface CompareCell {
  /** The value in words; "—" when the session does not report the setting at all. */
  readonly value: string;
  readonly tier: ProvenanceTier | null;
  /** Why this harness does not run the setting as resolved, when it does not. */
  readonly divergence?: string;
}

export interface CompareRow {
  readonly key: string;
  /** One cell per session, in the order the sessions were given. */
  readonly cells: readonly CompareCell[];
  /** The value is not the same in every session. */
  readonly differs: boolean;
  /** Some session's harness could not express it. */
  readonly diverges: boolean;
}

const MISSING: CompareCell = { value: "—", tier: null };

export function compareRows(views: readonly SessionView[]): CompareRow[] {
  const keys = new Set<string>();
  for (const v of views) {
    for (const s of v.info.settings) keys.add(s.key);
    for (const d of v.divergences) keys.add(d.key);
  }
  return [...keys]
    .sort((a, b) => a.localeCompare(b))
    .map((key) => {
      const cells = views.map((v): CompareCell => {
        const s = v.info.settings.find((x) => x.key === key);
        // What the harness said it runs instead, once started, outranks what was planned.
        const said = v.divergences.findLast((d) => d.key === key);
        const base: CompareCell = s ? { value: settingValue(s.value), tier: s.tier } : MISSING;
        if (said) return { ...base, divergence: `runs ${said.runs}: ${said.notice}` };
        return s?.divergence ? { ...base, divergence: s.divergence } : base;
      });
      const differs = views.length > 1 && new Set(cells.map((c) => c.value)).size > 1;
      return { key, cells, differs, diverges: cells.some((c) => c.divergence !== undefined) };
    });
}

/** Short tier names for narrow columns. */
const TIER_SHORT: Readonly<Record<ProvenanceTier, string>> = {
  arg: "arg",
  "project-config": "proj",
  "user-config": "user",
  profile: "prof",
  default: "def",
  harness: "harn",
};

export function tierText(tier: ProvenanceTier | null, short: boolean): string {
  if (tier === null) return "";
  return short ? TIER_SHORT[tier] : tier;
}

/** `text` in exactly `width` cells: cut with an ellipsis, or padded. */
export function fitCells(text: string, width: number): string {
  if (width <= 0) return "";
  const chars = [...text];
  if (chars.length <= width) return text + " ".repeat(width - chars.length);
  return `${chars.slice(0, Math.max(0, width - 1)).join("")}…`;
}

/** The widest tier name, short or full: the tier column is that wide in every cell, so tiers line up. */
const TIER_WIDTH = {
  short: Math.max(...Object.values(TIER_SHORT).map((t) => t.length)),
  full: Math.max(...Object.keys(TIER_SHORT).map((t) => t.length)),
};

/** A cell in `width` cells: the value cut to fitCells, a gap, its tier in a column of its own. */
export function cellText(cell: CompareCell, width: number): string {
  const short = width < 24;
  const tier = tierText(cell.tier, short);
  const mark = cell.divergence ? "⚠ " : "";
  const tierWidth = short ? TIER_WIDTH.short : TIER_WIDTH.full;
  // value, a gap, the tier padded to its column, a gap before the next cell.
  const room = width - tierWidth - 2;
  if (room < 4) return fitCells(`${mark}${cell.value}`, width);
  return `${fitCells(`${mark}${cell.value}`, room)} ${tier.padEnd(tierWidth)} `;
}

export interface CompareLayout {
  readonly keyWidth: number;
  readonly columnWidth: number;
  /** How many session columns fit side by side; more scroll sideways. */
  readonly visible: number;
}

/** Below this a cell cannot show a value and its tier; more sessions than fit scroll sideways. */
export const MIN_COLUMN = 16;

export function compareLayout(width: number, sessions: number, longestKey: number): CompareLayout {
  const keyWidth = Math.max(8, Math.min(longestKey + 2, 24, Math.floor(width * 0.3)));
  const room = Math.max(MIN_COLUMN, width - keyWidth);
  const visible = Math.max(1, Math.min(sessions, Math.floor(room / MIN_COLUMN)));
  // A column never grows past what a value and a full tier name need.
  const columnWidth = Math.min(48, Math.floor(room / visible));
  return { keyWidth, columnWidth, visible };
}
