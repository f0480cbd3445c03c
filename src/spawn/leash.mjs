// The leash: hmux starts every piped harness through this wrapper so the harness cannot outlive
// hmux. hmux holds the other end of fd 3; when hmux dies (even by SIGKILL) the kernel closes it,
// this wrapper reads end-of-file, and signals its whole process group (the harness and whatever
// it started) TERM, then KILL after a grace. Plain JavaScript with only node: imports, so it
// starts fast and needs no loader. Usage: node leash.mjs <graceMs> <file> [args...]
import { spawn } from "node:child_process";
import { Socket } from "node:net";
import os from "node:os";

const [graceText, file, ...args] = process.argv.slice(2);
const graceMs = Number(graceText);
const leash = new Socket({ fd: 3, readable: true, writable: true });

// The group is signalled as a whole (by hmux, or by this wrapper): outlive the harness to report
// how it ended, and go down with it only on KILL.
const FORWARDED = ["SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT"];
for (const name of FORWARDED) process.on(name, () => undefined);

let snapped = false;
let exiting = false;
function snap() {
  if (snapped || exiting) return;
  snapped = true;
  signalGroup("SIGTERM");
  setTimeout(() => signalGroup("SIGKILL"), Number.isFinite(graceMs) && graceMs > 0 ? graceMs : 2000);
}
function signalGroup(signal) {
  try {
    process.kill(-process.pid, signal);
  } catch {
    // not a group leader: the harness alone
    if (child.pid !== undefined) process.kill(child.pid, signal);
  }
}

const child = spawn(file, args, { stdio: "inherit", env: process.env });
child.on("error", (err) => {
  // Told to hmux on the leash, so a missing binary reads the same as without the wrapper.
  leash.end(`${JSON.stringify({ spawnError: { code: err.code ?? null, message: err.message } })}\n`, () =>
    process.exit(127),
  );
});
child.on("exit", (code, signal) => {
  if (snapped) signalGroup("SIGKILL"); // hmux is gone: nothing of the group may stay behind
  exiting = true;
  leash.destroy();
  if (signal) {
    // End the same way, so hmux sees the harness's signal, not a wrapper's exit code.
    for (const name of FORWARDED) process.removeAllListeners(name);
    process.kill(process.pid, signal);
    // A signal whose default is not to end a process cannot be mirrored: say it in the code.
    setTimeout(() => process.exit(128 + (os.constants.signals[signal] ?? 0)), 100);
    return;
  }
  process.exit(code ?? 1);
});
leash.on("data", () => undefined);
leash.on("end", snap);
leash.on("close", snap);
leash.on("error", snap);
