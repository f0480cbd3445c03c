/**
 * What ssh's exit before the login means, from what OpenSSH and a remote shell really print:
 * every failure is typed and names the host; an exit this side asked for is no failure.
 */
import { describe, expect, it } from "vitest";
import type { ChildProcessHandle, ExitStatus } from "../../../src/core/exec/ports.js";
import { CLOSE_GRACE_MS, sshFailure, sshTransport } from "../../../src/server/transport-ssh.js";
import { FakeClock } from "../../helpers/fake-clock.js";

const exit = (code: number | null, signal: string | null = null): ExitStatus => ({ code, signal });

describe("ssh failures before the login", () => {
  it.each([
    [
      "connection refused",
      exit(255),
      "ssh: connect to host 127.0.0.1 port 42223: Connection refused\n",
      "host-unreachable",
      /box is down or unreachable.*Connection refused/,
    ],
    [
      "name does not resolve",
      exit(255),
      "ssh: Could not resolve hostname box: Name or service not known\n",
      "host-unreachable",
      /box: the host name does not resolve/,
    ],
    [
      "timeout",
      exit(255),
      "ssh: connect to host 127.0.0.1 port 22: Connection timed out\n",
      "host-unreachable",
      /box is down or unreachable/,
    ],
    [
      "key refused",
      exit(255),
      "me@127.0.0.1: Permission denied (publickey).\n",
      "host-refused",
      /box refused the ssh login.*Permission denied/,
    ],
    [
      "unknown host key",
      exit(255),
      "No ED25519 host key is known for [127.0.0.1]:42222 and you have requested strict checking.\nHost key verification failed.\n",
      "host-refused",
      /box's host key is not known here, or has changed/,
    ],
    [
      "no hmux on the remote PATH",
      exit(127),
      "bash: line 1: hmux: command not found\n",
      "no-remote-hmux",
      /box has no hmux on the PATH.*command not found/,
    ],
    [
      "hmux not executable",
      exit(126),
      "sh: 1: hmux: Permission denied\n",
      "no-remote-hmux",
      /hmux on box cannot be run/,
    ],
    [
      "an hmux without --stdio",
      exit(2),
      "hmux: unknown option '--stdio'\n  hint: run `hmux --help`\n",
      "version-mismatch",
      /the hmux on box is older than this one/,
    ],
    [
      "anything else the remote hmux said",
      exit(2),
      "hmux needs Node >= 22.19.0; this is 18.19.0\n",
      "remote-failed",
      /on box failed: ssh exited with code 2: hmux needs Node/,
    ],
  ])("%s", (_what, status, stderr, code, message) => {
    const error = sshFailure("box", status, stderr, false);
    expect(error).toMatchObject({ code, message: expect.stringMatching(message) });
  });

  it("ssh that cannot run here is no-ssh", () => {
    const error = sshFailure("box", { code: null, signal: null, spawnError: "cannot start ssh: not found" }, "", false);
    expect(error).toMatchObject({ code: "no-ssh", message: expect.stringContaining("box") });
  });

  it("a connection that ends after the remote answered is the connection's end, not a missing host", () => {
    const error = sshFailure("box", exit(255), "Connection to 127.0.0.1 closed by remote host.\n", true);
    expect(error).toMatchObject({ code: "unreachable", message: expect.stringContaining("connection to box ended") });
  });

  it("a clean exit with nothing said is no failure", () => {
    expect(sshFailure("box", exit(0), "", true)).toBeNull();
  });
});

/** A child that records what the transport did to it, and exits when told. */
function fakeChild() {
  const done: string[] = [];
  let exited: (s: ExitStatus) => void = () => undefined;
  const stderr: ((c: Uint8Array) => void)[] = [];
  const child: ChildProcessHandle = {
    pid: 1,
    onStdout: () => undefined,
    onStderr: (l) => stderr.push(l),
    write: async (d) => {
      done.push(`write ${d.trim()}`);
      return true;
    },
    endStdin: () => done.push("end stdin"),
    kill: (signal) => done.push(`kill ${signal}`),
    exited: new Promise((r) => {
      exited = r;
    }),
  };
  return {
    child,
    done,
    exit: (s: ExitStatus) => exited(s),
    say: (t: string) => {
      for (const l of stderr) l(Buffer.from(t));
    },
  };
}

describe("ssh transport", () => {
  it("closing ends ssh's stdin first, signals it only if it lingers, and reports no failure", async () => {
    const f = fakeChild();
    const clock = new FakeClock();
    const t = sshTransport("box", f.child, clock);
    const closes: unknown[] = [];
    t.onClose((failure) => closes.push(failure));
    t.close();
    expect(f.done).toEqual(["end stdin"]);
    clock.advance(CLOSE_GRACE_MS - 1);
    expect(f.done).toEqual(["end stdin"]);
    clock.advance(1);
    expect(f.done).toEqual(["end stdin", "kill SIGTERM"]);
    f.exit(exit(null, "SIGTERM"));
    await new Promise((r) => setTimeout(r, 0));
    expect(closes).toEqual([null]);
  });

  it("ssh ending on its own is reported with the reason from its stderr", async () => {
    const f = fakeChild();
    const t = sshTransport("me@box", f.child, new FakeClock());
    const closes: unknown[] = [];
    t.onClose((failure) => closes.push(failure));
    f.say("ssh: connect to host box port 22: Connection refused\n");
    f.exit(exit(255));
    await new Promise((r) => setTimeout(r, 0));
    expect(closes).toEqual([expect.objectContaining({ code: "host-unreachable" })]);
    expect(t.label).toBe("ssh me@box");
  });
});
