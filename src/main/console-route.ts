/**
 * Where console output of the code this process runs goes, decided once here at the root. A
 * library may log with console.error and offer no logger (the ACP SDK logs an update its schema
 * refuses that way, and has no option to route it): in the TUI's process that text would land on
 * the screen through stderr, and on a server it would reach the daemon's log without a time or a
 * source. So the global console is replaced by one whose every line goes to the sink given.
 */
import { Console } from "node:console";
import { appendFileSync, chmodSync } from "node:fs";
import { dirname } from "node:path";
import { Writable } from "node:stream";
import { makePrivateDir } from "../files/private-dir.js";

/** Sends every line the global console writes to `sink`; the returned function puts the console back. */
export function routeConsole(sink: (line: string) => void): () => void {
  let pending = "";
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) sink(line);
      done();
    },
  });
  const before = globalThis.console;
  globalThis.console = new Console({ stdout: stream, stderr: stream, colorMode: false });
  return () => {
    if (pending !== "") sink(pending);
    pending = "";
    globalThis.console = before;
  };
}

/** A sink appending each line to `file` (0600, in a 0700 folder), stamped with the time and `source`. */
export function fileLineSink(file: string, source: string, now: () => number): (line: string) => void {
  let opened = false;
  return (line) => {
    if (!opened) {
      makePrivateDir(dirname(file));
      appendFileSync(file, "", { mode: 0o600 });
      // A file that was there before keeps its mode through appendFileSync: close it too.
      chmodSync(file, 0o600);
      opened = true;
    }
    appendFileSync(file, `${new Date(now()).toISOString()} ${source}: ${line}\n`);
  };
}
