import { Box, Text } from "ink";
import type React from "react";
import { countdown } from "../../../core/control/countdown.js";
import type { InputSupport } from "../../../core/exec/input-support.js";
import { useKeys } from "../../hooks/use-keys.js";
import { useTheme } from "../../hooks/use-theme.js";
import { hints, keyOf } from "../../keys/hints.js";
import type { Command } from "../../keys/keymap.js";
import { wrap } from "../../store/entry-lines.js";
import type { InboxRow } from "../../store/inbox-rows.js";
import { summarizeToolInput } from "../../store/tool-summary.js";
import { alwaysPathText, alwaysText } from "../../store/update-rules.js";
import { OverlayFrame } from "./OverlayFrame.js";

export interface InboxOverlayProps {
  readonly rows: readonly InboxRow[];
  readonly selected: number;
  /** Each row's pane label, by session key: `2:claude`. */
  readonly labels: ReadonlyMap<string, string>;
  /** What the chosen row's session takes (its capability row): only those decisions are offered. */
  readonly support: InputSupport | undefined;
  /** The instant countdowns and waits are read at (the store's clock). */
  readonly now: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Whole minutes waited: "< 1 min", "3 min", "2 h". The TUI's clock moves when a countdown would
 * read differently (minutes, until a deadline's last minute), so a wait in seconds would read stale.
 */
function waited(ms: number): string {
  const min = Math.max(0, Math.floor(ms / 60_000));
  return min < 1 ? "< 1 min" : min < 60 ? `${min} min` : `${Math.floor(min / 60)} h`;
}

/** A row's lines: who and how long on the first, the command, path or question under it. */
function rowLines(row: InboxRow, label: string, now: number, width: number): string[] {
  if (row.kind === "question") {
    const head = `${label} · question · waited ${waited(now - row.since)}`;
    const options = row.question.options.map((o, i) => `${i + 1} ${o}`).join(" · ");
    return [
      ...wrap(head, width),
      ...wrap(row.question.question, width - 2).map((l) => `  ${l}`),
      ...(options ? wrap(`  ${options}`, width) : []),
    ];
  }
  const left = countdown(row.call.deadlineAt, now);
  const head = `${label} · ${row.call.tool} · waited ${waited(now - row.call.openedAt)}${left ? ` · auto-deny in ${left}` : ""}`;
  return [...wrap(head, width), ...wrap(summarizeToolInput(row.call.input, 400), width - 2).map((l) => `  ${l}`)];
}

/** The decisions offered for the chosen call: allow and deny always (deny goes to its pane, which says whether a reason reaches the agent), edit and abstain where its harness takes them. */
function decisionHints(support: InputSupport | undefined): Array<readonly [Command, string]> {
  const list: Array<readonly [Command, string]> = [
    ["approval.allow", "allow"],
    ["approval.deny", "deny (reason in its pane)"],
  ];
  if (support?.replace) list.push(["approval.edit", "edit"]);
  if (support?.abstain) list.push(["approval.abstain", "abstain"]);
  list.push(["approval.always", "always"]);
  return list;
}

/**
 * The inbox: every waiting approval and question across the sessions, the longest waiting first,
 * the chosen one marked. Under the list, read whole before a key is pressed: what allow-always
 * would allow for the chosen call, and the keys (they wrap on a narrow screen, never cut).
 */
export function InboxOverlay({
  rows,
  selected,
  labels,
  support,
  now,
  width,
  height,
}: InboxOverlayProps): React.ReactElement {
  const theme = useTheme();
  const { keymap } = useKeys();
  const inner = Math.max(10, width - 4);
  const chosen = rows[selected];
  const alwaysKey = keyOf(keymap, "approval.always");
  const pathKey = keyOf(keymap, "approval.alwaysPath");
  const offer: string[] = [];
  if (chosen?.kind === "approval") {
    const always = alwaysText(chosen.call);
    if (alwaysKey !== null) offer.push(...wrap(always.offered ? `${alwaysKey} ${always.text}` : always.text, inner));
    const path = alwaysPathText(chosen.call);
    if (path && pathKey !== null) offer.push(...wrap(`${pathKey} ${path.text}`, inner));
  }
  const keys = wrap(
    chosen?.kind === "question"
      ? hints(keymap, [["inbox", "closes"]]).concat(" · ↑/↓ choose · Enter goes to its pane to answer")
      : ["↑/↓ choose", hints(keymap, decisionHints(support)), "Enter goes to its pane", "Esc closes"]
          .filter((h) => h !== "")
          .join(" · "),
    inner,
  );
  // Border 2, title 1; the offer and the keys stay whole, the list takes what is left.
  const listRows = Math.max(1, height - 3 - offer.length - keys.length);
  const blocks = rows.map((row, i) => ({
    i,
    lines: rowLines(row, labels.get(row.key) ?? "?", now, inner - 2).map(
      (l, j) => `${j === 0 ? (i === selected ? "▸ " : "  ") : "  "}${l}`,
    ),
  }));
  // The chosen row stays on screen: rows scroll so it is the last one shown when it would fall below.
  let start = 0;
  const fits = (from: number) => blocks.slice(from, selected + 1).reduce((n, b) => n + b.lines.length, 0) <= listRows;
  while (start < selected && !fits(start)) start += 1;
  const shown: { text: string; selected: boolean }[] = [];
  for (const b of blocks.slice(start)) {
    for (const text of b.lines) if (shown.length < listRows) shown.push({ text, selected: b.i === selected });
  }
  const title = `inbox · ${rows.length} waiting${start > 0 ? ` · ${start} above` : ""}`;
  return (
    <OverlayFrame title={title} width={width} height={height}>
      <Box flexDirection="column" flexGrow={1} overflow="hidden">
        {rows.length === 0 ? <Text dimColor>nothing is waiting for you</Text> : null}
        {shown.map((l, i) => (
          <Text key={i} wrap="truncate" bold={l.selected} color={l.selected ? theme.colors.attention : undefined}>
            {l.text}
          </Text>
        ))}
      </Box>
      {offer.map((l, i) => (
        <Box key={`offer${i}`} flexShrink={0}>
          <Text wrap="truncate">{l}</Text>
        </Box>
      ))}
      {keys.map((l, i) => (
        <Box key={`keys${i}`} flexShrink={0}>
          <Text wrap="truncate" color={theme.colors.status}>
            {l}
          </Text>
        </Box>
      ))}
    </OverlayFrame>
  );
}
