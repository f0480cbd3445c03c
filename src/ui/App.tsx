import { Box } from "ink";
import type React from "react";
import { useMemo } from "react";
import { AttentionRail } from "./components/AttentionRail.js";
import { StatusLine } from "./components/StatusLine.js";
import { BodyLayerContext } from "./contexts/body-layer-context.js";
import { KeysContext, type KeysValue } from "./contexts/keys-context.js";
import { StoreContext } from "./contexts/store-context.js";
import { ThemeContext } from "./contexts/theme-context.js";
import { useFrame } from "./hooks/use-frame.js";
import { useKeyDispatch } from "./hooks/use-key-dispatch.js";
import { type TerminalWrite, useMouseReporting } from "./hooks/use-mouse-reporting.js";
import { useMouseWheel } from "./hooks/use-mouse-wheel.js";
import { useQuit } from "./hooks/use-quit.js";
import { useTerminalFocus } from "./hooks/use-terminal-focus.js";
import { useTerminalInput } from "./hooks/use-terminal-input.js";
import { useTerminalSize } from "./hooks/use-terminal-size.js";
import { indexKeymap } from "./keys/dispatch.js";
import type { Keymap } from "./keys/keymap.js";
import { MainArea } from "./layouts/MainArea.js";
import { isNativePort } from "./native/native-port.js";
import type { BodyLayer } from "./render/body-layer.js";
import type { SessionLauncher } from "./session-launcher.js";
import type { AppStore } from "./store/app-store.js";
import { CHROME_ROWS, focusedKey, sessionNumber, type UiState } from "./store/ui-state.js";
import type { Theme } from "./theme/theme.js";

export interface AppProps {
  readonly store: AppStore;
  readonly theme: Theme;
  readonly keymap: Keymap;
  readonly launcher?: SessionLauncher;
  /** Wheel scrolling of the pane under the pointer (config `ui.mouse`, `--mouse`). */
  readonly mouse?: boolean;
  /** Turn the terminal's focus reporting on, so a focused pane in a focused window is not notified. */
  readonly focusReports?: boolean;
  /** Where terminal mode bytes go (default: Ink's stdout); tests capture them. */
  readonly terminalWrite?: TerminalWrite;
  /** Pane bodies are drawn on this layer beside Ink (the line-diff renderer's); absent: through Ink. */
  readonly bodies?: BodyLayer<UiState> | null;
}

/** Registered first among siblings, so hmux sees each key before the input line. */
function KeyboardController({ mouse, focusReports }: { mouse: boolean; focusReports: boolean }): null {
  // The mouse filter takes reports before the focus filter, as the terminal interleaves them.
  useMouseWheel(mouse);
  useTerminalFocus(focusReports);
  useKeyDispatch();
  useTerminalSize();
  useQuit();
  return null;
}

/** Mouse reporting re-renders on every commit; apart, so the key handlers above do not. */
function MouseReporting({ mouse, terminalWrite }: { mouse: boolean; terminalWrite?: TerminalWrite }): null {
  useMouseReporting(mouse, terminalWrite);
  return null;
}

function Screen({ store, keymap, launcher }: Pick<AppProps, "store" | "keymap" | "launcher">): React.ReactElement {
  const state = useFrame();
  const width = state.columns;
  const height = state.rows;
  const rail = [...state.sessions.values()].map((view) => {
    const pane = state.panes.indexOf(view.key);
    const port = store.ports.get(view.key);
    // Shown numbers are the sessions' own (see sessionNumber), not places in the grid.
    const number = sessionNumber(state, view.key);
    return { view, pane: pane >= 0 ? number - 1 : null, stateUnknown: isNativePort(port) && !port.stateKnown };
  });
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <AttentionRail entries={rail} focusedKey={focusedKey(state)} width={width} />
      <MainArea
        state={state}
        ports={store.ports}
        keymap={keymap}
        launcher={launcher}
        width={width}
        height={Math.max(1, height - CHROME_ROWS)}
      />
      <StatusLine flash={state.flash} keymap={keymap} width={width} empty={state.sessions.size === 0} />
    </Box>
  );
}

export function App({
  store,
  theme,
  keymap,
  launcher,
  mouse = false,
  focusReports = false,
  terminalWrite,
  bodies,
}: AppProps): React.ReactElement {
  // The stream Ink reads the keys from records each key's bytes and holds keys for a dialog.
  const input = useTerminalInput();
  const keys = useMemo<KeysValue>(
    () => ({
      keymap,
      index: indexKeymap(keymap),
      gate: { consumed: false },
      raw: input.raw,
      flow: input.flow,
      mouse,
    }),
    [keymap, mouse, input],
  );
  return (
    <StoreContext.Provider value={store}>
      <ThemeContext.Provider value={theme}>
        <KeysContext.Provider value={keys}>
          <BodyLayerContext.Provider value={bodies ?? null}>
            <KeyboardController mouse={mouse} focusReports={focusReports} />
            <MouseReporting mouse={mouse} terminalWrite={terminalWrite} />
            <Screen store={store} keymap={keymap} launcher={launcher} />
          </BodyLayerContext.Provider>
        </KeysContext.Provider>
      </ThemeContext.Provider>
    </StoreContext.Provider>
  );
}
