/**
 * What each view or question reads while it is open (keys/dispatch.ts reads them so): its own
 * commands, the global commands it still answers, and the keys it reads by themselves. A
 * configured key that would stand for two things in one of them is refused (ui-config.ts).
 */
import {
  BROADCAST_COMMANDS,
  CHANGES_COMMANDS,
  COMPARE_COMMANDS,
  CONFIRM_COMMANDS,
  type Command,
  GLOBAL_COMMANDS,
  type OverlayCommand,
  QUIT_COMMANDS,
  SCORECARD_COMMANDS,
} from "./keymap.js";

export interface KeyScope {
  readonly name: string;
  readonly own: readonly OverlayCommand[];
  /** Global commands it still answers, e.g. the quit key pressed again detaches. */
  readonly globals: readonly Command[];
  /** Keys it reads by themselves: Esc cancels, arrows move. */
  readonly fixed: readonly string[];
}

const PAGING = ["up", "down", "pageup", "pagedown"];

export const KEY_SCOPES: readonly KeyScope[] = [
  {
    name: "the changes view",
    own: CHANGES_COMMANDS,
    globals: ["changes", "scroll.up", "scroll.down"],
    fixed: ["escape", "q", " ", "home", "end", ...PAGING],
  },
  { name: "a yes/no question", own: CONFIRM_COMMANDS, globals: [], fixed: ["escape"] },
  {
    name: "the quit question",
    own: [...QUIT_COMMANDS, ...CONFIRM_COMMANDS],
    globals: ["app.quit"],
    fixed: ["escape", "return"],
  },
  {
    name: "the race scorecard",
    own: SCORECARD_COMMANDS,
    globals: ["race.scorecard", "scroll.up", "scroll.down"],
    fixed: ["escape", "q", "return", "left", "right", "up", "down"],
  },
  {
    name: "settings side by side",
    own: COMPARE_COMMANDS,
    globals: ["settings.compare"],
    fixed: ["escape", "q", "return", "left", "right", ...PAGING],
  },
  {
    name: "broadcast marking",
    own: BROADCAST_COMMANDS,
    globals: GLOBAL_COMMANDS,
    fixed: ["escape", "return", " ", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
  },
];
