/**
 * `hmux attach`'s panes, fetched before the TUI mounts: every session's attach goes out at once
 * and its replay waits in its port, so the replies travel while the TUI loads and the first
 * frame already shows each pane's transcript, instead of an empty frame redrawn as the events
 * trickle in.
 */
import type { Clock } from "../core/exec/ports.js";
import type { SessionPort } from "../ui/session-port.js";

/** Events replayed per session when a TUI attaches: enough for the transcript's window, bounded for a fast first frame. */
export const ATTACH_REPLAY = 1_000;

/**
 * How long the TUI waits for the replays before it mounts anyway: a slow server (a remote one
 * over ssh) gets its panes filled after the first frame rather than a blank terminal meanwhile.
 */
export const ATTACH_WAIT_MS = 1_500;

/**
 * Starts the ports and resolves once each has its replay, or after `waitMs`. A port that fails
 * to attach is not reported here: the store starts it again when it opens the pane, gets the
 * same failure, and shows it in that pane.
 */
export async function startBeforeMount(
  ports: readonly SessionPort[],
  clock: Clock,
  waitMs = ATTACH_WAIT_MS,
): Promise<void> {
  const started = Promise.all(ports.map((port) => port.start?.().catch(() => undefined)));
  let timer: unknown;
  const late = new Promise<void>((resolve) => {
    timer = clock.setTimeout(resolve, waitMs);
  });
  await Promise.race([started, late]);
  clock.clearTimeout(timer);
}
