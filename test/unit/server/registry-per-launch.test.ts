/**
 * The registry a launch runs with is the one in force in the launch's folder, as its config files
 * are now: a harness a trusted project registers is known to a launch there wherever hmux was
 * started (the server runs at /), and one the user config gains or loses after the server started
 * is known, or unknown, to the next plan and create without a restart.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MIMIC_PLUGIN } from "../../support/fake-harness/adapter.js";
import { box as makeBox, serverAtRoot as startServer } from "./config-registry-fixture.js";
import type { Cleanups } from "./serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const box = () => makeBox(cleanups);
const serverAtRoot = (env: Record<string, string>) => startServer(env, cleanups);

describe("a launch runs with the registry of its own folder", () => {
  it("a harness a trusted project registers is planned and opened there by a server started at /", async () => {
    const b = box();
    b.userConfig({ trustedProjects: [b.project] });
    const server = await serverAtRoot(b.env);
    expect(await server.plan("mimic", b.project)).toMatchObject({ ok: true, harness: "mimic", cwd: b.project });
    const created = await server.create("mimic", b.project);
    expect(created.session).toMatchObject({ harness: "mimic" });
    // Elsewhere the project's harness is not in force.
    expect(await server.plan("mimic", b.elsewhere)).toMatchObject({
      ok: false,
      refusals: [{ issue: "unknown-harness" }],
    });
  }, 30_000);

  it("an untrusted project's harness stays unknown there", async () => {
    const b = box();
    b.userConfig({});
    const server = await serverAtRoot(b.env);
    expect(await server.plan("mimic", b.project)).toMatchObject({
      ok: false,
      refusals: [{ issue: "unknown-harness" }],
    });
  });
});

describe("a running server reads the user config's harnesses again when the file changes", () => {
  it("a harness added after the server started is known to the next plan and create; one removed is not", async () => {
    const b = box();
    const t0 = Math.floor(Date.now() / 1000);
    b.userConfig({}, t0);
    const server = await serverAtRoot(b.env);
    expect(await server.plan("mimic", b.elsewhere)).toMatchObject({
      ok: false,
      refusals: [{ issue: "unknown-harness" }],
    });
    b.userConfig({ harnesses: { mimic: { module: MIMIC_PLUGIN } } }, t0 + 1);
    expect(await server.plan("mimic", b.elsewhere)).toMatchObject({ ok: true, harness: "mimic" });
    expect((await server.create("mimic", b.elsewhere)).session).toMatchObject({ harness: "mimic" });
    b.userConfig({}, t0 + 2);
    expect(await server.plan("mimic", b.elsewhere)).toMatchObject({
      ok: false,
      refusals: [{ issue: "unknown-harness" }],
    });
    await expect(server.create("mimic", b.elsewhere)).rejects.toMatchObject({ code: expect.any(String) });
  }, 30_000);
});
