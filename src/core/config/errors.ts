/** A config file hmux will not use: names the file, the key path, and what would work. */

import { HmuxError } from "../hmux-error.js";
import { invariant } from "../invariant.js";
import { RefusalError } from "../refusal.js";

export type ConfigErrorKind =
  | "unreadable"
  | "not-a-file"
  | "too-large"
  | "malformed-json"
  | "duplicate-key"
  | "not-an-object"
  | "version"
  | "unknown-key"
  | "bad-value";

export interface ConfigProblem {
  readonly kind: ConfigErrorKind;
  /** Dotted key path (`ui.notifications.method`, `tools[2]`); empty for the whole document. */
  readonly keyPath: string;
  readonly message: string;
  /** 1-based, for problems located in the text (malformed JSON, duplicate key). */
  readonly line?: number;
  readonly column?: number;
}

export class ConfigError extends HmuxError {
  readonly file: string;
  /** Every problem found (schema order, deterministic); the first is the headline. */
  readonly problems: readonly ConfigProblem[];
  constructor(file: string, problems: readonly ConfigProblem[]) {
    invariant(problems.length > 0, "a ConfigError is raised with at least one problem");
    super(
      "invalid-config",
      problems.map((p) => formatProblem(file, p)).join("\n"),
      `fix ${file}, or move it aside to run without it`,
    );
    this.name = "ConfigError";
    this.file = file;
    this.problems = problems;
  }
  get kind(): ConfigErrorKind {
    return this.problems[0]!.kind;
  }
  get keyPath(): string {
    return this.problems[0]!.keyPath;
  }
  /** The pre-spawn refusal the CLI reports (exit 2). */
  toRefusal(): RefusalError {
    return new RefusalError(this.message, {
      issue: "invalid-config",
      option: this.keyPath === "" ? undefined : this.keyPath,
      ...(this.hint !== undefined ? { hint: this.hint } : {}),
    });
  }
}

function formatProblem(file: string, p: ConfigProblem): string {
  const where = p.line !== undefined ? `${file}:${p.line}:${p.column}` : file;
  return p.keyPath === "" ? `${where}: ${p.message}` : `${where}: ${p.keyPath}: ${p.message}`;
}

/**
 * What a ConfigReader throws when the path holds something hmux will not read as a config (a
 * FIFO, a device, an oversize file, a dangling symlink): the loader names the file around it.
 */
export class ConfigFileRefusal extends HmuxError {
  constructor(
    readonly kind: Extract<ConfigErrorKind, "unreadable" | "not-a-file" | "too-large">,
    /** Why, in words that follow the file's path: "it is a FIFO, not a regular file". */
    readonly reason: string,
  ) {
    super(kind === "unreadable" ? "unreadable-file" : kind, reason);
    this.name = "ConfigFileRefusal";
  }
}

export function isConfigError(err: unknown): err is ConfigError {
  return err instanceof ConfigError;
}

/** `["ui","keys","quit"]` → `ui.keys.quit`; `["tools",2]` → `tools[2]`. */
export function formatKeyPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}
