import { Box, Text } from "ink";
import type React from "react";
import { useStore } from "../../hooks/use-store.js";
import { useTheme } from "../../hooks/use-theme.js";
import { answers, hints, keyOf } from "../../keys/hints.js";
import type { Keymap } from "../../keys/keymap.js";
import {
  type BodyTone,
  bodyLines,
  type ChangesState,
  changesChromeRows,
  changesPageRows,
} from "../../store/changes-state.js";
import type { SessionView } from "../../store/session-view.js";
import type { Theme } from "../../theme/theme.js";
import { TextField } from "../TextField.js";
import { OverlayFrame } from "./OverlayFrame.js";

export interface ChangesOverlayProps {
  readonly changes: ChangesState;
  readonly view: SessionView | undefined;
  readonly keymap: Keymap;
  readonly width: number;
  readonly height: number;
  /** The terminal's rows (the page size follows them, as the update function's scrolling does). */
  readonly rows: number;
}

function toneColor(theme: Theme, tone: BodyTone): { color?: string; dim?: boolean; bold?: boolean } {
  switch (tone) {
    case "add":
      return { ...(theme.colors.success ? { color: theme.colors.success } : {}) };
    case "del":
      return { ...(theme.colors.error ? { color: theme.colors.error } : {}) };
    case "hunk":
      return { ...(theme.colors.accent ? { color: theme.colors.accent } : {}) };
    case "meta":
      return { bold: true };
    case "dim":
      return { dim: true };
    default:
      return {};
  }
}

/** The header line: branch → base, ahead/behind, what is shown. */
export function changesTitle(changes: ChangesState, view: SessionView | undefined): string {
  const ws = view?.info.workspace;
  if (!ws) return "changes";
  const d = changes.data;
  const parts = [`changes · ${ws.branch} → ${ws.base}`];
  if (d) {
    parts.push(`↑${d.status.ahead} ↓${d.status.behind}${d.status.dirty > 0 ? ` · ${d.status.dirty} uncommitted` : ""}`);
    parts.push(d.scope === "turn" ? `turn ${d.turn} of ${d.turns}` : `against ${d.base}`);
    parts.push(`${d.files.length} file${d.files.length === 1 ? "" : "s"} +${d.added} −${d.removed}`);
  }
  if (changes.loading) parts.push("loading…");
  if (changes.busy) parts.push(`${changes.busy}…`);
  return parts.join(" · ");
}

/** What the bottom line offers, each key as the keymap binds it. */
export function changesHints(keymap: Keymap, changes: ChangesState, hasWorktree: boolean): string {
  const esc = "Esc close";
  if (changes.mode === "commit") return "Enter commit · Esc back";
  if (changes.mode === "confirm-discard") return answers(keymap, "discard", "keep");
  if (!hasWorktree) return esc;
  const scope = changes.scope === "base" ? "this turn only" : "against the base";
  const prev = keyOf(keymap, "changes.previousTurn");
  const next = keyOf(keymap, "changes.nextTurn");
  const turns = prev && next ? [`${prev} ${next} turns`] : [];
  const actions = hints(keymap, [
    ["changes.scope", scope],
    ["changes.commit", "commit"],
    ["changes.merge", "merge"],
    ["changes.discard", "discard"],
  ]);
  return [actions, ...turns, "↑↓ PgUp PgDn scroll", esc].filter((s) => s !== "").join(" · ");
}

function noWorktreeLines(view: SessionView | undefined, keymap: Keymap): string[] {
  const dialog = keyOf(keymap, "session.new");
  return [
    `${view?.info.label ?? view?.info.harness ?? "this session"} runs in ${view?.info.cwd ?? "its folder"}, not in a git worktree of its own,`,
    "so hmux has no changes of its own to show, commit or merge here.",
    "",
    "To give a session its own worktree (branch hmux/<name>, diffable, mergeable):",
    `  · ${dialog ? `${dialog}, ` : ""}the new-session dialog: worktree "yes" (or a name)`,
    "  · hmux run / session / new … --worktree [NAME]",
    '  · config workspace.worktree: "auto" (every session in a git repository gets one)',
  ];
}

/** The changes view: files with +/− counts and the coloured diff in one scrollable body, the actions below. */
export function ChangesOverlay({
  changes,
  view,
  keymap,
  width,
  height,
  rows,
}: ChangesOverlayProps): React.ReactElement {
  const theme = useTheme();
  const store = useStore();
  const inner = Math.max(1, width - 4);
  const hasWorktree = view?.info.workspace !== undefined;
  const page = Math.max(1, Math.min(changesPageRows(rows, changes), height - changesChromeRows(changes)));
  const lines = changes.data ? bodyLines(changes.data) : [];
  const top = Math.min(changes.scroll, Math.max(0, lines.length - page));
  const shown = lines.slice(top, top + page);
  const more = lines.length - (top + shown.length);
  const r = changes.result;
  const resultColor =
    r?.tone === "error" ? theme.colors.error : r?.tone === "warn" ? theme.colors.warn : theme.colors.status;
  const range = more > 0 || top > 0 ? ` · ${top + 1}–${top + shown.length}/${lines.length}` : "";
  return (
    <OverlayFrame
      title={`${changesTitle(changes, view)}${range}`}
      width={width}
      height={height}
      question={changes.mode === "confirm-discard" ? discardQuestion(changes) : null}
      keys={changesHints(keymap, changes, hasWorktree)}
    >
      <Box flexDirection="column" height={page} overflow="hidden">
        {!hasWorktree
          ? noWorktreeLines(view, keymap).map((line, i) => (
              <Text key={i} wrap="truncate">
                {line || " "}
              </Text>
            ))
          : shown.map((line, i) => {
              const style = toneColor(theme, line.tone);
              return (
                <Text
                  key={top + i}
                  wrap="truncate"
                  {...(style.color ? { color: style.color } : {})}
                  bold={style.bold === true}
                  dimColor={style.dim === true}
                >
                  {line.text.slice(0, inner) || " "}
                </Text>
              );
            })}
      </Box>
      {r ? (
        <Text bold color={resultColor} wrap="truncate">
          {r.text}
        </Text>
      ) : null}
      {r && r.files.length > 0 ? (
        <Text color={resultColor} wrap="truncate">{`conflicts: ${r.files.join(", ")}`}</Text>
      ) : null}
      {r?.hint ? <Text color={theme.colors.warn} wrap="truncate">{`hint: ${r.hint}`}</Text> : null}
      {changes.mode === "commit" ? (
        <Box>
          <Text bold color={theme.colors.selection}>
            {"commit message › "}
          </Text>
          <TextField
            value={changes.message}
            width={Math.max(1, inner - 17)}
            onChange={(text) => store.dispatch({ kind: "changes-message", text })}
            onSubmit={(text) => store.dispatch({ kind: "changes-commit-submit", text })}
          />
        </Box>
      ) : null}
    </OverlayFrame>
  );
}

/** The discard question says what goes: uncommitted files and commits the base does not have. */
export function discardQuestion(changes: ChangesState): string {
  const s = changes.data?.status;
  const what = s
    ? `${s.dirty} uncommitted file${s.dirty === 1 ? "" : "s"} and ${s.ahead} commit${s.ahead === 1 ? "" : "s"} not in the base`
    : "every change in this worktree";
  return `Discard ${what}? The worktree goes back to its base; your own checkout is not touched.`;
}
