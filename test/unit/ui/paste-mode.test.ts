/**
 * runTui on a terminal asks for bracketed paste when it opens and turns it off on every way out
 * (quit, detach, a crash reaching process exit), so a shell never receives paste markers as text.
 */
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { PASTE_MODE_OFF, PASTE_MODE_ON, runTui } from "../../../src/ui/run-tui.js";
import { ManualScheduler } from "./fake-port.js";

class FakeTerminalOut extends EventEmitter {
  readonly isTTY = true;
  readonly columns = 80;
  readonly rows = 24;
  readonly written: string[] = [];
  /** As a terminal's stream does, the callback is called once the data is written (Ink waits for it on leaving). */
  write = (data: string, done?: () => void): boolean => {
    this.written.push(data);
    done?.();
    return true;
  };
}

class FakeTerminalIn extends EventEmitter {
  readonly isTTY = true;
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
  read = (): null => null;
}

describe("bracketed paste on the real terminal", () => {
  it("is turned on when the TUI opens and off again when it leaves (a detach here)", async () => {
    const stdout = new FakeTerminalOut();
    const detach = new AbortController();
    const done = runTui({
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: new FakeTerminalIn() as unknown as NodeJS.ReadStream,
      env: {},
      scheduler: new ManualScheduler(),
      detachOn: detach.signal,
    });
    const opened = stdout.written.join("");
    expect(opened).toContain(PASTE_MODE_ON);
    expect(opened).not.toContain(PASTE_MODE_OFF);
    detach.abort();
    await done;
    const all = stdout.written.join("");
    expect(all.lastIndexOf(PASTE_MODE_OFF)).toBeGreaterThan(all.lastIndexOf(PASTE_MODE_ON));
  });
});
