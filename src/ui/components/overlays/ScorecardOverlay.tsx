import { Box, Text } from "ink";
import type React from "react";
import { useKeys } from "../../hooks/use-keys.js";
import { useTheme } from "../../hooks/use-theme.js";
import { answers, hints } from "../../keys/hints.js";
import type { Keymap } from "../../keys/keymap.js";
import { wrap } from "../../store/entry-lines.js";
import type { RaceState } from "../../store/ui-state.js";
import { OverlayFrame } from "./OverlayFrame.js";
import { scoreRows, summaryLines } from "./scorecard-rows.js";
import { fitCells } from "./settings-table.js";

export interface ScorecardOverlayProps {
  readonly race: RaceState;
  readonly selected: number;
  readonly confirm: "pick" | "discard" | null;
  readonly width: number;
  readonly height: number;
}

const LABEL = 16;
/** Rows the last message (a pick's result or failure) may take under the card. */
const MESSAGE_ROWS = 4;

function progress(race: RaceState): string[] {
  return race.contestants.map((c) => {
    if (c.failed !== null) return `${c.harness}: did not start: ${c.failed}`;
    if (c.ended) return `${c.harness}: turn ended (${c.tally.done?.cause ?? "?"})`;
    return `${c.harness}: ${c.key === null ? "starting its pane…" : "running…"}`;
  });
}

/** The key line: what the scorecard's keys do while a race can still be picked or discarded. */
export function scorecardKeys(keymap: Keymap, open: boolean): string {
  if (!open) return "Esc closes";
  const actions = hints(keymap, [
    ["scorecard.open", "its changes"],
    ["scorecard.pick", "pick"],
    ["scorecard.discard", "discard all"],
  ]);
  return ["←/→ choose", actions, "Esc closes"].filter((part) => part !== "").join(" · ");
}

/** The question a pick or a discard asks first, its answers as bound; null when nothing is asked. */
export function scorecardQuestion(
  keymap: Keymap,
  confirm: "pick" | "discard" | null,
  picked: string | undefined,
  base: string | undefined,
): string | null {
  if (confirm === "pick" && picked)
    return `Pick ${picked}? Its work is merged into ${base}; the other worktrees are removed, their answers committed on their branches. ${answers(keymap, "pick", "cancel")}`;
  if (confirm === "discard")
    return `Discard the race? Every contestant's worktree is removed (none holding work found nowhere else). ${answers(keymap, "discard", "cancel")}`;
  return null;
}

/**
 * The race's scorecard side by side: a column per contestant (the selected one's head inverse),
 * a row per field. Keys (read in keys/dispatch.ts): ←/→ choose, then the scorecard.* keys: open
 * its changes, pick, discard all — each of the last two asks first.
 */
export function ScorecardOverlay({
  race,
  selected,
  confirm,
  width,
  height,
}: ScorecardOverlayProps): React.ReactElement {
  const theme = useTheme();
  const { keymap } = useKeys();
  const inner = Math.max(10, width - 4);
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
      for (const [j, w] of wrap(l, inner).slice(0, 2).entries())
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
  const question = scorecardQuestion(keymap, confirm, card?.contestants[selected]?.harness, card?.summary.base.name);
  const busy = race.busy
    ? `${race.busy === "pick" ? "picking" : "discarding"}…`
    : race.ended
      ? (race.message ?? "race ended")
      : race.message;
  const keys = scorecardKeys(keymap, card !== null && !race.ended);
  return (
    <OverlayFrame
      title={`race scorecard · ${race.contestants.length} contestants · ${race.check ? `check: ${race.check}` : "no check"}`}
      width={width}
      height={height}
      question={question}
      keys={question === null ? keys : null}
    >
      {/* Rows keep their height: on a short screen (50×20) the body clips its last rows rather than lay rows over each other. */}
      <Box flexDirection="column" flexGrow={1} overflow="hidden">
        {body.map((row) => (
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
