import { Box, Text, useInput } from "ink";
import type React from "react";
import { useState } from "react";
import { useKeys } from "../../hooks/use-keys.js";
import { useTheme } from "../../hooks/use-theme.js";
import { hint, keyOf } from "../../keys/hints.js";
import { keyName } from "../../keys/key-name.js";
import { wrap } from "../../store/entry-lines.js";
import type { SessionView } from "../../store/session-view.js";
import { OverlayFrame } from "./OverlayFrame.js";
import { cellText, compareLayout, compareRows, fitCells, tierText } from "./settings-table.js";

export interface SettingsCompareProps {
  readonly views: readonly SessionView[];
  /** Each session's number, as pane headers and the rail show it. */
  readonly numbers: readonly number[];
  readonly width: number;
  readonly height: number;
}

/** Rows under the table that spell out the selected setting in full, in every session. */
const DETAIL_ROWS = 4;

/**
 * Settings side by side: a column per session, a row per setting, values with their tier. `≠`
 * marks a row whose value differs across the sessions, `⚠` a cell its harness could not express.
 * ↑/↓ choose a row (spelled out in full below the table), ←/→ scroll sessions that do not fit,
 * the compare.onlyDiffering key keeps only the rows that differ or diverge.
 */
export function SettingsCompare({ views, numbers, width, height }: SettingsCompareProps): React.ReactElement {
  const theme = useTheme();
  const { keymap, index } = useKeys();
  const [selectedRow, setSelectedRow] = useState(0);
  const [first, setFirst] = useState(0);
  const [onlyDiff, setOnlyDiff] = useState(false);
  const all = compareRows(views);
  const rows = onlyDiff ? all.filter((r) => r.differs || r.diverges) : all;
  const inner = Math.max(10, width - 4);
  const layout = compareLayout(inner - 2, views.length, Math.max(0, ...all.map((r) => r.key.length)));
  const start = Math.min(first, Math.max(0, views.length - layout.visible));
  const shown = views.slice(start, start + layout.visible);
  // Border 2, title 1, column heads 1, a footer 1, the detail block.
  const room = Math.max(1, height - 5 - DETAIL_ROWS);
  const at = Math.min(selectedRow, Math.max(0, rows.length - 1));
  const top = Math.max(0, Math.min(at - Math.floor(room / 2), rows.length - room));
  // Updates go through the setter's current value: keys can arrive faster than a re-render.
  const last = Math.max(0, rows.length - 1);
  const lastFirst = Math.max(0, views.length - layout.visible);
  useInput((input, key) => {
    const page = Math.max(1, room - 1);
    const move = (by: number) => setSelectedRow((c) => Math.max(0, Math.min(last, Math.min(c, last) + by)));
    const slide = (by: number) => setFirst((f) => Math.max(0, Math.min(lastFirst, Math.min(f, lastFirst) + by)));
    if (key.upArrow) move(-1);
    else if (key.downArrow) move(1);
    else if (key.pageUp) move(-page);
    else if (key.pageDown) move(page);
    else if (key.leftArrow && !key.meta) slide(-1);
    else if (key.rightArrow && !key.meta) slide(1);
    else if (index.compare.get(keyName(input, key)) === "compare.onlyDiffering") {
      setOnlyDiff((o) => !o);
      setSelectedRow(0);
    }
  });
  const differing = all.filter((r) => r.differs).length;
  const diverging = all.filter((r) => r.diverges).length;
  const toggle = keyOf(keymap, "settings.compare");
  const title = `settings side by side · ${views.length} sessions · ${differing} differ (≠) · ${diverging} not expressible (⚠)`;
  const head =
    fitCells(onlyDiff ? "(≠/⚠ only)" : "setting", layout.keyWidth) +
    shown
      .map((v, i) => fitCells(` ${numbers[start + i]} ${v.info.label ?? v.info.harness}`, layout.columnWidth))
      .join("");
  const left = start > 0 ? `← ${start} more` : "";
  const right = start + shown.length < views.length ? `${views.length - start - shown.length} more →` : "";
  const selected = rows[at];
  const detail: string[] = [];
  if (selected) {
    const parts = views.map((v, i) => {
      const c = selected.cells[i]!;
      const tier = tierText(c.tier, false);
      return `${numbers[i]} ${v.info.label ?? v.info.harness}: ${c.value}${tier ? ` [${tier}]` : ""}${c.divergence ? ` ⚠ ${c.divergence}` : ""}`;
    });
    for (const line of wrap(`${selected.key} — ${parts.join(" · ")}`, inner)) detail.push(line);
  }
  const footer = [
    "↑/↓ row",
    ...(views.length > layout.visible ? ["←/→ sessions"] : []),
    hint(keymap, "compare.onlyDiffering", onlyDiff ? "all rows" : "only ≠/⚠") ?? "",
    `Esc${toggle ? `/${toggle}` : ""} closes`,
    left,
    right,
  ]
    .filter((p) => p !== "")
    .join(" · ");
  return (
    <OverlayFrame title={title} width={width} height={height} keys={footer}>
      <Text bold wrap="truncate">
        {`  ${head}`}
      </Text>
      <Box flexDirection="column" height={room} flexShrink={0}>
        {rows.length === 0 ? (
          <Text dimColor>{onlyDiff ? "  every setting is the same in every session" : "  no settings reported"}</Text>
        ) : null}
        {rows.slice(top, top + room).map((r, i) => {
          const index = top + i;
          const mark = r.differs ? "≠ " : "  ";
          const cells = shown.map((_, j) => r.cells[start + j]!);
          return (
            <Box key={r.key} height={1} flexShrink={0}>
              <Text inverse={index === at} wrap="truncate">
                <Text color={r.differs ? theme.colors.attention : undefined} bold={r.differs}>
                  {/* The name is cut with an ellipsis a column short of its width, so it never runs into the value. */}
                  {`${mark}${fitCells(r.key, layout.keyWidth - 1)} `}
                </Text>
                {cells.map((c, j) => (
                  <Text
                    key={`${shown[j]!.key}`}
                    color={c.divergence ? theme.colors.warn : r.differs ? theme.colors.attention : undefined}
                    dimColor={c.tier === null}
                  >
                    {cellText(c, layout.columnWidth)}
                  </Text>
                ))}
              </Text>
            </Box>
          );
        })}
      </Box>
      <Box flexDirection="column" height={DETAIL_ROWS} flexShrink={0}>
        {detail.slice(0, DETAIL_ROWS).map((l, i) => (
          <Text key={`${i}`} wrap="truncate" color={selected?.diverges ? theme.colors.warn : undefined}>
            {l}
          </Text>
        ))}
      </Box>
    </OverlayFrame>
  );
}
