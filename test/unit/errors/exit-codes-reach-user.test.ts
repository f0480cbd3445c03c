/**
 * A refusal raised anywhere — the core, a workspace, the server (across the wire), the CLI —
 * reaches the user through the CLI's one handler with the exit code the table gives its code.
 */
import { describe, expect, it } from "vitest";
import { exitCodeFor, reportError, UsageError } from "../../../src/cli/errors.js";
import type { Output } from "../../../src/cli/render/output.js";
import { parseConfigOrThrow } from "../../../src/core/config/parse.js";
import { meaningOf } from "../../../src/core/error-codes.js";
import { parseNativeKind } from "../../../src/native/launch.js";
import { ServerError } from "../../../src/server/errors.js";
import { launchError } from "../../../src/server/ops/launch-error.js";
import { checkWorkspaceName } from "../../../src/workspace/paths.js";
import { removalRefusal } from "../../../src/workspace/remove.js";
import type { WorkspaceStatus } from "../../../src/workspace/status.js";

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected a throw");
}

function reported(err: unknown): { exit: number; stderr: string } {
  let stderr = "";
  const output = {
    out: () => true,
    err: (text: string) => {
      stderr += text;
    },
    broken: false,
    needsDrain: false,
  } as unknown as Output;
  reportError(err, output, [], []);
  return { exit: exitCodeFor(err), stderr };
}

/** A workspace with uncommitted changes and nothing else, as status() would report it. */
const DIRTY = {
  entry: { name: "fix-login" },
  present: true,
  branch: "hmux/fix-login",
  ahead: 0,
  behind: 0,
  dirty: [" M src/a.ts"],
  unmerged: [],
  live: [],
  diskBytes: 0,
} as unknown as WorkspaceStatus;

describe("a refusal reaches the user with its table exit code", () => {
  it("from the core (a malformed config file)", () => {
    const err = thrown(() => parseConfigOrThrow("{", "/home/u/.config/hmux/config.json", []));
    const { exit, stderr } = reported(err);
    expect(exit).toBe(meaningOf("invalid-config").exitCode);
    expect(stderr).toContain("hint: fix /home/u/.config/hmux/config.json, or move it aside");
  });

  it("from a workspace (a bad name exits 2, a removal that would lose changes exits 3)", () => {
    expect(reported(thrown(() => checkWorkspaceName("../x"))).exit).toBe(meaningOf("invalid-workspace-name").exitCode);
    const refusal = removalRefusal(DIRTY, {});
    const { exit, stderr } = reported(refusal);
    expect(exit).toBe(meaningOf("workspace-uncommitted-changes").exitCode);
    expect(exit).toBe(3);
    expect(stderr).toContain("uncommitted change");
  });

  it("from the server, after the wire: the refusal's own code survives the launch-refused it travels as", () => {
    const onServer = launchError(removalRefusal(DIRTY, {}));
    const body = JSON.parse(JSON.stringify(onServer.toBody()));
    expect(body.code).toBe("launch-refused");
    const atClient = ServerError.from(body);
    expect(reported(atClient).exit).toBe(meaningOf("workspace-uncommitted-changes").exitCode);
    expect(reported(ServerError.from({ code: "no-such-session", message: "no session x" })).exit).toBe(
      meaningOf("no-such-session").exitCode,
    );
  });

  it("from the CLI (a native pane it does not offer, a bad flag combination)", () => {
    const native = reported(thrown(() => parseNativeKind("emacs", ["shell"])));
    expect(native.exit).toBe(meaningOf("no-native-pane").exitCode);
    expect(native.stderr).toBe('hmux: no native pane for "emacs"\n  hint: one of: shell\n');
    expect(reported(new UsageError("--a and --b both name one thing", "pass one")).exit).toBe(
      meaningOf("usage").exitCode,
    );
  });
});
