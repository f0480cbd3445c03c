/**
 * The trust property over generated inputs: adding an untrusted project config to any user
 * config and args never lets more run without a check than the same inputs without the project.
 */
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import type { Config } from "../../../src/core/config/schema.js";
import { resolveConfigSettings } from "../../../src/core/config/settings.js";
import {
  type ResolvedTurnOptions,
  type ResolveTurnOptionsInput,
  resolveTurnOptions,
} from "../../../src/core/options/resolve.js";
import type { TurnOptions } from "../../../src/core/options/types.js";
import { CANONICAL_TOOLS } from "../../../src/core/tools.js";
import { HARNESS_NAMES } from "../../helpers/builtin-harnesses.js";
import { config, EXPRESSES_ALL, rng, UNTRUSTED } from "./helpers.js";

/** Small vocabularies rich in loosening values. */
const CHOICES: Record<string, readonly unknown[]> = {
  harnessOptions: [
    { codex: { sandbox: "read-only" } },
    { codex: { sandbox: "workspace-write", contextWindow: 1000 } },
    { codex: { sandbox: "danger-full-access" } },
    { muse: { write: true, shell: true } },
    { muse: { write: false, shell: true } },
    { muse: { shell: false }, codex: { sandbox: "danger-full-access" } },
  ],
  tools: [["read"], ["read", "grep"], ["shell", "write"], ["read", "shell", "web-fetch"], []],
  excludeTools: [["shell"], ["grep", "web-fetch"]],
  access: ["read", "write"],
  autonomy: [true, false],
  discovery: [{ extensions: false }, { extensions: true, skills: true }, { tools: false, instructionFiles: true }],
  isolate: [true, false],
  endpoint: ["http://127.0.0.1:1/v1", "http://127.0.0.1:2/v1"],
  policy: [
    { allowTools: ["read"] },
    { allowCommands: ["ls", "git status"] },
    { allowTools: ["grep"], headless: { decision: "deny", reason: "no" } },
    { headless: { decision: "deny" } },
  ],
  toolsets: [{ review: ["read"] }, { review: ["read", "shell"], extra: ["grep"] }],
  toolMap: [{ claude: { read: "Bash" } }, { claude: { list: "LS" }, pi: { read: "bash" } }],
};

function generate(next: () => number): ResolveTurnOptionsInput & { user?: Config; project: Config } {
  const pickOne = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const some = (chance: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, values] of Object.entries(CHOICES))
      if (next() < chance) out[key] = structuredClone(pickOne(values));
    return out;
  };
  const args: Record<string, unknown> = {};
  if (next() < 0.3) args.tools = [pickOne(["review", "read", "extra", "shell"])];
  if (next() < 0.2) args.autonomy = pickOne([true, false]);
  const harness = pickOne(HARNESS_NAMES);
  return {
    harness,
    expresses: EXPRESSES_ALL,
    harnessSettings: builtinRegistry.get(harness).options,
    mode: next() < 0.8 ? "launch" : "resume",
    args: args as TurnOptions,
    ...(next() < 0.7 ? { user: config(some(0.3)) } : {}),
    project: config(some(0.35)),
    projectTrust: UNTRUSTED,
  };
}

type Outcome = ResolvedTurnOptions | "refused";
function attempt(input: ResolveTurnOptionsInput): Outcome {
  try {
    return resolveTurnOptions(input);
  } catch {
    return "refused";
  }
}

/** The tools a resolution lets the harness use: a set, or every tool but some. */
function granted(o: TurnOptions): Set<string> {
  if (o.tools) return new Set(o.tools.filter((t) => !(o.excludeTools ?? []).includes(t)));
  return new Set(CANONICAL_TOOLS.filter((t) => !(o.excludeTools ?? []).includes(t)));
}

/** Every way `withProject` is looser than `without`; empty when it is at least as narrow. */
function loosenings(harness: string, withProject: TurnOptions, without: TurnOptions): string[] {
  const out: string[] = [];
  if (withProject.autonomy === true && without.autonomy !== true) out.push("autonomy");
  // The harness's own settings with a ladder (codex's sandbox, muse's write and shell), by their module's order.
  for (const spec of builtinRegistry.get(harness).options ?? []) {
    if (!spec.looseness) continue;
    const rank = (v: unknown) => (v === undefined ? 0 : spec.looseness!.indexOf(v));
    const mine = withProject.harnessOptions?.[harness]?.[spec.key];
    if (mine !== undefined && rank(mine) > rank(without.harnessOptions?.[harness]?.[spec.key]))
      out.push(`${harness}.${spec.key}`);
  }
  if (withProject.access === "write" && without.access === "read") out.push("access");
  for (const [facet, on] of Object.entries(withProject.discovery ?? {})) {
    if (on && without.discovery?.[facet as keyof NonNullable<TurnOptions["discovery"]>] === false)
      out.push(`discovery.${facet}`);
  }
  if (without.isolate === true && withProject.isolate !== true) out.push("isolate");
  if (withProject.endpoint !== without.endpoint) out.push("endpoint");
  if (JSON.stringify(withProject.toolMap) !== JSON.stringify(without.toolMap)) out.push("toolMap");
  if (withProject.access === undefined && without.access === undefined) {
    const before = granted(without);
    const extra = [...granted(withProject)].filter((t) => !before.has(t) && !t.startsWith("native:"));
    if (extra.length > 0 && (without.tools !== undefined || without.excludeTools !== undefined))
      out.push(`tools ${extra.join(",")}`);
  }
  return out;
}

describe("project trust over generated inputs", () => {
  it("an untrusted project never makes a turn looser than the same inputs without it (1000 inputs)", () => {
    const next = rng(20261129);
    let compared = 0;
    for (let i = 0; i < 1000; i++) {
      const input = generate(next);
      const withProject = attempt(input);
      const { project: _p, ...rest } = input;
      const without = attempt(rest);
      if (withProject === "refused" || without === "refused") continue; // a refusal runs nothing
      compared += 1;
      expect({ i, loosened: loosenings(input.harness, withProject.options, without.options) }).toEqual({
        i,
        loosened: [],
      });
    }
    expect(compared).toBeGreaterThan(400);
  });

  it("an untrusted project's policy never allows a tool or command the user's policy does not (1000 inputs)", () => {
    const next = rng(4);
    for (let i = 0; i < 1000; i++) {
      const input = generate(next);
      const withProject = resolveConfigSettings({
        ...(input.user ? { user: input.user } : {}),
        project: input.project,
        projectTrust: UNTRUSTED,
      }).policy;
      const without = resolveConfigSettings(input.user ? { user: input.user } : {}).policy;
      for (const tool of withProject?.allowTools ?? []) expect(without?.allowTools ?? []).toContain(tool);
      for (const command of withProject?.allowCommands ?? []) expect(without?.allowCommands ?? []).toContain(command);
    }
  });

  it("the loosening check itself catches a project that is applied whole (so the property can fail)", () => {
    const next = rng(20261129);
    let caught = 0;
    for (let i = 0; i < 300; i++) {
      const input = generate(next);
      const trustedAnyway = attempt({ ...input, projectTrust: { ...UNTRUSTED, trusted: true } });
      const { project: _p, ...rest } = input;
      const without = attempt(rest);
      if (
        trustedAnyway !== "refused" &&
        without !== "refused" &&
        loosenings(input.harness, trustedAnyway.options, without.options).length > 0
      )
        caught += 1;
    }
    expect(caught).toBeGreaterThan(20);
  });
});
