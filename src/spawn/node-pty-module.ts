/**
 * node-pty, required when the first pty is spawned rather than imported by every process that
 * could spawn one: its native addon and CommonJS modules were loaded by `hmux --help`, the TUI
 * and the server at start-up, used by none of them until a native pane or a pty harness starts.
 */
import { createRequire } from "node:module";

type NodePty = typeof import("@lydell/node-pty");

let loaded: NodePty | undefined;

export function nodePty(): NodePty {
  loaded ??= createRequire(import.meta.url)("@lydell/node-pty") as NodePty;
  return loaded;
}
