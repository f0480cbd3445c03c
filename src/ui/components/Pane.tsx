import { Box } from "ink";
import type React from "react";
import { memo } from "react";
import type { BranchStatus } from "../changes-port.js";
import { useKeys } from "../hooks/use-keys.js";
import { useTheme } from "../hooks/use-theme.js";
import { approvalLetters, hint } from "../keys/hints.js";
import type { Keymap } from "../keys/keymap.js";
import { paneRegions } from "../layout/pane-geometry.js";
import type { Rect } from "../layout/tile.js";
import type { SessionView } from "../store/session-view.js";
import { type ScrollAnchor, transcriptWindow } from "../store/transcript-window.js";
import { type Compose, draftCursorOf, draftOf } from "../store/ui-state.js";
import { alwaysPathText, alwaysText } from "../store/update-rules.js";
import { HarnessNotices } from "./HarnessNotices.js";
import { InputLine, type InputLineMode } from "./InputLine.js";
import { type BroadcastMark, PaneHeader } from "./PaneHeader.js";
import { Transcript } from "./Transcript.js";
import { ApprovalWidget } from "./widgets/ApprovalWidget.js";
import { FailureWidget } from "./widgets/FailureWidget.js";
import { QuestionWidget } from "./widgets/QuestionWidget.js";

export interface PaneProps {
  /** A new object whenever anything in it changes: memo skips a pane whose props are all the same objects. */
  readonly view: SessionView;
  readonly index: number;
  readonly rect: Rect;
  readonly focused: boolean;
  /** The spinner frame, null unless this pane's spinner turns (only the focused pane's does). */
  readonly tick: number | null;
  readonly anchor: ScrollAnchor | null;
  readonly draft: string;
  /** Where the cursor is in the draft. */
  readonly cursor: number;
  readonly compose: Compose | null;
  readonly inputMode: InputLineMode;
  /**
   * The first approval's auto-deny countdown as drawn ("9 min"), null without a deadline: a text,
   * not the clock, so a pane redraws only when its own countdown reads differently.
   */
  readonly countdown: string | null;
  /** The harness notices line is expanded. */
  readonly noticesOpen: boolean;
  /** Set while a broadcast is being set up: the header shows whether this pane is marked. */
  readonly mark?: BroadcastMark;
  /** The worktree branch's ahead/behind, for the header. */
  readonly branch?: BranchStatus | undefined;
}

function idleHint(view: SessionView, keymap: Keymap): string {
  // The transcript already says how it closed; this row says what is left to do.
  const resume = view.info.resumable ? hint(keymap, "session.resume", "resumes") : null;
  if (view.lifecycle === "detached")
    return `detached: the hmux server running it died, nothing runs it${resume ? ` · ${resume}` : ""}`;
  if (view.closed || view.lifecycle === "closed") {
    const close = hint(keymap, "pane.close", "closes the pane");
    return `no input: the session has ended${resume ? ` · ${resume}` : ""}${close ? ` · ${close}` : ""}`;
  }
  if (view.lifecycle === "failed") return `session failed${resume ? ` · ${resume}` : ""}`;
  const call = view.approvals[0];
  if (call)
    return `approval pending: ${approvalLetters(keymap, view.info.support, alwaysText(call).offered, alwaysPathText(call) !== null)}`;
  if (view.lifecycle === "running") {
    const stop = hint(keymap, "turn.interrupt", "interrupts");
    return `${view.info.harness} cannot take input mid-turn${stop ? ` · ${stop}` : ""}`;
  }
  return `${view.lifecycle}…`;
}

function PaneImpl(props: PaneProps): React.ReactElement {
  const {
    view,
    index,
    rect,
    focused,
    tick,
    anchor,
    draft,
    cursor,
    compose,
    inputMode,
    countdown,
    noticesOpen,
    mark,
    branch,
  } = props;
  const theme = useTheme();
  const { keymap } = useKeys();
  const r = paneRegions(rect, view, noticesOpen);
  const window = transcriptWindow(view.entries, r.innerWidth, r.body, anchor);
  let shown = { entries: view.entries, window };
  const call = view.approvals[0];
  const composing = compose && call && compose.callId === call.callId ? compose.kind : null;
  return (
    <Box
      width={rect.width}
      height={rect.height}
      flexDirection="column"
      overflow="hidden"
      borderStyle={focused ? "bold" : "round"}
      borderColor={focused ? theme.colors.borderFocused : theme.colors.border}
      borderDimColor={!focused}
    >
      <PaneHeader
        view={view}
        index={index}
        focused={focused}
        tick={tick}
        width={r.innerWidth}
        mark={mark}
        branch={branch}
      />
      <HarnessNotices view={view} open={noticesOpen} width={r.innerWidth} rows={r.notices} />
      <Transcript
        window={window}
        width={r.innerWidth}
        height={r.body}
        windowOf={(frame) => {
          const next = frame.sessions.get(view.key);
          if (!next) return null;
          // Entries that did not move show the same window: the transcript reuses its rows (a tick redraws every pane's feed).
          if (next.entries !== shown.entries)
            shown = { entries: next.entries, window: transcriptWindow(next.entries, r.innerWidth, r.body, anchor) };
          return shown.window;
        }}
      />
      {r.widget > 0 && call ? (
        <ApprovalWidget
          call={call}
          position={1}
          total={view.approvals.length}
          support={view.info.support}
          composing={composing}
          countdown={countdown}
          width={r.innerWidth}
          height={r.widget}
        />
      ) : r.widget > 0 && view.question ? (
        <QuestionWidget question={view.question} width={r.innerWidth} height={r.widget} />
      ) : r.widget > 0 && view.lastFailure ? (
        <FailureWidget failure={view.lastFailure} width={r.innerWidth} height={r.widget} />
      ) : null}
      <InputLine
        mode={composing ?? inputMode}
        draft={draft}
        cursor={cursor}
        focused={focused}
        width={r.innerWidth}
        idleHint={idleHint(view, keymap)}
        textOf={(frame) => ({ value: draftOf(frame, view.key), cursor: draftCursorOf(frame, view.key) })}
      />
    </Box>
  );
}

/** One session: re-renders only when its view, size, focus, scroll or draft change. */
export const Pane = memo(PaneImpl);
