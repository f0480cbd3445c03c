/**
 * How hmux runs OpenSSH to reach a server on another machine: the user's own `ssh` (their
 * config, keys, agent, known hosts), never a client of hmux's own, and no port of hmux's on the
 * remote — only sshd, which is already there. The child is started through a Spawner (the pipe
 * spawner: leashed, so it dies with this process) and runs `hmux server --stdio` on the host.
 *
 * The options that make it a byte pipe for a program are fixed and come before anything the
 * user's config says (ssh takes the first value it sees): BatchMode (never a password or host-key
 * prompt, which nobody could answer), no tty (bytes pass unchanged), no escape character, and
 * keep-alives so a link that died is noticed within a minute.
 */
import type { ChildProcessHandle, Spawner } from "../core/exec/ports.js";

/** What the remote shell runs when HMUX_REMOTE_HMUX does not say otherwise. */
export const DEFAULT_REMOTE_HMUX = "hmux";

/** A `[user@]host` that ssh reads as a destination (never as an option), or the reason it is not one. */
export function sshDestinationProblem(host: string): string | null {
  if (host.length === 0) return "the host is empty";
  if (host.length > 255) return "the host is longer than 255 characters";
  if (host.startsWith("-")) return `${host} starts with '-', so ssh would read it as an option`;
  if (!/^(?:[A-Za-z0-9_][A-Za-z0-9._-]*@)?(?:[A-Za-z0-9_][A-Za-z0-9._-]*|\[[0-9A-Fa-f:.]+\])$/.test(host))
    return `${host} is not [user@]host (letters, digits, '.', '_', '-'; an IPv6 address in brackets)`;
  return null;
}

export interface SshCommandOptions {
  /** The ssh program and options of the user's choosing before hmux's (HMUX_SSH_COMMAND, split on spaces). */
  readonly ssh?: string;
  /** The hmux to run on the host (HMUX_REMOTE_HMUX): a path, when it is not on the non-interactive PATH there. */
  readonly remoteHmux?: string;
}

/** The argv that runs `hmux server --stdio` on `host` (already checked with sshDestinationProblem). */
export function sshRelayArgv(host: string, options: SshCommandOptions = {}): string[] {
  const ssh = (options.ssh ?? "ssh").split(/\s+/).filter(Boolean);
  const remote = options.remoteHmux?.trim() || DEFAULT_REMOTE_HMUX;
  return [
    ...(ssh.length ? ssh : ["ssh"]),
    "-T",
    "-e",
    "none",
    "-o",
    "BatchMode=yes",
    "-o",
    "ConnectTimeout=15",
    "-o",
    "ServerAliveInterval=15",
    "-o",
    "ServerAliveCountMax=4",
    "--",
    host,
    `${remote} server --stdio`,
  ];
}

export interface SshEnv {
  readonly HMUX_SSH_COMMAND?: string | undefined;
  readonly HMUX_REMOTE_HMUX?: string | undefined;
  readonly [name: string]: string | undefined;
}

/** Starts ssh to `host` with stdin and stdout for the protocol; the whole environment goes to ssh (its agent, HOME). */
/** Runs in `/`: ssh needs no working directory, and one that vanished must not stop it. */
export function spawnSshRelay(spawner: Spawner, host: string, env: SshEnv, cwd = "/"): ChildProcessHandle {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) childEnv[k] = v;
  return spawner.spawn({
    argv: sshRelayArgv(host, {
      ...(env.HMUX_SSH_COMMAND !== undefined ? { ssh: env.HMUX_SSH_COMMAND } : {}),
      ...(env.HMUX_REMOTE_HMUX !== undefined ? { remoteHmux: env.HMUX_REMOTE_HMUX } : {}),
    }),
    cwd,
    env: childEnv,
    stdin: "pipe",
  });
}
