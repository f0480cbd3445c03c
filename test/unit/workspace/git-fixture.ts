/** A real git repository in a temp folder, with HOME and XDG state of its own, and workspace ports on real git. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Config } from "../../../src/core/config/schema.js";
import { UNKNOWN_TRUST } from "../../../src/core/config/trust.js";
import { systemBlockingClock, systemClock } from "../../../src/main/system-clock.js";
import { createGitRunner } from "../../../src/spawn/git-runner.js";
import { createPipeSpawner } from "../../../src/spawn/pipes.js";
import type { WorkspacePorts, WorktreeRequest } from "../../../src/workspace/lease.js";
import { WorkspaceRegistry } from "../../../src/workspace/registry.js";

export class GitFixture {
  readonly root = mkdtempSync(join(tmpdir(), "hmux-ws-test-"));
  readonly repo = join(this.root, "repo");
  readonly env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: join(this.root, "home"),
    XDG_STATE_HOME: join(this.root, "state"),
    XDG_CONFIG_HOME: join(this.root, "config"),
    // Its own runtime dir, so no command a test runs reaches an hmux server of this machine.
    XDG_RUNTIME_DIR: join(this.root, "run"),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@example.invalid",
    GIT_COMMITTER_NAME: "t",
    GIT_COMMITTER_EMAIL: "t@example.invalid",
  };
  /** pids the test says are alive (besides none): stands in for a running hmux. */
  readonly livePids = new Set<number>();
  /** Each request is a new session unless the test names one. */
  private sessions = 0;

  constructor() {
    mkdirSync(this.env.HOME!, { recursive: true });
    mkdirSync(this.repo);
    this.git(this.repo, "init", "-q", "-b", "main");
    this.write("README.md", "hello\n");
    this.commit("first");
  }

  git(cwd: string, ...args: string[]): string {
    return execFileSync("git", args, { cwd, env: this.env, encoding: "utf8" });
  }

  write(rel: string, text: string, at = this.repo): string {
    const path = join(at, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    return path;
  }

  commit(message: string, at = this.repo): void {
    this.git(at, "add", "-A");
    this.git(at, "commit", "-q", "-m", message);
  }

  ports(pid = 4242): WorkspacePorts {
    return {
      git: createGitRunner({ env: this.env }),
      spawner: () => createPipeSpawner(),
      clock: systemClock,
      env: this.env,
      pid,
      registry: () => new WorkspaceRegistry(this.env, systemBlockingClock),
      alive: (p) => this.livePids.has(p),
    };
  }

  request(over: Partial<WorktreeRequest> & { readonly user?: Config } = {}): WorktreeRequest {
    const { user, ...rest } = over;
    return {
      cwd: this.repo,
      flag: true,
      harness: "claude",
      sessionId: `session-${++this.sessions}`,
      configs: { ...(user ? { user } : {}), projectTrust: UNKNOWN_TRUST },
      ...rest,
    };
  }

  cleanup(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
