import { Box, Text } from "ink";
import type React from "react";
import { useTheme } from "../../hooks/use-theme.js";

export interface OverlayFrameProps {
  readonly title: string;
  readonly width: number;
  readonly height: number;
  /** The key line at the bottom (what the keys do now); none when null or absent. */
  readonly keys?: string | null;
  /** A question waiting for its answer, in bold just above the key line. */
  readonly question?: string | null;
  /** "warn" for a question asked under the panes (quit, halt all); else the accent colour. */
  readonly tone?: "accent" | "warn";
  /** A title that carries the dialog's keys wraps on a narrow screen rather than lose them. */
  readonly wrapTitle?: boolean;
  readonly children?: React.ReactNode;
}

/**
 * The frame every overlay, dialog and bar under the panes is drawn in: a rounded border, a bold
 * title, the body, then the question and the key line. Each body sizes itself to the rows left
 * (height minus border, title and key line); what still does not fit is clipped at the border.
 * The title, question and key line never shrink: a question that wraps takes its rows from the body.
 * The key line is one row where it fits (bodies count on it); on a narrow screen (a phone's ssh
 * client) it wraps rather than cut a key off, and the body above gives way. A question wraps, since
 * its answers come last.
 */
export function OverlayFrame({
  title,
  width,
  height,
  keys = null,
  question = null,
  tone = "accent",
  wrapTitle = false,
  children,
}: OverlayFrameProps): React.ReactElement {
  const theme = useTheme();
  const color = tone === "warn" ? theme.colors.warn : theme.colors.accent;
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      flexShrink={0}
      borderStyle="round"
      borderColor={color}
      paddingX={1}
      overflow="hidden"
    >
      <Box flexShrink={0}>
        <Text bold color={color} wrap={wrapTitle ? "wrap" : "truncate"}>
          {title}
        </Text>
      </Box>
      {children}
      {/* A question (its keys at its end) wraps rather than lose them; the body above gives way. */}
      {question !== null ? (
        <Box flexShrink={0}>
          <Text bold color={theme.colors.warn} wrap="wrap">
            {question}
          </Text>
        </Box>
      ) : null}
      {keys !== null ? (
        <Box flexShrink={0}>
          <Text dimColor wrap="wrap">
            {keys}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
