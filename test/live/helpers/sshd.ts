/**
 * A real OpenSSH server for a test, on 127.0.0.1 only: a random high port, host and user keys
 * made per run with ssh-keygen in a temp dir, its own sshd_config (public keys only, this user
 * only), run in the foreground as the test's child and stopped by the test. The "remote box" is
 * this machine: each user key's authorized_keys line gives the login its own environment (an
 * isolated HOME and XDG dirs, and a PATH with or without an `hmux`), so the box's server is not
 * the test's. The client side gets an ssh config naming a Host for each case, used through
 * HMUX_SSH_COMMAND.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

/** Where sshd is, or why this machine cannot run the test's sshd (the reason a case is skipped with). */
export function sshdProblem(): { sshd: string } | { problem: string } {
  const sshd = ["/usr/sbin/sshd", "/usr/bin/sshd", "/sbin/sshd"].find((p) => {
    try {
      accessSync(p, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!sshd) return { problem: "sshd is not installed (Debian: apt-get install openssh-server; .ci/run does it)" };
  if (spawnSync("ssh-keygen", ["-?"], { stdio: "ignore" }).error) return { problem: "ssh-keygen is not installed" };
  if (spawnSync("ssh", ["-V"], { stdio: "ignore" }).error) return { problem: "ssh is not installed" };
  // OpenSSH's privilege separation needs its empty root-owned dir; only root may make it.
  if (!existsSync("/run/sshd")) {
    if (process.getuid?.() !== 0) return { problem: "/run/sshd is missing and only root can create it" };
    mkdirSync("/run/sshd", { mode: 0o755 });
  }
  return { sshd };
}

/** One login on the box: a Host alias in the client's ssh config, and the environment it gets there. */
export interface BoxLogin {
  readonly host: string;
  /** The login's environment on the box; absent: the key is not authorized (a stranger). */
  readonly env?: Readonly<Record<string, string>>;
}

export interface TestSshd {
  readonly port: number;
  readonly dir: string;
  /** HMUX_SSH_COMMAND for the client: ssh with this run's config. */
  readonly sshCommand: string;
  /** A Host whose port has nothing listening (the host is down). */
  readonly downHost: string;
  /** sshd's own log so far, for a failing case's message. */
  log(): string;
  /** Stops sshd (the keys and configs stay, so a client can still try it). */
  stop(): Promise<void>;
  /** Removes the keys and configs. */
  remove(): void;
}

function keygen(path: string): void {
  const made = spawnSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "hmux-test", "-f", path], {
    encoding: "utf8",
  });
  if (made.status !== 0) throw new Error(`ssh-keygen failed: ${made.stderr}`);
}

/** A port nothing listens on now (the kernel's pick, released). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export async function startSshd(sshd: string, logins: readonly BoxLogin[]): Promise<TestSshd> {
  const dir = mkdtempSync(join(tmpdir(), "hmux-sshd-"));
  const user = userInfo().username;
  keygen(join(dir, "host_key"));
  const authorized: string[] = [];
  const config: string[] = [];
  for (const [i, login] of logins.entries()) {
    const key = join(dir, `user_key_${i}`);
    keygen(key);
    const pub = spawnSync("ssh-keygen", ["-y", "-f", key], { encoding: "utf8" }).stdout.trim();
    if (login.env) {
      const env = Object.entries(login.env).map(([k, v]) => `environment="${k}=${v}"`);
      authorized.push(
        `${[...env, "no-pty", "no-port-forwarding", "no-agent-forwarding", "no-X11-forwarding"].join(",")} ${pub}`,
      );
    }
    config.push(`Host ${login.host}`, `  IdentityFile ${key}`);
  }
  writeFileSync(join(dir, "authorized_keys"), `${authorized.join("\n")}\n`, { mode: 0o600 });
  const downPort = await freePort();
  const downHost = "box-down";
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    writeFileSync(
      join(dir, "sshd_config"),
      [
        "ListenAddress 127.0.0.1",
        `Port ${port}`,
        `HostKey ${join(dir, "host_key")}`,
        "PidFile none",
        `AuthorizedKeysFile ${join(dir, "authorized_keys")}`,
        "PubkeyAuthentication yes",
        "PasswordAuthentication no",
        "KbdInteractiveAuthentication no",
        "UsePAM no",
        // The temp dir is the test's, not a home dir sshd would inspect.
        "StrictModes no",
        "PermitRootLogin prohibit-password",
        "PermitUserEnvironment PATH,HOME,LANG,XDG_*",
        `AllowUsers ${user}`,
        "PermitTTY no",
        "AllowTcpForwarding no",
        "X11Forwarding no",
        "LogLevel VERBOSE",
        "",
      ].join("\n"),
    );
    writeFileSync(
      join(dir, "known_hosts"),
      `[127.0.0.1]:${port} ${spawnSync("ssh-keygen", ["-y", "-f", join(dir, "host_key")], { encoding: "utf8" }).stdout.trim()}\n`,
    );
    writeFileSync(
      join(dir, "ssh_config"),
      [
        `Host ${downHost}`,
        `  Port ${downPort}`,
        ...config,
        "Host *",
        "  HostName 127.0.0.1",
        `  Port ${port}`,
        `  User ${user}`,
        "  IdentitiesOnly yes",
        `  UserKnownHostsFile ${join(dir, "known_hosts")}`,
        "  GlobalKnownHostsFile /dev/null",
        "  StrictHostKeyChecking yes",
        "  LogLevel ERROR",
        "",
      ].join("\n"),
    );
    const child = spawn(sshd, ["-D", "-e", "-f", join(dir, "sshd_config")], { stdio: ["ignore", "ignore", "pipe"] });
    let log = "";
    child.stderr?.on("data", (d: Buffer) => {
      log += d.toString("utf8");
    });
    const up = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 10_000);
      const check = () => {
        if (log.includes(`Server listening on 127.0.0.1 port ${port}`)) {
          clearTimeout(timer);
          resolve(true);
        }
      };
      child.stderr?.on("data", check);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (up)
      return {
        port,
        dir,
        sshCommand: `ssh -F ${join(dir, "ssh_config")}`,
        downHost,
        log: () => log,
        stop: () => stopChild(child),
        remove: () => rmSync(dir, { recursive: true, force: true }),
      };
    await stopChild(child);
    // Another process took the port between the pick and sshd's bind: pick again.
    if (attempt >= 3) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`sshd did not start:\n${log}`);
    }
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
