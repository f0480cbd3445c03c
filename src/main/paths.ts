/** Where this process keeps hmux's files: read from its environment once, by the composition root. */
import { join } from "node:path";
import { isolatedRoot } from "../launch/isolated-state.js";
import { type ServerPaths, serverPaths } from "../server/paths.js";
import { sessionsDir, stateHome } from "../session/journal.js";
import { runtimeDir } from "../session/runtime-dir.js";

/** Where this process keeps hmux's files, read from its environment once, here. */
export interface HmuxPaths {
  /** The state dir ($XDG_STATE_HOME, else ~/.local/state): what outlives a run. */
  readonly state: string;
  /** The journals, one per session, below the state dir. */
  readonly sessions: string;
  /** The isolated one-shot turns' homes, below the state dir. */
  readonly isolated: string;
  /** The runtime dir ($XDG_RUNTIME_DIR/hmux, else /tmp/hmux-<uid>): sockets and tokens. */
  readonly runtime: string;
  /** The one server's socket, token, pid, log and lock, in the runtime dir. */
  readonly server: ServerPaths;
  /** Where local mode's in-process server (the TUI's) writes what the console says, 0600 in the runtime dir. */
  readonly localServerLog: string;
}

export function hmuxPaths(env: Readonly<Record<string, string | undefined>>): HmuxPaths {
  return {
    state: stateHome(env),
    sessions: sessionsDir(env),
    isolated: isolatedRoot(env),
    runtime: runtimeDir(env),
    server: serverPaths(env),
    localServerLog: join(runtimeDir(env), "local-server.log"),
  };
}
