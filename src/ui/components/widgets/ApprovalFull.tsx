import { Box, Text } from "ink";
import type React from "react";
import { countdown } from "../../../core/control/countdown.js";
import type { PendingCall } from "../../../core/control/types.js";
import { useKeys } from "../../hooks/use-keys.js";
import { useTheme } from "../../hooks/use-theme.js";
import { approvalKeys } from "../../keys/hints.js";
import type { InputSupport } from "../../session-port.js";
import { wrap } from "../../store/entry-lines.js";
import { previewToolInput } from "../../store/tool-summary.js";
import { alwaysPathText, alwaysText } from "../../store/update-rules.js";

export interface ApprovalFullProps {
  readonly call: PendingCall;
  readonly title: string;
  readonly position: number;
  readonly total: number;
  readonly support: InputSupport;
  readonly now: number;
  readonly width: number;
  readonly height: number;
}

/** The whole command or diff, for calls too long for the pane. */
export function ApprovalFull(props: ApprovalFullProps): React.ReactElement {
  const { call, title, position, total, support, now, width, height } = props;
  const theme = useTheme();
  const { keymap } = useKeys();
  const inner = Math.max(1, width - 4);
  const lines = wrap(previewToolInput(call.input), inner);
  const always = alwaysText(call);
  const alwaysPath = alwaysPathText(call);
  const alwaysLines = [...wrap(always.text, inner), ...(alwaysPath ? wrap(alwaysPath.text, inner) : [])];
  const room = Math.max(0, height - 6 - alwaysLines.length);
  const shown = lines.slice(0, room);
  const left = countdown(call.deadlineAt, now);
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      borderStyle="double"
      borderColor={theme.colors.attention}
      paddingX={1}
      overflow="hidden"
    >
      <Text
        bold
        wrap="truncate"
        color={theme.colors.attention}
      >{`⚠ ${title} · approval ${position}/${total} · ${call.tool} · call ${call.callId}${left ? ` · auto-deny in ${left}` : ""}`}</Text>
      <Text> </Text>
      <Box flexDirection="column" height={room} overflow="hidden">
        {shown.map((l, i) => (
          <Text
            key={i}
            wrap="truncate"
            color={l.startsWith("+") ? theme.colors.success : l.startsWith("-") ? theme.colors.error : undefined}
          >
            {l === "" ? " " : l}
          </Text>
        ))}
      </Box>
      <Text dimColor wrap="truncate">
        {lines.length > room ? `(${lines.length - room} more rows not shown)` : " "}
      </Text>
      {alwaysLines.map((l, i) => (
        <Text key={`always${i}`} wrap="truncate" dimColor={!always.offered}>
          {l}
        </Text>
      ))}
      <Text
        wrap="truncate"
        color={theme.colors.status}
      >{`${approvalKeys(keymap, support, undefined, always.offered, alwaysPath !== null)} · Esc back`}</Text>
    </Box>
  );
}
