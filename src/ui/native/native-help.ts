/** The native-pane keys for the help overlay (fixed: they are not in the configurable keymap). */
import { ESCAPE_CHORD_LABEL } from "../../native/keys.js";

export const NATIVE_HELP_ROWS: ReadonlyArray<[string, string]> = [
  [ESCAPE_CHORD_LABEL, "native pane: keys back to hmux (never sent to the pane)"],
  ["Enter", "native pane in hmux keys: type into it again"],
];
