import { Box } from "ink";
import type React from "react";
import { BroadcastBar } from "../components/overlays/BroadcastBar.js";
import { ChangesOverlay } from "../components/overlays/ChangesOverlay.js";
import { HelpOverlay } from "../components/overlays/HelpOverlay.js";
import { InboxOverlay } from "../components/overlays/InboxOverlay.js";
import { InspectorDrawer } from "../components/overlays/InspectorDrawer.js";
import { NewSessionDialog } from "../components/overlays/NewSessionDialog.js";
import { ConfirmBar, haltAllQuestion, quitQuestion, runningText } from "../components/overlays/QuitDialog.js";
import { RaceDialog } from "../components/overlays/RaceDialog.js";
import { ScorecardOverlay } from "../components/overlays/ScorecardOverlay.js";
import { SettingsCompare } from "../components/overlays/SettingsCompare.js";
import { carriesHarness } from "../components/PaneHeader.js";
import { ApprovalFull } from "../components/widgets/ApprovalFull.js";
import type { Keymap } from "../keys/keymap.js";
import type { SessionLauncher } from "../session-launcher.js";
import type { SessionPort } from "../session-port.js";
import { inboxRows, selectedRow } from "../store/inbox-rows.js";
import { isActive } from "../store/session-view.js";
import {
  anyDetachable,
  anyRunning,
  confirmRows,
  drawerWidth,
  focusedKey,
  focusedView,
  sessionNumber,
  type UiState,
} from "../store/ui-state.js";
import { GridLayout } from "./GridLayout.js";

export interface MainAreaProps {
  /** The published state (the store's frame). */
  readonly state: UiState;
  readonly ports: ReadonlyMap<string, SessionPort>;
  readonly keymap: Keymap;
  readonly launcher: SessionLauncher | undefined;
  readonly width: number;
  readonly height: number;
}

/** Everything between the rail and the status line: the grid, or the open overlay. */
export function MainArea({ state, ports, keymap, launcher, width, height }: MainAreaProps): React.ReactElement {
  const overlay = state.overlay;
  const view = focusedView(state);
  if (overlay?.kind === "help") return <HelpOverlay keymap={keymap} width={width} height={height} />;
  if (overlay?.kind === "inbox") {
    const rows = inboxRows(state);
    const labels = new Map(
      rows.map((r) => {
        const v = state.sessions.get(r.key);
        const name = v?.info.label ?? v?.info.harness ?? "?";
        // A name someone chose (hmux new pi --name worker) does not say the harness: the row does.
        const harness = v && !carriesHarness(name, v.info.harness) ? ` · ${v.info.harness}` : "";
        return [r.key, `${sessionNumber(state, r.key)}:${name}${harness}`] as const;
      }),
    );
    const chosen = selectedRow(state, overlay.selected);
    return (
      <InboxOverlay
        rows={rows}
        selected={chosen.index}
        labels={labels}
        support={chosen.row ? state.sessions.get(chosen.row.key)?.info.support : undefined}
        now={state.clock || Math.max(0, ...rows.map((r) => r.since))}
        width={width}
        height={height}
      />
    );
  }
  if (overlay?.kind === "settings") {
    const views = overlay.keys.flatMap((k) => state.sessions.get(k) ?? []);
    const numbers = views.map((v) => sessionNumber(state, v.key));
    return <SettingsCompare views={views} numbers={numbers} width={width} height={height} />;
  }
  if (overlay?.kind === "race-dialog") {
    // The dialog offers the harnesses of the panes open now; the UI keeps no list of its own.
    const offered = [
      ...new Set(
        state.panes.flatMap((k) => {
          const v = state.sessions.get(k);
          return v && !v.info.native ? [v.info.harness] : [];
        }),
      ),
    ];
    return <RaceDialog harnesses={offered} width={width} height={height} />;
  }
  if (overlay?.kind === "scorecard" && state.race)
    return (
      <ScorecardOverlay
        race={state.race}
        selected={overlay.selected}
        confirm={overlay.confirm}
        scroll={overlay.scroll}
        width={width}
        height={height}
      />
    );
  if (overlay?.kind === "new-session") return <NewSessionDialog launcher={launcher} width={width} height={height} />;
  if (overlay?.kind === "changes" && state.changes) {
    const shown = state.sessions.get(state.changes.key);
    return (
      <ChangesOverlay
        changes={state.changes}
        view={shown}
        keymap={keymap}
        width={width}
        height={height}
        rows={state.rows}
      />
    );
  }
  const confirm =
    overlay?.kind === "quit" && anyRunning(state)
      ? quitQuestion(keymap, anyDetachable(state))
      : overlay?.kind === "halt-all" && anyRunning(state)
        ? haltAllQuestion(keymap)
        : null;
  if (confirm) {
    const running = [...state.sessions.values()].filter(isActive).length;
    // The panes tile above the question (paneRects), so no pane row is drawn under it.
    const gridHeight = Math.max(1, height - confirmRows(state));
    return (
      <Box flexDirection="column" width={width} height={height}>
        <GridLayout state={state} ports={ports} width={width} height={gridHeight} />
        <ConfirmBar
          title={runningText(running, overlay?.kind === "quit" && anyDetachable(state))}
          question={confirm}
          width={width}
        />
      </Box>
    );
  }
  if (overlay?.kind === "inspector" && view) {
    // A drawer beside the grid: the panes stay visible while you read the settings.
    const key = focusedKey(state);
    const control = key === undefined ? undefined : ports.get(key)?.control?.();
    const drawer = drawerWidth(state);
    return (
      <Box flexDirection="row" width={width} height={height}>
        <GridLayout state={state} ports={ports} width={width - drawer} height={height} />
        <InspectorDrawer view={view} control={control} width={drawer} height={height} />
      </Box>
    );
  }
  if (state.broadcast && overlay === null) {
    const marked = state.broadcast.marked.flatMap((k) => {
      const v = state.sessions.get(k);
      return v ? [`${sessionNumber(state, k)} ${v.info.label ?? v.info.harness}`] : [];
    });
    return (
      <Box flexDirection="column" width={width} height={height}>
        <GridLayout state={state} ports={ports} width={width} height={Math.max(1, height - confirmRows(state))} />
        <BroadcastBar broadcast={state.broadcast} marked={marked} width={width} />
      </Box>
    );
  }
  const call = view?.approvals[0];
  if (overlay?.kind === "approval-full" && view && call) {
    return (
      <ApprovalFull
        call={call}
        title={`pane ${sessionNumber(state, view.key)} · ${view.info.label ?? view.info.harness}`}
        position={1}
        total={view.approvals.length}
        support={view.info.support}
        now={state.clock}
        width={width}
        height={height}
      />
    );
  }
  return <GridLayout state={state} ports={ports} width={width} height={height} />;
}
