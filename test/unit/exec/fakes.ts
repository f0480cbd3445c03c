/** Test doubles for the execution ports and a tiny adapter: enough to drive runTurn by hand. */
import type { JsonObject, StreamDecoder } from "../../../src/core/decoder.js";
import type { HarnessEvent } from "../../../src/core/events.js";
import type {
  ChildProcessHandle,
  ExitStatus,
  FileSystemPort,
  Signal,
  Spawner,
  SpawnRequest,
} from "../../../src/core/exec/ports.js";

export { FakeClock } from "../../helpers/fake-clock.js";

export class FakeChild implements ChildProcessHandle {
  readonly pid: number | undefined = 4242;
  readonly signals: Signal[] = [];
  readonly written: string[] = [];
  stdinEnded = false;
  /** Exit on TERM (a well-behaved child) or only on KILL (a stubborn one). */
  exitsOn: Signal = "SIGTERM";
  private out: ((c: Uint8Array) => void)[] = [];
  private err: ((c: Uint8Array) => void)[] = [];
  private resolveExit!: (s: ExitStatus) => void;
  private hasExited = false;
  readonly exited = new Promise<ExitStatus>((r) => (this.resolveExit = r));
  constructor(readonly request: SpawnRequest) {}
  onStdout(l: (c: Uint8Array) => void): void {
    this.out.push(l);
  }
  onStderr(l: (c: Uint8Array) => void): void {
    this.err.push(l);
  }
  write(data: string): Promise<boolean> {
    this.written.push(data);
    return Promise.resolve(!this.stdinEnded);
  }
  endStdin(): void {
    this.stdinEnded = true;
  }
  kill(signal: Signal): void {
    this.signals.push(signal);
    if (this.hasExited) return;
    if (signal === "SIGKILL" || signal === this.exitsOn) this.exit(null, signal);
  }
  stdout(text: string | Uint8Array): void {
    const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
    for (const l of this.out) l(bytes);
  }
  stderr(text: string): void {
    for (const l of this.err) l(new TextEncoder().encode(text));
  }
  exit(code: number | null, signal: string | null = null, spawnError?: string): void {
    if (this.hasExited) return;
    this.hasExited = true;
    this.resolveExit(spawnError ? { code, signal, spawnError } : { code, signal });
  }
}

export class FakeSpawner implements Spawner {
  readonly kind = "pipe" as const;
  readonly children: FakeChild[] = [];
  constructor(private readonly setup: (child: FakeChild) => void = () => undefined) {}
  spawn(request: SpawnRequest): ChildProcessHandle {
    const child = new FakeChild(request);
    this.children.push(child);
    this.setup(child);
    return child;
  }
  get last(): FakeChild {
    const c = this.children.at(-1);
    if (!c) throw new Error("nothing spawned");
    return c;
  }
}

export class FakeFs implements FileSystemPort {
  readonly files = new Map<string, { content: string; mode?: number }>();
  writeFile(path: string, content: string, mode?: number): Promise<void> {
    this.files.set(path, mode === undefined ? { content } : { content, mode });
    return Promise.resolve();
  }
  mkdir(): Promise<void> {
    return Promise.resolve();
  }
  makeTempDir(prefix: string): Promise<string> {
    return Promise.resolve(`/tmp/${prefix}x`);
  }
  removeDir(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * A test-only decoder: {"say":"…"} → message, {"fail":"…"} → failure(task), {"ask":true} →
 * message with a question block, any other record → unrecognized, text → raw.
 */
export function fakeDecoder(): StreamDecoder {
  return {
    record(r: JsonObject): HarnessEvent[] {
      if (typeof r.say === "string") return [{ kind: "message", role: "assistant", text: r.say }];
      if (typeof r.fail === "string") return [{ kind: "failure", class: "task", retryable: false, message: r.fail }];
      return [{ kind: "unrecognized", nativeType: String(r.type ?? "?"), record: r }];
    },
    text(line, stream) {
      return [{ kind: "raw", stream, text: line }];
    },
    end() {
      return [];
    },
    // This protocol has no turn-ending record: whatever it printed is the whole turn.
    incompleteTurn() {
      return undefined;
    },
  };
}
