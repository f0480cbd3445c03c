import { Box } from "ink";
import type React from "react";
import { HelpOverlay } from "../components/overlays/HelpOverlay.js";
import { InspectorDrawer } from "../components/overlays/InspectorDrawer.js";
import { NewSessionDialog } from "../components/overlays/NewSessionDialog.js";
import { QuitDialog } from "../components/overlays/QuitDialog.js";
import { ApprovalFull } from "../components/widgets/ApprovalFull.js";
import type { Keymap } from "../keys/keymap.js";
import type { SessionLauncher } from "../session-launcher.js";
import type { AppStore } from "../store/app-store.js";
import { anyRunning } from "../store/intents.js";
import { isActive } from "../store/session-view.js";
import { GridLayout } from "./GridLayout.js";

export interface MainAreaProps {
  readonly store: AppStore;
  readonly keymap: Keymap;
  readonly launcher: SessionLauncher | undefined;
  readonly width: number;
  readonly height: number;
}

/** Everything between the rail and the status line: the grid, or the open overlay. */
export function MainArea({ store, keymap, launcher, width, height }: MainAreaProps): React.ReactElement {
  const overlay = store.overlay;
  const view = store.focusedView();
  if (overlay?.kind === "help") return <HelpOverlay keymap={keymap} width={width} height={height} />;
  if (overlay?.kind === "new-session") return <NewSessionDialog launcher={launcher} width={width} height={height} />;
  if (overlay?.kind === "quit" && anyRunning(store)) {
    const running = [...store.sessions.values()].filter(isActive).length;
    return <QuitDialog running={running} width={width} height={height} />;
  }
  if (overlay?.kind === "inspector" && view) {
    // A drawer beside the grid: the panes stay visible while you read the settings.
    const control = store.focusedPort()?.control?.();
    const drawer = store.drawerWidth();
    return (
      <Box flexDirection="row" width={width} height={height}>
        <GridLayout store={store} width={width - drawer} height={height} />
        <InspectorDrawer view={view} control={control} width={drawer} height={height} />
      </Box>
    );
  }
  const call = view?.approvals[0];
  if (overlay?.kind === "approval-full" && view && call) {
    return (
      <ApprovalFull
        call={call}
        title={`pane ${store.focus + 1} · ${view.info.label ?? view.info.harness}`}
        position={1}
        total={view.approvals.length}
        support={view.info.support}
        now={store.scheduler.now()}
        width={width}
        height={height}
      />
    );
  }
  return <GridLayout store={store} width={width} height={height} />;
}
