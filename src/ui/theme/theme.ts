/**
 * Themes are JSON files in themes/, validated with zod. Colours are limited to the 16
 * ANSI names (plus "default", the terminal's own foreground) so they follow the user's
 * terminal palette; NO_COLOR turns every colour off and leaves bold/dim/inverse.
 */

import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { HmuxError } from "../../core/hmux-error.js";
import type { Tone } from "../store/entry-lines.js";

export const ANSI_COLORS = [
  "default",
  "black",
  "red",
  "green",
  "yellow",
  "blue",
  "magenta",
  "cyan",
  "white",
  "gray",
  "blackBright",
  "redBright",
  "greenBright",
  "yellowBright",
  "blueBright",
  "magentaBright",
  "cyanBright",
  "whiteBright",
] as const;

const color = z.enum(ANSI_COLORS);

export const ThemeSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  bold: z.boolean().optional(),
  colors: z.strictObject({
    text: color,
    accent: color,
    selection: color,
    status: color,
    success: color,
    error: color,
    warn: color,
    user: color,
    border: color,
    borderFocused: color,
    attention: color,
  }),
});
export type ThemeFile = z.infer<typeof ThemeSchema>;

/** Resolved theme: undefined means "no colour" (terminal default or NO_COLOR). */
export interface Theme {
  readonly name: string;
  readonly bold: boolean;
  readonly noColor: boolean;
  readonly colors: Readonly<Record<keyof ThemeFile["colors"], string | undefined>>;
}

export class ThemeError extends HmuxError {
  constructor(message: string) {
    super("invalid-theme", message);
    this.name = "ThemeError";
  }
}

export const THEMES_DIR = fileURLToPath(new URL("../../../themes/", import.meta.url));
export const BUILTIN_THEMES = ["default", "light", "high-contrast"] as const;

export function resolveTheme(file: ThemeFile, env: Readonly<Record<string, string | undefined>>): Theme {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== "";
  const colors = Object.fromEntries(
    Object.entries(file.colors).map(([k, v]) => [k, noColor || v === "default" ? undefined : v]),
  ) as Theme["colors"];
  return { name: file.name, bold: file.bold ?? false, noColor, colors };
}

export function parseTheme(raw: unknown, source: string): ThemeFile {
  const parsed = ThemeSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ThemeError(`${source}: ${issue?.path.join(".") || "theme"}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}

/**
 * Loads a theme by built-in name or path to a JSON file. A path can come from a cloned repo's
 * config, so the TUI passes the config files' bounded reader (no FIFO, device or huge file).
 */
export function loadTheme(
  nameOrPath: string,
  env: Readonly<Record<string, string | undefined>>,
  readText: (path: string) => string = (path) => readFileSync(path, "utf8"),
): Theme {
  const builtin = !nameOrPath.endsWith(".json");
  const path = builtin ? `${THEMES_DIR}${nameOrPath}.json` : nameOrPath;
  const notFound = () => new ThemeError(`theme "${nameOrPath}" not found (built-in: ${BUILTIN_THEMES.join(", ")})`);
  if (!builtin && !existsSync(path)) throw notFound();
  let text: string;
  try {
    text = readText(path);
  } catch (err) {
    if (builtin) throw notFound();
    throw new ThemeError(`theme file ${path}: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ThemeError(`${path}: not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  return resolveTheme(parseTheme(raw, path), env);
}

/** Colour for a transcript tone; `dim` is a style, not a colour. */
export function toneColor(theme: Theme, tone: Tone): string | undefined {
  switch (tone) {
    case "normal":
      return theme.colors.text;
    case "dim":
      return undefined;
    case "accent":
      return theme.colors.accent;
    case "success":
      return theme.colors.success;
    case "error":
      return theme.colors.error;
    case "warn":
      return theme.colors.warn;
    case "status":
      return theme.colors.status;
    case "user":
      return theme.colors.user;
  }
}

/** A built-in fallback that needs no file: the default palette. */
export const FALLBACK_THEME: Theme = resolveTheme(
  {
    name: "default",
    colors: {
      text: "default",
      accent: "magenta",
      selection: "blue",
      status: "cyan",
      success: "green",
      error: "red",
      warn: "yellow",
      user: "cyan",
      border: "gray",
      borderFocused: "blue",
      attention: "yellow",
    },
  },
  {},
);
