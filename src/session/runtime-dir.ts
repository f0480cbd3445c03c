/**
 * Where hmux's sockets and tokens live: $XDG_RUNTIME_DIR/hmux, else /tmp/hmux-<uid>. A module of its
 * own, so the server's paths (a client of the server reads them on every start) do not load the
 * control socket's server with its crypto and net modules.
 */
import { join } from "node:path";

export function runtimeDir(env: Readonly<Record<string, string | undefined>>): string {
  const xdg = env.XDG_RUNTIME_DIR;
  return xdg?.startsWith("/") ? join(xdg, "hmux") : `/tmp/hmux-${process.getuid?.() ?? "user"}`;
}
