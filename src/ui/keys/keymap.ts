/**
 * hmux's commands and their default keys. Global commands use Alt/Ctrl chords and a few
 * named keys, so plain typing always reaches the input line; approval keys are single
 * letters that act only while an approval is on screen and nothing is being typed.
 */
export const GLOBAL_COMMANDS = [
  "focus.left",
  "focus.right",
  "focus.up",
  "focus.down",
  "focus.next",
  "focus.previous",
  "focus.1",
  "focus.2",
  "focus.3",
  "focus.4",
  "focus.5",
  "focus.6",
  "focus.7",
  "focus.8",
  "focus.9",
  "pane.zoom",
  "pane.close",
  "pane.reopen",
  "attention.jump",
  "pane.notices",
  "session.new",
  "turn.interrupt",
  "session.halt",
  "session.haltAll",
  "app.quit",
  "help",
  "inspector",
  "scroll.up",
  "scroll.down",
] as const;
export const APPROVAL_COMMANDS = [
  "approval.allow",
  "approval.always",
  "approval.deny",
  "approval.edit",
  "approval.abstain",
  "approval.full",
] as const;
export type GlobalCommand = (typeof GLOBAL_COMMANDS)[number];
export type ApprovalCommand = (typeof APPROVAL_COMMANDS)[number];
export type Command = GlobalCommand | ApprovalCommand;

export type Keymap = Readonly<Record<Command, readonly string[]>>;

export const DEFAULT_KEYMAP: Keymap = {
  "focus.left": ["alt+left"],
  "focus.right": ["alt+right"],
  "focus.up": ["alt+up"],
  "focus.down": ["alt+down"],
  "focus.next": [],
  "focus.previous": [],
  "focus.1": ["alt+1"],
  "focus.2": ["alt+2"],
  "focus.3": ["alt+3"],
  "focus.4": ["alt+4"],
  "focus.5": ["alt+5"],
  "focus.6": ["alt+6"],
  "focus.7": ["alt+7"],
  "focus.8": ["alt+8"],
  "focus.9": ["alt+9"],
  "pane.zoom": ["alt+z"],
  "pane.close": ["alt+w"],
  "pane.reopen": ["alt+o"],
  "attention.jump": ["alt+a"],
  "pane.notices": ["alt+e"],
  "session.new": ["alt+n"],
  "turn.interrupt": ["escape", "ctrl+c"],
  "session.halt": ["alt+x"],
  "session.haltAll": ["alt+shift+x"],
  "app.quit": ["ctrl+q"],
  help: ["?", "f1"],
  inspector: ["alt+i"],
  "scroll.up": ["pageup"],
  "scroll.down": ["pagedown"],
  "approval.allow": ["a"],
  "approval.always": ["A"],
  "approval.deny": ["d"],
  "approval.edit": ["e"],
  "approval.abstain": ["s"],
  "approval.full": ["f"],
};

/** What each command does, for the help overlay. */
export const COMMAND_HELP: Readonly<Record<Command, string>> = {
  "focus.left": "focus the pane to the left",
  "focus.right": "focus the pane to the right",
  "focus.up": "focus the pane above",
  "focus.down": "focus the pane below",
  "focus.next": "focus the next pane",
  "focus.previous": "focus the previous pane",
  "focus.1": "focus pane 1",
  "focus.2": "focus pane 2",
  "focus.3": "focus pane 3",
  "focus.4": "focus pane 4",
  "focus.5": "focus pane 5",
  "focus.6": "focus pane 6",
  "focus.7": "focus pane 7",
  "focus.8": "focus pane 8",
  "focus.9": "focus pane 9",
  "pane.zoom": "zoom the focused pane / back to the grid",
  "pane.close": "close the pane (the session keeps running)",
  "pane.reopen": "reopen a closed pane",
  "attention.jump": "go to the request that has waited longest (any pane, closed ones reopen)",
  "pane.notices": "expand / collapse the focused pane's harness notices (its stderr)",
  "session.new": "new session dialog",
  "turn.interrupt": "interrupt the focused turn (cancels a dialog first)",
  "session.halt": "halt the focused session",
  "session.haltAll": "halt every session",
  "app.quit": "quit (asks while sessions run)",
  help: "this help (when the input line is empty)",
  inspector: "inspector drawer for the focused session",
  "scroll.up": "scroll back one page",
  "scroll.down": "scroll forward one page (bottom: follow)",
  "approval.allow": "approval: allow the call",
  "approval.always": "approval: allow, and allow this tool or command prefix for the rest of the session",
  "approval.deny": "approval: deny (type a reason)",
  "approval.edit": "approval: edit the input, then replace",
  "approval.abstain": "approval: abstain to the harness's own check",
  "approval.full": "approval: full-screen view",
};

/**
 * Keys that belong to the input line and to the harnesses (line editing, job control):
 * a global command may not take them, so configuration cannot steal them.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  "return",
  "tab",
  "shift+tab",
  "backspace",
  "delete",
  "left",
  "right",
  "up",
  "down",
  "home",
  "end",
  "ctrl+d",
  "ctrl+z",
  "ctrl+s",
  "ctrl+a",
  "ctrl+e",
  "ctrl+u",
  "ctrl+w",
  "ctrl+k",
]);

export function isApprovalCommand(c: Command): c is ApprovalCommand {
  return (APPROVAL_COMMANDS as readonly string[]).includes(c);
}

/**
 * The config file's action names (src/core/config/ui-schema.ts) for each command.
 * Commands without an action name keep their default keys.
 */
export const CONFIG_ACTION: Readonly<Partial<Record<Command, string>>> = {
  "focus.left": "focus-left",
  "focus.right": "focus-right",
  "focus.up": "focus-up",
  "focus.down": "focus-down",
  "focus.next": "focus-next",
  "focus.previous": "focus-previous",
  "focus.1": "focus-pane-1",
  "focus.2": "focus-pane-2",
  "focus.3": "focus-pane-3",
  "focus.4": "focus-pane-4",
  "focus.5": "focus-pane-5",
  "focus.6": "focus-pane-6",
  "focus.7": "focus-pane-7",
  "focus.8": "focus-pane-8",
  "focus.9": "focus-pane-9",
  "pane.zoom": "zoom",
  "pane.close": "close-pane",
  "pane.reopen": "reopen-pane",
  "attention.jump": "jump-attention",
  "pane.notices": "toggle-notices",
  "session.new": "new-session",
  inspector: "inspector",
  help: "help",
  "scroll.up": "scroll-up",
  "scroll.down": "scroll-down",
  "approval.allow": "approve",
  "approval.deny": "deny",
  "approval.edit": "edit",
  "approval.abstain": "abstain",
  "approval.always": "allow-always",
  "approval.full": "full-view",
  "turn.interrupt": "interrupt",
  "session.halt": "halt",
  "session.haltAll": "halt-all",
  "app.quit": "quit",
};
