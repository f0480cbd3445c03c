/**
 * Which harness modules the config files register, read before the registry exists. The full
 * config parse needs the registry (toolMap sections are keyed by harness), so this first read takes
 * only `harnesses` (and the user's `trustedProjects`, which decides whether a project's count) and
 * leaves every other key to the full parse. A config that cannot be read here registers nothing and
 * says why; the full parse, when a command reads the config, refuses the file itself.
 */

import { dirname, isAbsolute, resolve } from "node:path";
// Issue types by a second name: the build vendors every member named through `z`, and zod's core is large.
import type * as zod from "zod/mini";
import * as z from "zod/mini";
import { HmuxError } from "../hmux-error.js";
import { ConfigError } from "./errors.js";
import { type AcpEntry, harnessesSchema } from "./harnesses-schema.js";
import { findJsonProblem } from "./json-syntax.js";
import type { ConfigReader } from "./load.js";
import { type ConfigEnv, locateProjectConfig, userConfigPath } from "./locate.js";
import { isTrustedRoot, trustedProjectSchema } from "./trust.js";

/**
 * One harness a config file registers. `kind` says what builds it: a plugin module (its path made
 * absolute), or an ACP agent defined by its command line (a program naming a path made absolute).
 */
export type ConfiguredHarness =
  | {
      readonly kind: "module";
      readonly name: string;
      readonly module: string;
      /** The config file that registers it. */
      readonly configPath: string;
    }
  | {
      readonly kind: "acp";
      readonly name: string;
      readonly acp: AcpEntry;
      readonly configPath: string;
    };

/** A harness a config file names that is not loaded, or a config file whose harnesses are not read. */
export interface SkippedHarnessSource {
  /** The harness, or null when the whole file's `harnesses` could not be read. */
  readonly name: string | null;
  readonly configPath: string;
  readonly reason: string;
}

export interface HarnessSources {
  /** In config order: the user file's first, then a trusted project's (which replace a user entry of the same name). */
  readonly configured: readonly ConfiguredHarness[];
  readonly skipped: readonly SkippedHarnessSource[];
}

const bootstrapSchema = z.object({
  harnesses: z.optional(harnessesSchema),
  trustedProjects: z.optional(z.array(trustedProjectSchema)),
});

type Bootstrap = z.infer<typeof bootstrapSchema>;

function readBootstrap(path: string, reader: ConfigReader): Bootstrap {
  const text = reader.readText(path);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const syntax = findJsonProblem(body);
  if (syntax !== null) {
    const at = `${syntax.line}:${syntax.column}`;
    throw new HmuxError(
      "invalid-config",
      syntax.kind === "syntax" ? `malformed JSON at ${at}` : `a key appears twice at ${at}`,
    );
  }
  const parsed = bootstrapSchema.safeParse(JSON.parse(body));
  if (parsed.success) return parsed.data;
  throw new HmuxError("invalid-config", parsed.error.issues.map(describeIssue).join("; "));
}

function describeIssue(issue: zod.core.$ZodIssue): string {
  const where = issue.path.map(String).join(".") || "(file)";
  // A bad record key's own message (the name rule) is inside it.
  const message = issue.code === "invalid_key" ? issue.issues.map((i) => i.message).join("; ") : issue.message;
  return `${where}: ${message}`;
}

function entriesOf(bootstrap: Bootstrap, configPath: string): ConfiguredHarness[] {
  const fromConfig = (path: string) => (isAbsolute(path) ? path : resolve(dirname(configPath), path));
  return Object.entries(bootstrap.harnesses ?? {}).map(([name, entry]): ConfiguredHarness => {
    if ("module" in entry) return { kind: "module", name, module: fromConfig(entry.module), configPath };
    const [program, ...args] = entry.acp.command;
    // A program named by a path is the config's file; a bare name is looked up on PATH.
    const command = [program!.includes("/") ? fromConfig(program!) : program!, ...args];
    return { kind: "acp", name, acp: { ...entry.acp, command }, configPath };
  });
}

export function readHarnessSources(input: {
  readonly env: ConfigEnv;
  readonly cwd: string;
  readonly reader: ConfigReader;
}): HarnessSources {
  const { env, cwd, reader } = input;
  const skipped: SkippedHarnessSource[] = [];
  const read = (path: string): Bootstrap | null => {
    try {
      return readBootstrap(path, reader);
    } catch (err) {
      const why = err instanceof ConfigError || err instanceof Error ? err.message : String(err);
      skipped.push({ name: null, configPath: path, reason: `its harnesses were not read: ${why}` });
      return null;
    }
  };
  const userPath = userConfigPath(env);
  const user = userPath !== null && reader.exists(userPath) ? read(userPath) : null;
  const byName = new Map<string, ConfiguredHarness>();
  if (user && userPath) for (const entry of entriesOf(user, userPath)) byName.set(entry.name, entry);

  const located = locateProjectConfig(cwd, (p) => reader.exists(p));
  const project = located.path ? read(located.path) : null;
  if (project && located.path) {
    const entries = entriesOf(project, located.path);
    if (isTrustedRoot(user?.trustedProjects, located.gitRoot)) {
      for (const entry of entries) byName.set(entry.name, entry);
    } else {
      for (const entry of entries)
        skipped.push({
          name: entry.name,
          configPath: located.path,
          reason: `the project ${located.gitRoot} is not trusted: a project's harness ${entry.kind === "acp" ? "command" : "module"} runs only when the user config lists the project in trustedProjects`,
        });
    }
  }
  return { configured: [...byName.values()], skipped };
}
