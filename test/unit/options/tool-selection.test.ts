import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { type ResolveTurnOptionsInput, resolveTurnOptions } from "../../../src/core/options/resolve.js";
import { RefusalError } from "../../../src/core/refusal.js";
import { DESCRIPTORS } from "../../helpers/builtin-harnesses.js";
import { config, EXPRESSES_ALL, TRUSTED } from "./helpers.js";

function resolve(partial: Partial<ResolveTurnOptionsInput>) {
  return resolveTurnOptions({ harness: "claude", expresses: EXPRESSES_ALL, mode: "launch", args: {}, ...partial });
}
function refusalOf(partial: Partial<ResolveTurnOptionsInput>): RefusalError {
  try {
    resolve(partial);
  } catch (err) {
    if (err instanceof RefusalError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

const floorProject = config({ tools: ["read", "grep", "glob", "list"], toolsets: { review: ["read", "grep"] } });

describe("project tools: default grant and floor", () => {
  it("with no --tools the floor is the grant, at the project tier", () => {
    const r = resolve({ project: floorProject });
    expect(r.options.tools).toEqual(["read", "grep", "glob", "list"]);
    expect(r.provenance.find((p) => p.key === "tools")?.tier).toBe("project-config");
  });

  it("a grant inside the floor is kept as given", () => {
    expect(resolve({ args: { tools: ["grep", "read"] }, project: floorProject }).options.tools).toEqual([
      "grep",
      "read",
    ]);
  });

  it("a grant exceeding the floor refuses with invalid-tool-grant naming both sets, never clamping", () => {
    const err = refusalOf({ args: { tools: ["read", "shell", "write"] }, project: floorProject });
    expect(err.issue).toBe("invalid-tool-grant");
    expect(err.option).toBe("tools");
    expect(err.message).toContain("read,shell,write");
    expect(err.message).toContain("read,grep,glob,list");
    expect(err.message).toContain("shell,write not allowed");
    expect(err.supported).toEqual(["read", "grep", "glob", "list"]);
  });

  it("an empty floor refuses every non-empty grant", () => {
    const err = refusalOf({ args: { tools: ["read"] }, project: config({ tools: [] }) });
    expect(err.issue).toBe("invalid-tool-grant");
    expect(err.message).toContain("an empty floor refuses every grant");
    expect(resolve({ project: config({ tools: [] }) }).options.tools).toEqual([]);
  });

  it("a user-config tools list is not a floor", () => {
    expect(resolve({ args: { tools: ["shell"] }, user: config({ tools: ["read"] }) }).options.tools).toEqual(["shell"]);
  });

  it("the floor holds on resume too: a grant beyond it refuses", () => {
    expect(refusalOf({ mode: "resume", args: { tools: ["shell"] }, project: floorProject }).issue).toBe(
      "invalid-tool-grant",
    );
  });

  it("a resumed turn without --tools still gets the floor as its grant, never every tool", () => {
    const r = resolve({ mode: "resume", project: floorProject });
    expect(r.options.tools).toEqual(["read", "grep", "glob", "list"]);
    expect(r.provenance.find((p) => p.key === "tools")?.tier).toBe("project-config");
  });

  it("on resume --access cannot escape the floor either", () => {
    expect(refusalOf({ mode: "resume", args: { access: "write" }, project: floorProject }).issue).toBe(
      "mutually-exclusive-options",
    );
  });

  it("a user-config tools list is not applied on resume", () => {
    expect(resolve({ mode: "resume", user: config({ tools: ["read"] }) }).options.tools).toBeUndefined();
  });

  it("a native:<name> grant must itself be in the floor", () => {
    expect(refusalOf({ args: { tools: ["native:web_search"] }, project: floorProject }).message).toContain(
      "native:web_search",
    );
  });
});

describe("toolsets", () => {
  it("a bare --tools name matching a toolset expands to its members", () => {
    expect(
      resolve({ args: { tools: ["review", "glob"] }, user: config({ toolsets: { review: ["read", "grep"] } }) }).options
        .tools,
    ).toEqual(["read", "grep", "glob"]);
  });

  it("a trusted project's toolset replaces a user toolset of the same name", () => {
    const user = config({ toolsets: { review: ["read", "web-fetch"], web: ["web-fetch"] } });
    const project = config({ toolsets: { review: ["read", "grep"] } });
    expect(resolve({ args: { tools: ["review", "web"] }, user, project, projectTrust: TRUSTED }).options.tools).toEqual(
      ["read", "grep", "web-fetch"],
    );
  });

  it("expansion happens before the floor check: a toolset within the floor passes, one beyond it refuses", () => {
    expect(resolve({ args: { tools: ["review"] }, project: floorProject }).options.tools).toEqual(["read", "grep"]);
    const user = config({ toolsets: { risky: ["read", "shell"] } });
    const err = refusalOf({ args: { tools: ["risky"] }, user, project: config({ tools: ["read"] }) });
    expect(err.issue).toBe("invalid-tool-grant");
    expect(err.message).toContain("read,shell exceeds");
  });

  it("an unknown bare name refuses with unknown-tool-name listing canonical names and toolsets", () => {
    const err = refusalOf({ args: { tools: ["Bash"] }, user: config({ toolsets: { review: ["read"] } }) });
    expect(err.issue).toBe("unknown-tool-name");
    expect(err.supported).toContain("shell");
    expect(err.supported).toContain("review");
    expect(err.hint).toContain("native:Bash");
  });
});

describe("--access exclusivity", () => {
  it("--access with --tools refuses mutually-exclusive-options", () => {
    const err = refusalOf({ args: { access: "read", tools: ["read"] } });
    expect(err.issue).toBe("mutually-exclusive-options");
    expect(err.message).toContain("--access and --tools");
  });

  it("--access with a configured tools list (e.g. the project floor) refuses, naming the config tier", () => {
    const err = refusalOf({ args: { access: "read" }, project: floorProject });
    expect(err.issue).toBe("mutually-exclusive-options");
    expect(err.message).toContain("tools (project-config)");
  });

  it("configured access with --exclude-tools refuses", () => {
    expect(refusalOf({ args: { excludeTools: ["shell"] }, user: config({ access: "read" }) }).message).toContain(
      "access (user-config) and --exclude-tools",
    );
  });

  const codex = {
    harness: "codex",
    expresses: EXPRESSES_ALL,
    mode: "launch",
    harnessSettings: builtinRegistry.get("codex").options,
  } as const;
  const sandboxOf = (r: ReturnType<typeof resolveTurnOptions>) =>
    (r.options.harnessOptions?.codex as { sandbox?: string } | undefined)?.sandbox;

  it("codex's profile sandbox yields to access, with no divergence", () => {
    const r = resolveTurnOptions({ ...codex, args: { access: "read" } });
    expect(r.options.access).toBe("read");
    expect(sandboxOf(r)).toBeUndefined();
    expect(r.provenance.find((p) => p.key === "codex.sandbox")).toBeUndefined();
    expect(r.divergence).toEqual([]);
  });

  it("a sandbox typed or configured beside access refuses, naming both and their tiers", () => {
    const typed = { harnessOptions: { codex: { sandbox: "read-only" } } };
    expect(() => resolveTurnOptions({ ...codex, args: { access: "read", ...typed } })).toThrow(
      /--access and --codex-sandbox are mutually exclusive/,
    );
    expect(() =>
      resolveTurnOptions({
        ...codex,
        args: { access: "write" },
        user: config({ harnessOptions: { codex: { sandbox: "danger-full-access" } } }),
      }),
    ).toThrow(/--access and codex.sandbox \(user-config\)/);
  });

  it("another harness's configured sandbox is none of pi's business: access applies, nothing diverges", () => {
    const r = resolveTurnOptions({
      harness: "pi",
      expresses: ["access", "tools"],
      mode: "launch",
      args: { access: "read" },
      user: config({ harnessOptions: { codex: { sandbox: "read-only" } } }),
    });
    expect(r.divergence.filter((d) => d.key.includes("sandbox"))).toEqual([]);
    expect(r.options.access).toBe("read");
    expect(r.options.harnessOptions).toBeUndefined();
  });
});

describe("--tools with --exclude-tools", () => {
  it("both as args refuse mutually-exclusive-options", () => {
    expect(refusalOf({ args: { tools: ["read"], excludeTools: ["shell"] } }).issue).toBe("mutually-exclusive-options");
  });

  it("both in one config file refuse, naming that tier", () => {
    expect(refusalOf({ user: config({ tools: ["read"], excludeTools: ["shell"] }) }).message).toContain(
      "tools (user-config) and excludeTools (user-config)",
    );
  });

  it("an --exclude-tools arg narrows the project floor, which stays a floor", () => {
    const r = resolve({ args: { excludeTools: ["grep"] }, project: floorProject });
    expect(r.options.tools).toEqual(["read", "glob", "list"]);
    expect(r.options.excludeTools).toBeUndefined();
    expect(r.provenance.find((p) => p.key === "excludeTools")).toEqual({
      key: "excludeTools",
      value: ["grep"],
      tier: "arg",
    });
  });

  it("a --tools arg overrides a weaker configured exclusion", () => {
    const r = resolve({ args: { tools: ["shell"] }, user: config({ excludeTools: ["shell"] }) });
    expect(r.options.tools).toEqual(["shell"]);
    expect(r.options.excludeTools).toBeUndefined();
  });
});

describe("toolMap", () => {
  it("merges a trusted project over user per canonical name, with a provenance entry per name", () => {
    const user = config({
      toolMap: { pi: { "web-search": "user_search", "web-fetch": "user_fetch" }, muse: { write: "write_file" } },
    });
    const project = config({ toolMap: { pi: { "web-search": "web_search" } } });
    const r = resolveTurnOptions({
      harness: "pi",
      expresses: ["tools"],
      mode: "launch",
      args: {},
      user,
      project,
      projectTrust: TRUSTED,
    });
    expect(r.options.toolMap).toEqual({ pi: { "web-fetch": "user_fetch", "web-search": "web_search" } });
    expect(r.provenance.filter((p) => p.key.startsWith("toolMap."))).toEqual([
      { key: "toolMap.pi.web-fetch", value: "user_fetch", tier: "user-config" },
      { key: "toolMap.pi.web-search", value: "web_search", tier: "project-config" },
    ]);
  });

  it("another harness's entries do not enter this harness's options", () => {
    const r = resolveTurnOptions({
      harness: "claude",
      expresses: [],
      mode: "launch",
      args: {},
      user: config({ toolMap: { pi: { read: "x" } } }),
    });
    expect(r.options.toolMap).toBeUndefined();
  });

  it("a category-only harness refuses an arg toolMap key outside its categories, naming the key", () => {
    expect(() =>
      resolveTurnOptions({
        harness: "muse",
        categoryTools: DESCRIPTORS.muse.tools.value.categoryTools ?? null,
        expresses: [],
        mode: "launch",
        args: { toolMap: { muse: { read: "read_file" } } },
      }),
    ).toThrow(/toolMap\.muse\.read/);
  });
});
