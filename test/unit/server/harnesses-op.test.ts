/**
 * The `harnesses` op answers what a launch at a folder can use as the server's registry there is
 * now: a harness the user config registers after the server started is listed (with its kind,
 * whether its binary is found and its own settings), and one the config drops is not, with no restart.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MIMIC_PLUGIN } from "../../support/fake-harness/adapter.js";
import { box, serverAtRoot } from "./config-registry-fixture.js";
import type { Cleanups } from "./serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("the harnesses op lists the server's registry at the folder asked", () => {
  it("a harness the user config gains appears with its settings, and goes when the config drops it", async () => {
    const b = box(cleanups);
    const t0 = Math.floor(Date.now() / 1000);
    b.userConfig({}, t0);
    const server = await serverAtRoot(b.env, cleanups);
    const before = await server.harnesses(b.elsewhere);
    expect(before.harnesses.map((h) => h.name)).not.toContain("mimic");
    // Built-ins are there, each session harness before the native kinds, a shell last and installed.
    expect(before.harnesses).toContainEqual(expect.objectContaining({ name: "claude", kind: "session" }));
    expect(before.harnesses.at(-1)).toEqual({ name: "shell", kind: "native", installed: true, fields: [] });
    expect(before.first).toBe("claude");

    b.userConfig({ harnesses: { mimic: { module: MIMIC_PLUGIN } } }, t0 + 1);
    const added = await server.harnesses(b.elsewhere);
    const mimic = added.harnesses.find((h) => h.name === "mimic" && h.kind === "session");
    // mimic's binary is a script the plugin names, and its one setting is the greeting.
    expect(mimic).toMatchObject({ installed: true, fields: [expect.objectContaining({ key: "greeting" })] });
    expect(added.harnesses).toContainEqual(expect.objectContaining({ name: "mimic", kind: "native" }));

    b.userConfig({}, t0 + 2);
    expect((await server.harnesses(b.elsewhere)).harnesses.map((h) => h.name)).not.toContain("mimic");
  }, 30_000);

  it("a trusted project's harness is listed in its folder only", async () => {
    const b = box(cleanups);
    b.userConfig({ trustedProjects: [b.project] });
    const server = await serverAtRoot(b.env, cleanups);
    expect((await server.harnesses(b.project)).harnesses.map((h) => h.name)).toContain("mimic");
    expect((await server.harnesses(b.elsewhere)).harnesses.map((h) => h.name)).not.toContain("mimic");
  }, 30_000);
});
