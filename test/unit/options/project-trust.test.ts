import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { narrowProjectConfig } from "../../../src/core/options/project-trust.js";
import { renderResolution, renderUntrustedLine } from "../../../src/core/options/render-provenance.js";
import { type ResolveTurnOptionsInput, resolveTurnOptions } from "../../../src/core/options/resolve.js";
import { config, EXPRESSES_ALL, TRUSTED, UNTRUSTED } from "./helpers.js";

const resolve = (partial: Partial<ResolveTurnOptionsInput>) =>
  resolveTurnOptions({
    harness: "codex",
    expresses: EXPRESSES_ALL,
    mode: "launch",
    args: {},
    harnessSettings: builtinRegistry.get(partial.harness ?? "codex").options,
    ...partial,
  });
const codex = (section: Record<string, unknown>) => ({ harnessOptions: { codex: section } });
const muse = (section: Record<string, unknown>) => ({ harnessOptions: { muse: section } });
const own = (r: { options: { harnessOptions?: object } }, harness: string) =>
  (r.options.harnessOptions as Record<string, Record<string, unknown>> | undefined)?.[harness] ?? {};
const keysOf = (r: { untrusted: readonly { key: string }[] }) => r.untrusted.map((u) => u.key);

describe("an untrusted project config only narrows", () => {
  it("project autonomy true is ignored and reported; trusted, it applies", () => {
    const project = config({ autonomy: true });
    const untrusted = resolve({ project, projectTrust: UNTRUSTED });
    expect(untrusted.options.autonomy).toBe(false);
    expect(untrusted.provenance.find((p) => p.key === "autonomy")?.tier).toBe("profile");
    expect(keysOf(untrusted)).toEqual(["autonomy"]);
    const trusted = resolve({ project, projectTrust: TRUSTED });
    expect(trusted.options.autonomy).toBe(true);
    expect(trusted.untrusted).toEqual([]);
  });

  it("a caller that passes no trust gets the untrusted behaviour (fail closed)", () => {
    const r = resolve({ harness: "muse", project: config({ autonomy: true, ...muse({ write: true }) }) });
    expect(r.options.autonomy).toBe(false);
    expect(own(r, "muse").write).toBeUndefined();
    expect(renderUntrustedLine(r.untrusted[0]!)).toBe(
      'untrusted: project config "autonomy" ignored; trust it in your user config ("trustedProjects")',
    );
  });

  it("the untrusted line names the key, the user config path and the entry to add", () => {
    const r = resolve({ project: config({ autonomy: true }), projectTrust: UNTRUSTED });
    expect(renderResolution(r).at(-1)).toBe(
      'untrusted: project config "autonomy" ignored; trust it in /home/u/.config/hmux/config.json ("trustedProjects": ["/repo"])',
    );
  });

  it("autonomy the user config already grants is not a loosening, so it is not reported", () => {
    const r = resolve({
      user: config({ autonomy: true }),
      project: config({ autonomy: true }),
      projectTrust: UNTRUSTED,
    });
    expect(r.options.autonomy).toBe(true);
    expect(r.untrusted).toEqual([]);
  });

  it("muse's write and shell turned on by the project are ignored; turned off they apply", () => {
    const on = resolve({
      harness: "muse",
      project: config(muse({ write: true, shell: true })),
      projectTrust: UNTRUSTED,
    });
    expect(keysOf(on)).toEqual(["harnessOptions.muse.write", "harnessOptions.muse.shell"]);
    expect(own(on, "muse").write).toBeUndefined();
    const off = resolve({
      harness: "muse",
      user: config(muse({ shell: true })),
      project: config(muse({ write: false, shell: false })),
      projectTrust: UNTRUSTED,
    });
    expect([own(off, "muse").write, own(off, "muse").shell, off.untrusted.length]).toEqual([false, false, 0]);
  });

  it("a codex sandbox wider than the user's (or the profile's) is ignored; a narrower one applies", () => {
    const wider = resolve({ project: config(codex({ sandbox: "danger-full-access" })), projectTrust: UNTRUSTED });
    expect(own(wider, "codex").sandbox).toBe("workspace-write");
    expect(keysOf(wider)).toEqual(["harnessOptions.codex.sandbox"]);
    expect(renderUntrustedLine(wider.untrusted[0]!)).toMatch(/project config "harnessOptions.codex.sandbox" ignored/);
    const widerThanUser = resolve({
      user: config(codex({ sandbox: "read-only" })),
      project: config(codex({ sandbox: "workspace-write" })),
      projectTrust: UNTRUSTED,
    });
    expect(own(widerThanUser, "codex").sandbox).toBe("read-only");
    const narrower = resolve({
      user: config(codex({ sandbox: "danger-full-access" })),
      project: config(codex({ sandbox: "read-only" })),
      projectTrust: UNTRUSTED,
    });
    expect(own(narrower, "codex").sandbox).toBe("read-only");
    expect(narrower.provenance.find((p) => p.key === "codex.sandbox")?.tier).toBe("project-config");
    expect(narrower.untrusted).toEqual([]);
  });

  it("a setting without a looseness ladder (codex's context window) passes from an untrusted project", () => {
    const r = resolve({ project: config(codex({ contextWindow: 1000 })), projectTrust: UNTRUSTED });
    expect(own(r, "codex").contextWindow).toBe(1000);
    expect(r.untrusted).toEqual([]);
  });

  it("access read from the project applies; access write over the user's read is ignored", () => {
    expect(
      resolve({ project: config({ access: "read" }), projectTrust: UNTRUSTED, harness: "claude" }).options.access,
    ).toBe("read");
    const r = resolve({
      user: config({ access: "read" }),
      project: config({ access: "write" }),
      projectTrust: UNTRUSTED,
      harness: "claude",
    });
    expect(r.options.access).toBe("read");
    expect(keysOf(r)).toEqual(["access"]);
  });

  it("a discovery facet the user turned off stays off; the project may turn facets off", () => {
    const user = config({ discovery: { extensions: false } });
    const project = config({ discovery: { extensions: true, skills: false } });
    const r = resolve({ user, project, projectTrust: UNTRUSTED });
    expect(r.options.discovery).toMatchObject({ extensions: false, skills: false });
    expect(keysOf(r)).toEqual(["discovery.extensions"]);
  });

  it("isolation the user asked for cannot be switched off by the project", () => {
    const r = resolve({
      user: config({ isolate: true }),
      project: config({ isolate: false }),
      projectTrust: UNTRUSTED,
    });
    expect(r.options.isolate).toBe(true);
    expect(keysOf(r)).toEqual(["isolate"]);
  });

  it("the project cannot move the model endpoint (prompts and credentials go there)", () => {
    const r = resolve({
      user: config({ endpoint: "http://127.0.0.1:1/v1" }),
      project: config({ endpoint: "http://127.0.0.1:2/v1" }),
      projectTrust: UNTRUSTED,
    });
    expect(r.options.endpoint).toBe("http://127.0.0.1:1/v1");
    expect(keysOf(r)).toEqual(["endpoint"]);
  });

  it("the project's default grant cannot bring back tools the user's grant leaves out or excludes", () => {
    const r = resolve({
      user: config({ tools: ["read", "grep", "shell"] }),
      project: config({ tools: ["read", "write"] }),
      projectTrust: UNTRUSTED,
    });
    expect(r.options.tools).toEqual(["read"]);
    expect(renderUntrustedLine(r.untrusted[0]!)).toContain('project config "tools" entries ["write"] ignored');
    const excluded = resolve({
      user: config({ excludeTools: ["shell"] }),
      project: config({ tools: ["read", "shell"] }),
      projectTrust: UNTRUSTED,
    });
    expect(excluded.options.tools).toEqual(["read"]);
  });

  it("the project floor still bounds an explicit grant, as written in the project file", () => {
    const user = config({ tools: ["read"] });
    const project = config({ tools: ["read", "shell"] });
    expect(resolve({ args: { tools: ["shell"] }, user, project, projectTrust: UNTRUSTED }).options.tools).toEqual([
      "shell",
    ]);
    expect(() => resolve({ args: { tools: ["write"] }, user, project, projectTrust: UNTRUSTED })).toThrow(
      /exceeds the project floor/,
    );
  });

  it("project exclusions add to the user's instead of replacing them", () => {
    const r = resolve({
      user: config({ excludeTools: ["shell"] }),
      project: config({ excludeTools: ["web-fetch"] }),
      projectTrust: UNTRUSTED,
    });
    expect(r.options.excludeTools).toEqual(["web-fetch", "shell"]);
    expect(r.untrusted).toEqual([]);
  });

  it("a project toolMap is ignored (it decides what a canonical name really grants)", () => {
    const r = resolveTurnOptions({
      harness: "claude",
      expresses: ["tools"],
      mode: "launch",
      args: {},
      projectTrust: UNTRUSTED,
      user: config({ toolMap: { claude: { list: "LS" } } }),
      project: config({ toolMap: { claude: { read: "Bash", list: "LS" }, pi: { read: "x" } } }),
    });
    expect(r.options.toolMap).toEqual({ claude: { list: "LS" } });
    expect(keysOf(r)).toEqual(["toolMap.claude.read"]);
  });

  it("a project toolset may add a name but not redefine the user's, and only a named one is reported", () => {
    const user = config({ toolsets: { review: ["read"] } });
    const project = config({ toolsets: { review: ["read", "shell"], extra: ["grep"] } });
    const r = resolve({ args: { tools: ["review", "extra"] }, user, project, projectTrust: UNTRUSTED });
    expect(r.options.tools).toEqual(["read", "grep"]);
    expect(keysOf(r)).toEqual(["toolsets.review"]);
    expect(resolve({ args: { tools: ["extra"] }, user, project, projectTrust: UNTRUSTED }).untrusted).toEqual([]);
  });

  it("a setting an arg overrides, or a resume never reads, is not reported", () => {
    const project = config({ autonomy: true, ...codex({ sandbox: "danger-full-access" }) });
    expect(
      resolve({ args: { autonomy: false }, project, projectTrust: UNTRUSTED }).untrusted.map((u) => u.key),
    ).toEqual(["harnessOptions.codex.sandbox"]);
    const typed = { autonomy: false, ...codex({ sandbox: "read-only" }) };
    expect(resolve({ args: typed, project, projectTrust: UNTRUSTED }).untrusted).toEqual([]);
    expect(resolve({ mode: "resume", project, projectTrust: UNTRUSTED }).untrusted).toEqual([]);
    // Another harness's section is that harness's business, reported only when it runs.
    expect(resolve({ harness: "claude", project, projectTrust: UNTRUSTED, args: typed }).untrusted).toEqual([]);
  });

  it("trustedProjects in a project file is always ignored: a repository cannot trust itself", () => {
    const project = config({ trustedProjects: ["/repo"], autonomy: true });
    for (const projectTrust of [TRUSTED, UNTRUSTED]) {
      const r = resolve({ project, projectTrust });
      expect(r.untrusted.map(renderUntrustedLine)).toContain(
        'untrusted: project config "trustedProjects" ignored; only the user config can trust a project',
      );
    }
    expect(resolve({ project, projectTrust: UNTRUSTED }).options.autonomy).toBe(false);
  });

  it("narrowing leaves the project config object untouched", () => {
    const project = config({ autonomy: true, policy: { allowCommands: ["ls"] }, tools: ["read", "shell"] });
    const before = structuredClone(project);
    narrowProjectConfig(project, config({ tools: ["read"] }), UNTRUSTED);
    expect(project).toEqual(before);
  });
});
