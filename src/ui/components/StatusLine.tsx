import { Box, Text } from "ink";
import type React from "react";
import { useTheme } from "../hooks/use-theme.js";
import type { Keymap } from "../keys/keymap.js";
import type { Flash } from "../store/app-store.js";

export interface StatusLineProps {
  readonly flash: Flash | null;
  readonly keymap: Keymap;
  readonly width: number;
  readonly empty: boolean;
}

const LABELS: Readonly<Record<string, string>> = { pageup: "PgUp", pagedown: "PgDn", escape: "Esc", return: "Enter" };

export function keyLabel(spec: string | undefined): string {
  if (!spec) return "unbound";
  return spec
    .split("+")
    .map((p) => LABELS[p] ?? (p.length === 1 ? p : p[0]!.toUpperCase() + p.slice(1)))
    .join("+");
}

/** The last outcome (a refusal, a halt) or the most useful keys. */
export function StatusLine({ flash, keymap, width, empty }: StatusLineProps): React.ReactElement {
  const theme = useTheme();
  if (flash) {
    const color =
      flash.tone === "error" ? theme.colors.error : flash.tone === "warn" ? theme.colors.warn : theme.colors.status;
    return (
      <Box width={width} height={1}>
        <Text wrap="truncate" color={color}>
          {flash.text}
        </Text>
      </Box>
    );
  }
  const hints = empty
    ? [`${keyLabel(keymap["session.new"][0])} new session`, `${keyLabel(keymap["app.quit"][0])} quit`, "? help"]
    : [
        "Alt+arrows/1-9 focus",
        `${keyLabel(keymap["pane.zoom"][0])} zoom`,
        `${keyLabel(keymap["turn.interrupt"][0])} interrupt`,
        `${keyLabel(keymap["session.halt"][0])} halt`,
        `${keyLabel(keymap.inspector[0])} inspect`,
        "PgUp/PgDn scroll",
        `${keyLabel(keymap["app.quit"][0])} quit`,
        "? help",
      ];
  return (
    <Box width={width} height={1}>
      <Text dimColor wrap="truncate">
        {hints.join(" · ")}
      </Text>
    </Box>
  );
}
