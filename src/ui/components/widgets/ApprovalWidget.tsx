import { Box, Text } from "ink";
import type React from "react";
import type { PendingCall } from "../../../core/control/types.js";
import { useKeys } from "../../hooks/use-keys.js";
import { useTheme } from "../../hooks/use-theme.js";
import { approvalKeys, keyOf } from "../../keys/hints.js";
import type { InputSupport } from "../../session-port.js";
import { wrap } from "../../store/entry-lines.js";
import { previewToolInput } from "../../store/tool-summary.js";
import { alwaysPathText, alwaysText } from "../../store/update-rules.js";

export interface ApprovalWidgetProps {
  readonly call: PendingCall;
  /** 1-based position of this call in the session's queue, and the queue length. */
  readonly position: number;
  readonly total: number;
  readonly support: InputSupport;
  readonly composing: "deny" | "edit" | null;
  /** The auto-deny countdown's text (src/core/control/countdown.ts), null without a deadline. */
  readonly countdown: string | null;
  readonly width: number;
  readonly height: number;
}

/** A pending tool call: tool, command or diff preview, queue position, deadline, keys. */
export function ApprovalWidget(props: ApprovalWidgetProps): React.ReactElement {
  const { call, position, total, support, composing, countdown: left, width, height } = props;
  const theme = useTheme();
  const { keymap } = useKeys();
  const full = keyOf(keymap, "approval.full");
  const alwaysKey = keyOf(keymap, "approval.always");
  const pathKey = keyOf(keymap, "approval.alwaysPath");
  const always = alwaysText(call);
  // A path tool's call offers its one path too: both read whole, each after its key, before either is pressed.
  const alwaysPath = pathKey === null ? null : alwaysPathText(call);
  // Small panes drop the rule first, then the preview, then what allow-always allows; the header and the keys always show.
  const withRule = height >= 5;
  const withAlways = alwaysKey !== null && height >= 3;
  const footer =
    composing === "deny"
      ? // The channel row says whether a reason reaches the model (an ACP answer carries none): say so before it is typed.
        support.denyReason
        ? "type the deny reason below · Enter sends · Esc cancels"
        : "this agent's channel carries no deny reason: it will not reach the agent · Enter denies · Esc cancels"
      : composing === "edit"
        ? "edit the JSON input below · Enter replaces · Esc cancels"
        : // A pane with the room gives the keys two rows before one loses its label (a bare letter does
          // not say what it does); a small pane of a grid keeps them to one, the rule text before them.
          approvalKeys(
            keymap,
            support,
            width >= 40 && height >= 7 ? width * 2 : width,
            always.offered,
            alwaysPath !== null,
          );
  // The footer wraps rather than lose its keys in a narrow pane; its extra rows come out of the preview.
  const footerLines = wrap(footer, width);
  // What allow-always would allow is read whole before the key is pressed: it wraps too, ahead of the preview.
  const fixed = (withRule ? 2 : 1) + footerLines.length;
  const alwaysAll = withAlways
    ? [
        ...wrap(always.offered ? `${alwaysKey} ${always.text}` : always.text, width),
        ...(alwaysPath ? wrap(`${pathKey} ${alwaysPath.text}`, width) : []),
      ]
    : [];
  const alwaysLines = alwaysAll.slice(0, Math.max(withAlways ? 1 : 0, height - fixed));
  const previewRows = Math.max(0, height - fixed - alwaysLines.length);
  const preview = wrap(previewToolInput(call.input), width);
  const shown = preview.slice(0, previewRows);
  if (preview.length > previewRows && shown.length > 0)
    shown[shown.length - 1] = `… ${preview.length - previewRows + 1} more rows${full ? ` (${full})` : ""}`;
  const head = `⚠ approval ${position}/${total} · ${call.tool}${call.canonical && call.canonical !== call.tool ? ` (${call.canonical})` : ""}${left ? ` · auto-deny in ${left}` : ""}`;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {withRule ? <Text color={theme.colors.attention}>{"─".repeat(width)}</Text> : null}
      <Text wrap="truncate" color={theme.colors.attention} bold inverse={theme.noColor}>
        {head}
      </Text>
      {shown.map((l, i) => (
        <Text
          key={i}
          wrap="truncate"
          dimColor={l.startsWith("… ")}
          color={l.startsWith("+") ? theme.colors.success : l.startsWith("-") ? theme.colors.error : undefined}
        >
          {l === "" ? " " : l}
        </Text>
      ))}
      {Array.from({ length: previewRows - shown.length }, (_, i) => (
        <Text key={`pad${i}`}> </Text>
      ))}
      {alwaysLines.map((l, i) => (
        <Text key={`always${i}`} wrap="truncate" dimColor={!always.offered}>
          {l}
        </Text>
      ))}
      {footerLines.map((l, i) => (
        <Text key={`keys${i}`} wrap="truncate" color={theme.colors.status}>
          {l}
        </Text>
      ))}
    </Box>
  );
}
