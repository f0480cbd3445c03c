/**
 * A transport to a server on another machine: an ssh child (src/spawn/ssh.ts) whose stdin and
 * stdout reach `hmux server --stdio` there. Closing it ends ssh's stdin (the relay sees the end
 * and leaves the server cleanly) and then signals ssh; a client that dies takes ssh with it
 * through the spawner's leash. Either way the server there sees a client leave — a detach —
 * and its sessions run on.
 *
 * When ssh exits before the login, its exit code and stderr say what was missing, and that
 * becomes a typed error naming the host: down or unreachable, the login refused, no hmux there,
 * an hmux too old to relay.
 */
import type { ChildProcessHandle, Clock, ExitStatus } from "../core/exec/ports.js";
import { ServerError } from "./errors.js";
import type { ServerTransport } from "./transport.js";

/** ssh's stderr kept to explain a failure: its last lines are what matter. */
const STDERR_KEPT = 8 * 1024;
/** After stdin ends, how long ssh gets to finish on its own before it is signalled. */
export const CLOSE_GRACE_MS = 1_000;

/** `clock` times the grace a closed ssh gets to leave before it is signalled. */
export function sshTransport(host: string, child: ChildProcessHandle, clock: Clock): ServerTransport {
  let stderr = "";
  child.onStderr((chunk) => {
    stderr = (stderr + Buffer.from(chunk).toString("utf8")).slice(-STDERR_KEPT);
  });
  let sawOutput = false;
  child.onStdout(() => {
    sawOutput = true;
  });
  const closeListeners: ((failure: ServerError | null) => void)[] = [];
  let closing = false;
  let ended: ServerError | null | undefined;
  void child.exited.then((status) => {
    // Once this side closed it, how ssh ended is no failure.
    ended = closing ? null : sshFailure(host, status, stderr, sawOutput);
    for (const l of closeListeners.splice(0)) l(ended);
  });
  return {
    label: `ssh ${host}`,
    host,
    write: (text) => {
      void child.write(text);
    },
    onData: (listener) => child.onStdout(listener),
    onClose: (listener) => {
      if (ended !== undefined) listener(ended);
      else closeListeners.push(listener);
    },
    close: () => {
      if (closing) return;
      closing = true;
      child.endStdin();
      const timer = clock.setTimeout(() => child.kill("SIGTERM"), CLOSE_GRACE_MS, { background: true });
      void child.exited.then(() => clock.clearTimeout(timer));
    },
  };
}

/**
 * Why ssh ended, as a typed error naming the host; null when nothing was wrong (it ended after
 * the relay did). `sawOutput`: the remote hmux answered, so a later failure is the connection's.
 */
export function sshFailure(host: string, status: ExitStatus, stderr: string, sawOutput: boolean): ServerError | null {
  if (status.spawnError)
    return new ServerError(
      "no-ssh",
      `cannot reach ${host}: ssh cannot run here (${status.spawnError})`,
      "install OpenSSH's client (Debian: apt-get install openssh-client), or name it in HMUX_SSH_COMMAND",
    );
  const said = lastLines(stderr);
  const quoted = said ? `: ${said}` : "";
  if (status.code === 0 && !said) return null;
  if (/unknown option '--stdio'/.test(stderr))
    return new ServerError(
      "version-mismatch",
      `the hmux on ${host} is older than this one: it has no \`hmux server --stdio\``,
      `install the same hmux on ${host} as here`,
    );
  // The remote shell's "not found" is 127; ssh's own failures are all 255.
  if (status.code === 127)
    return new ServerError(
      "no-remote-hmux",
      `${host} has no hmux on the PATH of a non-interactive ssh login${quoted}`,
      `install hmux on ${host} (npm install -g harnessmux), or set HMUX_REMOTE_HMUX to its path there`,
    );
  if (status.code === 126)
    return new ServerError(
      "no-remote-hmux",
      `the hmux on ${host} cannot be run${quoted}`,
      `check that hmux on ${host} is executable, or set HMUX_REMOTE_HMUX to one that is`,
    );
  if (status.code === 255 && !sawOutput) return sshLoginFailure(host, said, quoted);
  if (sawOutput)
    return new ServerError("unreachable", `the connection to ${host} ended: ssh ${exitText(status)}${quoted}`);
  return new ServerError(
    "remote-failed",
    `hmux server --stdio on ${host} failed: ssh ${exitText(status)}${quoted}`,
    `run \`ssh ${host} hmux server --stdio </dev/null\` to see what it says`,
  );
}

/** ssh's own failure (exit 255 before the remote said anything): reaching the host, or logging in. */
function sshLoginFailure(host: string, said: string, quoted: string): ServerError {
  if (/Permission denied|Too many authentication failures|no matching host key type|no mutual signature/i.test(said))
    return new ServerError(
      "host-refused",
      `${host} refused the ssh login${quoted}`,
      `\`ssh ${host} true\` must log in with no prompt (hmux runs ssh with BatchMode=yes): add a key with ssh-copy-id, or load yours into ssh-agent`,
    );
  if (/Host key verification failed|host key is known|HOST IDENTIFICATION HAS CHANGED/i.test(said))
    return new ServerError(
      "host-refused",
      `${host}'s host key is not known here, or has changed${quoted}`,
      `run \`ssh ${host}\` once yourself to check and accept its host key`,
    );
  if (/Can't open user config file|Bad configuration option|Unsupported option|command-line line/i.test(said))
    return new ServerError(
      "no-ssh",
      `ssh cannot reach ${host}: its configuration is wrong${quoted}`,
      "check HMUX_SSH_COMMAND and your ssh config",
    );
  if (/Could not resolve hostname|Name or service not known|nodename nor servname/i.test(said))
    return new ServerError("host-unreachable", `${host}: the host name does not resolve${quoted}`);
  return new ServerError(
    "host-unreachable",
    `${host} is down or unreachable over ssh${quoted}`,
    `check that \`ssh ${host} true\` works from here`,
  );
}

function exitText(status: ExitStatus): string {
  return status.signal ? `was ended by ${status.signal}` : `exited with code ${status.code}`;
}

/** The last non-empty lines of stderr, as one line: what ssh or the remote shell said last. */
function lastLines(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.slice(-2).join(" / ");
}
