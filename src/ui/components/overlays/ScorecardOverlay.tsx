import { Box, Text } from "ink";
import type React from "react";
import { useKeys } from "../../hooks/use-keys.js";
import { useTheme } from "../../hooks/use-theme.js";
import { wrap } from "../../store/entry-lines.js";
import { MESSAGE_ROWS, SUMMARY_ROWS, scorecardInner, scorecardLayout } from "../../store/scorecard-window.js";
import type { RaceState } from "../../store/ui-state.js";
import { OverlayFrame } from "./OverlayFrame.js";
import { scoreRows, summaryLines } from "./scorecard-rows.js";
import { fitCells } from "./settings-table.js";

export { scorecardKeys, scorecardQuestion } from "../../store/scorecard-window.js";

export interface ScorecardOverlayProps {
  readonly race: RaceState;
  readonly selected: number;
  readonly confirm: "pick" | "discard" | null;
  /** Body rows scrolled past (the store's, kept inside the card by scorecard-window.ts). */
  readonly scroll: number;
  readonly width: number;
  readonly height: number;
}

const LABEL = 16;

function progress(race: RaceState): string[] {
  return race.contestants.map((c) => {
    if (c.failed !== null) return `${c.harness}: did not start: ${c.failed}`;
    if (c.ended) return `${c.harness}: turn ended (${c.tally.done?.cause ?? "?"})`;
    return `${c.harness}: ${c.key === null ? "starting its pane…" : "running…"}`;
  });
}

/**
 * The race's scorecard side by side: a column per contestant (the selected one's head inverse),
 * a row per field. Keys (read in keys/dispatch.ts): ←/→ choose, then the scorecard.* keys: open
 * its changes, pick, discard all — each of the last two asks first. Where the card does not fit (a
 * phone's 50×20), ↑/↓ and the page keys scroll its body, marked "more above/below".
 */
export function ScorecardOverlay({
  race,
  selected,
  confirm,
  scroll,
  width,
  height,
}: ScorecardOverlayProps): React.ReactElement {
  const theme = useTheme();
  const { keymap } = useKeys();
  const inner = scorecardInner(width);
  const layout = scorecardLayout({ race, selected, confirm, scroll }, keymap, width, height);
  const card = race.scorecard;
  const body: React.ReactElement[] = [];
  if (!card) {
    const state =
      race.phase === "failed"
        ? `failed: ${race.message ?? ""}`
        : race.phase === "scoring"
          ? "scoring (the check runs in each worktree)…"
          : "running";
    body.push(<Text key="state">{`${race.name} · ${state}`}</Text>);
    for (const [i, l] of progress(race).entries()) body.push(<Text key={`p${i}`} wrap="truncate">{`  ${l}`}</Text>);
  } else {
    const n = card.contestants.length;
    const col = Math.max(8, Math.floor((inner - LABEL) / Math.max(1, n)));
    for (const [i, l] of summaryLines(card).entries())
      for (const [j, w] of wrap(l, inner).slice(0, SUMMARY_ROWS).entries())
        body.push(
          <Text key={`s${i}-${j}`} color={l.startsWith("⚠") ? theme.colors.warn : undefined} wrap="truncate">
            {w}
          </Text>,
        );
    body.push(
      <Text key="head" wrap="truncate">
        <Text bold>{fitCells("", LABEL)}</Text>
        {card.contestants.map((c, i) => (
          <Text
            key={c.harness}
            bold
            inverse={i === selected}
            color={i === selected ? theme.colors.selection : undefined}
          >
            {fitCells(` ${c.harness}`, col)}
          </Text>
        ))}
      </Text>,
    );
    for (const r of scoreRows(card))
      body.push(
        <Text key={r.label} wrap="truncate">
          <Text dimColor>{fitCells(r.label, LABEL)}</Text>
          {r.cells.map((cell, i) => (
            <Text
              key={`${card.contestants[i]!.harness}`}
              color={r.warn[i] ? theme.colors.warn : undefined}
              bold={i === selected}
            >
              {fitCells(` ${cell}`, col)}
            </Text>
          ))}
        </Text>,
      );
  }
  const { question, keys, window } = layout;
  const busy = layout.message;
  // The scroll keys ride on the last mark shown.
  const hint = (below: boolean) => (layout.scroll && (below || !window?.below) ? ` · ${layout.scroll}` : "");
  const shown = window
    ? [
        ...(window.above > 0
          ? [<Text key="above" dimColor wrap="truncate">{`↑ ${window.above} more above${hint(false)}`}</Text>]
          : []),
        ...body.slice(window.start, window.start + window.shown),
        ...(window.below > 0
          ? [<Text key="below" dimColor wrap="truncate">{`↓ ${window.below} more below${hint(true)}`}</Text>]
          : []),
      ]
    : body;
  return (
    <OverlayFrame
      title={`race scorecard · ${race.contestants.length} contestants · ${race.check ? `check: ${race.check}` : "no check"}`}
      width={width}
      height={height}
      question={question}
      keys={keys}
    >
      {/* Rows keep their height: the window is what fits; anything still over is clipped, never laid over. */}
      <Box flexDirection="column" flexGrow={1} overflow="hidden">
        {shown.map((row) => (
          <Box key={row.key} flexShrink={0}>
            {row}
          </Box>
        ))}
      </Box>
      {/* Wrapped, not cut: a failed pick's reason (git's own words) comes after what failed. */}
      {busy
        ? wrap(busy, inner)
            .slice(0, MESSAGE_ROWS)
            .map((line, i) => (
              <Box key={`m${i}-${line}`} flexShrink={0}>
                <Text wrap="truncate" color={race.ended ? theme.colors.success : theme.colors.status}>
                  {line}
                </Text>
              </Box>
            ))
        : null}
    </OverlayFrame>
  );
}
