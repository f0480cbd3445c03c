/**
 * A command that starts things (a daemon, a folder, sessions) before its TUI draws must undo
 * them when it is stopped in that window: until the TUI takes the terminal, Ctrl-C is a SIGINT
 * whose default action ends hmux at once and leaves all of it behind. While armed, SIGINT,
 * SIGTERM and SIGHUP run the undo steps registered so far (latest first), say so, and exit
 * 128 + the signal's number. Once the TUI is up, `disarm` hands the signals back.
 */

type StopSignal = "SIGINT" | "SIGTERM" | "SIGHUP";

const SIGNAL_NUMBER: Record<StopSignal, number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

export interface StartupInterruptOptions {
  /** What the command is called in the message ("hmux demo"). */
  readonly command: string;
  readonly say: (line: string) => void;
  readonly exit: (code: number) => void;
}

export class StartupInterrupt {
  private readonly undo: (() => Promise<void> | void)[] = [];
  private readonly handlers = new Map<StopSignal, () => void>();
  private fired = false;

  constructor(private readonly options: StartupInterruptOptions) {
    for (const signal of Object.keys(SIGNAL_NUMBER) as StopSignal[]) {
      const handler = () => void this.fire(signal);
      this.handlers.set(signal, handler);
      process.on(signal, handler);
    }
  }

  /** Something started that a stop in the start-up window must undo. */
  onStop(step: () => Promise<void> | void): void {
    this.undo.push(step);
  }

  /** The TUI has the terminal (Ctrl-C is a key now) and its own signal handling: let go. */
  disarm(): void {
    for (const [signal, handler] of this.handlers) process.removeListener(signal, handler);
    this.handlers.clear();
  }

  private async fire(signal: StopSignal): Promise<void> {
    if (this.fired) return; // a second Ctrl-C while undoing must not cut the undoing short
    this.fired = true;
    for (const step of this.undo.reverse()) {
      try {
        await step();
      } catch {
        // one step failing must not keep the others from running
      }
    }
    const why = signal === "SIGINT" ? "interrupted (Ctrl-C)" : `stopped by ${signal}`;
    this.options.say(`${this.options.command}: ${why} while starting; what it had started is stopped\n`);
    this.options.exit(128 + SIGNAL_NUMBER[signal]);
  }
}
