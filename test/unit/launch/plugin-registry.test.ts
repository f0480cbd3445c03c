/**
 * loadRegistry's plugins: a harness module a config registers joins the built-ins, and one that
 * fails to load, throws, is malformed or takes a name in use is refused alone, with its file and why.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HarnessPluginError } from "../../../src/adapters/plugin-module.js";
import { registryWith } from "../../../src/adapters/registry.js";
import type { ConfiguredHarness, HarnessSources } from "../../../src/core/config/harness-sources.js";
import { loadRegistry, registryFrom } from "../../../src/main/load-registry.js";
import { MIMIC_PLUGIN } from "../../support/fake-harness/adapter.js";
import { Sandbox } from "../cli/cli-harness.js";

const box = mkdtempSync(join(tmpdir(), "hmux-plugin-registry-"));
afterAll(() => rmSync(box, { recursive: true, force: true }));
const BUILTIN = registryWith().names;

/** A plugin file in the box; `body` is its whole text. */
function plugin(file: string, body: string): string {
  const path = join(box, file);
  writeFileSync(path, body);
  return path;
}

const only = (...configured: ConfiguredHarness[]): HarnessSources => ({ configured, skipped: [] });
const entry = (name: string, module: string): ConfiguredHarness => ({
  kind: "module",
  name,
  module,
  configPath: "/c/config.json",
});

function refusalOf(error: HarnessPluginError) {
  return { harness: error.harness, file: error.file, reason: error.reason };
}

describe("a harness module registered in config", () => {
  it("joins the built-ins under its name, built from the plugin API", async () => {
    const registry = await registryFrom(only(entry("mimic", MIMIC_PLUGIN)));
    expect(registry.names).toEqual([...BUILTIN, "mimic"]);
    expect(registry.require("mimic").descriptor.displayName).toMatch(/Mimic/);
    expect(registry.refused).toEqual([]);
  });

  it("each kind of bad module is refused alone, naming its file and why; the built-ins and the good one stay", async () => {
    const missing = join(box, "absent.mjs");
    const notFactory = plugin("not-factory.mjs", "export default 42;\n");
    const throws = plugin("throws.mjs", 'export default () => { throw new Error("no binary here"); };\n');
    const malformed = plugin(
      "malformed.mjs",
      'export default () => ({ name: "halfway", descriptor: {}, pinned: {}, binary: {}, credentialEnv: [], matchers: {}, createDecoder() {}, session: null, native: null, channels: [] });\n',
    );
    const misnamed = plugin(
      "misnamed.mjs",
      'export default (api) => ({ name: "other", descriptor: {}, pinned: {}, binary: {}, credentialEnv: [], matchers: {}, createDecoder() {}, plan() {}, session: null, native: null, channels: [] });\n',
    );
    const badFacts = plugin(
      "bad-facts.mjs",
      'export default () => ({ name: "facts", descriptor: { name: "facts" }, pinned: {}, binary: {}, credentialEnv: [], matchers: {}, createDecoder() {}, plan() {}, session: null, native: null, channels: [{}] });\n',
    );
    const registry = await registryFrom(
      only(
        entry("absent", missing),
        entry("notfactory", notFactory),
        entry("throws", throws),
        entry("halfway", malformed),
        entry("misnamed", misnamed),
        entry("facts", badFacts),
        entry("mimic", MIMIC_PLUGIN),
      ),
    );
    expect(registry.names).toEqual([...BUILTIN, "mimic"]);
    expect(registry.refused.every((r) => r instanceof HarnessPluginError)).toBe(true);
    expect(registry.refused.map(refusalOf)).toEqual([
      { harness: "absent", file: missing, reason: expect.stringMatching(/^it failed to load: /) },
      { harness: "notfactory", file: notFactory, reason: expect.stringMatching(/default export is not a function/) },
      { harness: "throws", file: throws, reason: "its factory threw: no binary here" },
      { harness: "halfway", file: malformed, reason: expect.stringMatching(/not a harness module: .*plan\b/) },
      { harness: "misnamed", file: misnamed, reason: expect.stringMatching(/named "other".*registers it as misnamed/) },
      { harness: "facts", file: badFacts, reason: expect.stringMatching(/^harness facts: /) },
    ]);
  });

  it("a built-in name is refused without importing the module", async () => {
    const imported: string[] = [];
    const registry = await registryFrom(only(entry(BUILTIN[0]!, "/never/loaded.mjs")), async (file) => {
      imported.push(file);
      return {};
    });
    expect(imported).toEqual([]);
    expect(registry.names).toEqual(BUILTIN);
    expect(registry.refused.map(refusalOf)).toEqual([
      { harness: BUILTIN[0], file: "/never/loaded.mjs", reason: expect.stringMatching(/is a built-in harness/) },
    ]);
  });

  it("a config the loader could not read is listed among the refusals, with its reason", async () => {
    const registry = await registryFrom({
      configured: [],
      skipped: [{ name: "gamma", configPath: "/repo/.hmux/config.json", reason: "the project /repo is not trusted" }],
    });
    expect(registry.names).toEqual(BUILTIN);
    expect(registry.refused.map((r) => r.message)).toEqual([
      "harness gamma (/repo/.hmux/config.json) not registered: the project /repo is not trusted",
    ]);
  });

  it("loadRegistry reads the user config file under HOME/XDG and loads what it names", async () => {
    const xdg = join(box, "xdg");
    mkdirSync(join(xdg, "hmux"), { recursive: true });
    writeFileSync(
      join(xdg, "hmux", "config.json"),
      JSON.stringify({ version: 1, harnesses: { mimic: { module: MIMIC_PLUGIN } } }),
    );
    const registry = await loadRegistry(box, { XDG_CONFIG_HOME: xdg, HOME: join(box, "home") });
    expect(registry.names).toEqual([...BUILTIN, "mimic"]);
  });
});

describe("the compiled hmux reads the harnesses key at its root", () => {
  const sandbox = new Sandbox();
  afterAll(() => sandbox.cleanup());

  it("a module named in the user config runs in hmux run, and hmux harnesses lists it and the one it refused", async () => {
    const broken = sandbox.file("broken-plugin.mjs", "export default {};\n");
    const dir = join(sandbox.env.XDG_CONFIG_HOME!, "hmux");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "config.json"),
      JSON.stringify({ version: 1, harnesses: { mimic: { module: MIMIC_PLUGIN }, broken: { module: broken } } }),
    );
    const run = await sandbox.run(["run", "mimic", "hello", "--json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.lines).toContainEqual(expect.objectContaining({ kind: "message", text: "mimic heard: hello" }));
    const listed = await sandbox.run(["harnesses", "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = listed.lines as { harness: string; status: string }[];
    expect(rows.map((r) => r.harness)).toEqual([...BUILTIN, "mimic", "broken"]);
    expect(rows.at(-1)).toEqual({
      harness: "broken",
      status: "refused",
      file: broken,
      reason: expect.stringMatching(/default export is not a function/),
    });
  }, 60_000);
});
