/** Polls `pred` until it holds, or throws once `ms` have passed: for state reached asynchronously (a socket's reply, a child's exit). */
export async function until(pred: () => boolean, ms = 5_000, everyMs = 10): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
