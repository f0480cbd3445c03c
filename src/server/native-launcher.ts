/**
 * Native sessions as rows of the server's table: a NativeSession (src/native/native-session.ts) —
 * the pty, its terminal and its hook-driven lifecycle — is both the row's handle and its byte
 * channel, so the server holds no state of its own about it and runs no UI code. How a session
 * is spawned (the launch pipeline, the native plan, hooks, the pty leash) is the composition's
 * `open`. The pty is the server's child, so it goes with the server: a kill hangs it up, and a
 * server that dies closes the pty's master, which hangs up the session leader as a closed
 * terminal window does.
 */
import { parseNativeKind } from "../native/launch.js";
import type { NativeKind } from "../native/native-plan.js";
import type { NativeSession } from "../native/native-session.js";
import { launchError } from "./ops/launch-error.js";
import type { CreateSpec, Launched } from "./session-table.js";

/** What a create-native asks the composition to spawn. */
export interface NativeOpenRequest {
  readonly kind: NativeKind;
  readonly cwd: string;
  readonly cols: number;
  readonly rows: number;
  readonly endpoint?: string;
  readonly model?: string;
}

export interface NativeLauncherDeps {
  /** The kinds offered: every harness of the registry in force with a native pane, and the shell. */
  readonly kinds: readonly string[];
  /**
   * Spawns the session (throws a NativeLaunchError before anything is spawned when it is refused);
   * `notes`: what its plan said, the create's reply carries them to the client.
   */
  open(request: NativeOpenRequest): Promise<{ readonly session: NativeSession; readonly notes: readonly string[] }>;
}

/** The size a native session starts at when its client names none (it is resized to its pane on attach). */
const DEFAULT_SIZE = { cols: 80, rows: 24 };

/** Opens a native row: a refusal (a NativeLaunchError among them) becomes its wire code with its hint. */
export async function launchNativeRow(spec: CreateSpec, deps: NativeLauncherDeps): Promise<Launched> {
  const size = spec.native ?? DEFAULT_SIZE;
  try {
    const { session, notes } = await deps.open({
      kind: parseNativeKind(spec.harness, deps.kinds),
      cwd: spec.cwd,
      cols: size.cols,
      rows: size.rows,
      ...(spec.options.endpoint !== undefined ? { endpoint: spec.options.endpoint } : {}),
      ...(spec.options.model !== undefined ? { model: spec.options.model } : {}),
    });
    return { handle: session, cwd: session.cwd, notes, native: session };
  } catch (err) {
    throw launchError(err);
  }
}
