/** How each lifecycle state reads on the rail and in pane headers. */
import type { PaneLifecycle } from "../store/session-view.js";
import { spinnerShows } from "../store/tick-demand.js";
import type { Theme } from "../theme/theme.js";

export const SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export const BADGE: Readonly<Record<PaneLifecycle, { icon: string; label: string }>> = {
  starting: { icon: "⟳", label: "starting" },
  idle: { icon: "○", label: "idle" },
  running: { icon: "●", label: "running" },
  "awaiting-input": { icon: "?", label: "question" },
  "awaiting-approval": { icon: "!", label: "approval" },
  closing: { icon: "…", label: "closing" },
  closed: { icon: "■", label: "closed" },
  failed: { icon: "✗", label: "failed" },
  detached: { icon: "◌", label: "detached" },
};

export function badgeColor(theme: Theme, state: PaneLifecycle): string | undefined {
  switch (state) {
    case "running":
    case "starting":
      return theme.colors.status;
    case "awaiting-input":
    case "awaiting-approval":
      return theme.colors.attention;
    case "failed":
      return theme.colors.error;
    case "idle":
      return theme.colors.success;
    default:
      return undefined;
  }
}

/** The spinner's character at a tick. */
export function spinnerGlyph(tick: number): string {
  return SPINNER[tick % SPINNER.length]!;
}

/** The badge text; only the focused pane passes a tick, so only it animates. */
export function badgeText(state: PaneLifecycle, tick: number | null): string {
  const b = BADGE[state];
  const icon = spinnerShows(state) && tick !== null ? spinnerGlyph(tick) : b.icon;
  return `${icon} ${b.label}`;
}
