import { Text } from "ink";
import type React from "react";
import { answers, hints, keyOf } from "../../keys/hints.js";
import type { Keymap } from "../../keys/keymap.js";
import { CONFIRM_ROWS } from "../../store/ui-state.js";
import { OverlayFrame } from "./OverlayFrame.js";

export interface ConfirmBarProps {
  readonly title: string;
  readonly question: string;
  readonly width: number;
}

/** A yes/no question under the panes: the screen stays visible while you decide. */
export function ConfirmBar({ title, question, width }: ConfirmBarProps): React.ReactElement {
  // Border and padding take 4 columns. A question longer than its row wraps into the title's row:
  // the keys that answer it matter more than the title, which the question repeats anyway.
  if (question.length > width - 4)
    return <OverlayFrame title={question} width={width} height={CONFIRM_ROWS} tone="warn" wrapTitle />;
  return (
    <OverlayFrame title={title} width={width} height={CONFIRM_ROWS} tone="warn">
      <Text wrap="truncate">{question}</Text>
    </OverlayFrame>
  );
}

export function runningText(running: number, onServer = false): string {
  return `${running} session${running === 1 ? " is" : "s are"} still running${onServer ? " on the hmux server" : ""}.`;
}

/**
 * The quit question. With sessions on the hmux server, detaching is the default (Enter, the
 * detach key, or the quit key again: they keep running, `hmux attach` brings them back) and
 * halting them all is the deliberate choice; with only local sessions, quitting halts them, so
 * it is a yes/no.
 */
export function quitQuestion(keymap: Keymap, detachable: boolean): string {
  if (!detachable) return `Quit and halt them? ${answers(keymap, "quit", "stay")}`;
  const again = keyOf(keymap, "app.quit");
  const halt = hints(keymap, [["quit.haltAll", "halt all"]]);
  return [`Enter${again ? `/${again}` : ""} detach (they keep running; hmux attach)`, halt, "Esc cancel"]
    .filter((part) => part !== "")
    .join(" · ");
}

/** The halt-all question, its answers as bound. */
export function haltAllQuestion(keymap: Keymap): string {
  return `Halt every session? Pending calls are denied. ${answers(keymap, "halt all", "cancel")}`;
}
