/**
 * When a replayed event happened, on this machine's clock. The server says when it emitted each
 * kept event by its own clock, and what that clock read when it took the replay; the difference
 * from this clock as the reply is read places each event here, so a turn that began before the
 * attach and ends after it lasts as long as it did, whatever the other host's clock says.
 */

/**
 * Each replayed event's instant on this clock, index for index; null when the server said
 * nothing usable (an older one: its events are folded as they arrive, as before).
 */
export function replayTimes(
  reply: { readonly times?: readonly number[]; readonly now?: number },
  count: number,
  clientNow: number,
): number[] | null {
  const { times, now } = reply;
  if (times === undefined || now === undefined || times.length !== count) return null;
  const offset = clientNow - now;
  // The reply took time to travel: nothing it replays happened after it was read.
  return times.map((t) => Math.min(clientNow, t + offset));
}
