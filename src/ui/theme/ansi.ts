/**
 * SGR styling for pre-rendered rows. A pane's transcript is one Ink <Text> of styled rows
 * rather than a node per row: Ink redoes layout and rebuilds its whole output on every commit,
 * so a frame costs more with every node (measured on Ink 6.8.0: 8 panes of 30 <Text> rows spent
 * about 40 ms per frame in Ink's output stage alone).
 */
const FG: Readonly<Record<string, number>> = {
  black: 30,
  red: 31,
  green: 32,
  yellow: 33,
  blue: 34,
  magenta: 35,
  cyan: 36,
  white: 37,
  gray: 90,
  blackBright: 90,
  redBright: 91,
  greenBright: 92,
  yellowBright: 93,
  blueBright: 94,
  magentaBright: 95,
  cyanBright: 96,
  whiteBright: 97,
};

export interface RowStyle {
  readonly color?: string;
  readonly dim?: boolean;
  readonly bold?: boolean;
  readonly inverse?: boolean;
}

export function styleRow(text: string, style: RowStyle): string {
  const codes: number[] = [];
  if (style.bold) codes.push(1);
  if (style.dim) codes.push(2);
  if (style.inverse) codes.push(7);
  const fg = style.color === undefined ? undefined : FG[style.color];
  if (fg !== undefined) codes.push(fg);
  if (codes.length === 0) return text;
  return `\u001b[${codes.join(";")}m${text}\u001b[0m`;
}
