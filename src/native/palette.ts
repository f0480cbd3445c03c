/**
 * Terminal colours → the colour strings Ink's <Text> understands. The 16 ANSI colours map to
 * Ink's names, so they follow the user's terminal palette (and the theme); 16–255 stay
 * palette indices ("ansi256(n)") rather than being frozen to RGB; truecolor becomes "#rrggbb".
 */
export const ANSI_NAMES = [
  "black",
  "red",
  "green",
  "yellow",
  "blue",
  "magenta",
  "cyan",
  "white",
  "gray",
  "redBright",
  "greenBright",
  "yellowBright",
  "blueBright",
  "magentaBright",
  "cyanBright",
  "whiteBright",
] as const;

/** How a cell stores a colour (xterm's three modes). */
export type CellColor =
  | { readonly mode: "default" }
  | { readonly mode: "palette"; readonly index: number }
  | { readonly mode: "rgb"; readonly rgb: number };

export function inkColor(color: CellColor): string | undefined {
  switch (color.mode) {
    case "default":
      return undefined;
    case "palette":
      if (color.index >= 0 && color.index < 16) return ANSI_NAMES[color.index];
      if (color.index >= 16 && color.index < 256) return `ansi256(${color.index})`;
      return undefined;
    case "rgb":
      return `#${(color.rgb & 0xffffff).toString(16).padStart(6, "0")}`;
  }
}
