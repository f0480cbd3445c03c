/**
 * One launch pipeline for the server and the TUI: a session the server opens for a request has
 * the same resolved settings, tier by tier, as a pane this machine opens for the same request
 * with the same config tiers (user config, a trusted project config) and the same cwd.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import type { CliContext } from "../../../src/cli/context.js";
import { serverLauncher } from "../../../src/cli/server-launcher.js";
import { createAppContext } from "../../../src/main/context.js";
import { PaneLauncher } from "../../../src/main/pane-launcher.js";
import { memoryOutput } from "../../helpers/hmux-in-process.js";
import { GitFixture } from "../workspace/git-fixture.js";

const MUSE = join(import.meta.dirname, "..", "decode", "hcn-fixtures", "harnesses", "muse.ndjson");

let fx: GitFixture | undefined;
const stateBefore = process.env.XDG_STATE_HOME;
afterEach(() => {
  if (stateBefore === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = stateBefore;
  fx?.cleanup();
});

describe("a server pane's settings", () => {
  it("equal a local launch's of the same request: same values, same tiers, same divergences", async () => {
    fx = new GitFixture();
    process.env.XDG_STATE_HOME = fx.env.XDG_STATE_HOME;
    const bin = join(fx.root, "fake-muse.mjs");
    writeFileSync(
      bin,
      `#!${process.execPath}\nprocess.stdout.write(require("node:fs").readFileSync(${JSON.stringify(MUSE)}));\n`,
      { mode: 0o755 },
    );
    mkdirSync(join(fx.env.XDG_CONFIG_HOME!, "hmux"), { recursive: true });
    writeFileSync(join(fx.env.XDG_CONFIG_HOME!, "hmux", "config.json"), JSON.stringify({ version: 1, memory: true }));
    mkdirSync(join(fx.repo, ".hmux"), { recursive: true });
    writeFileSync(join(fx.repo, ".hmux", "config.json"), JSON.stringify({ version: 1, autonomy: false }));
    const app = createAppContext({ env: { ...fx.env, HMUX_PI_BIN: bin } });
    const context: CliContext = { ...app, output: memoryOutput(), input: Readable.from([]) };
    const request = { harness: "pi", model: "scripted-1", effort: "high", cwd: fx.repo };
    const server = await serverLauncher(context)({
      harness: request.harness,
      cwd: request.cwd,
      options: { model: request.model, effort: request.effort, worktree: false },
    });
    const local = await new PaneLauncher({
      env: app.env,
      defaultCwd: fx.repo,
      registry: app.registry,
      ports: app.launch,
      session: app.session,
    }).launch({ ...request, worktree: false });
    try {
      expect(server.settings?.length).toBeGreaterThan(0);
      expect(server.settings?.find((s) => s.key === "model")).toMatchObject({ value: "scripted-1", tier: "arg" });
      // Every tier is in play: the request's, the project's, the user's, the profile's, a divergence.
      expect(server.settings?.find((s) => s.key === "autonomy")).toMatchObject({
        value: false,
        tier: "project-config",
      });
      expect(server.settings?.find((s) => s.key === "memory")).toMatchObject({ value: true, tier: "user-config" });
      expect(server.settings?.some((s) => s.divergence !== undefined)).toBe(true);
      expect(server.settings).toEqual(local.info.settings);
    } finally {
      await server.handle.abort("killed");
      await local.close();
    }
  });
});
