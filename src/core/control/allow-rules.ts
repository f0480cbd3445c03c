/**
 * "Allow always": a standing yes a person (or a program) gives in one session, kept in the
 * session's control state — never in a harness's or the user's settings file. A rule is one
 * of: a command (its name, and for git-like tools its subcommand) with any arguments that
 * stay inside the workspace; a path tool on one path or under one directory inside the
 * workspace; or a tool with no command or path, with any input. The policy's classifier
 * (policy.ts) applies rules exactly as it applies the allowlist, link by link, so a rule for
 * `touch` allows `touch a; touch b` and never `touch a; rm -rf b`. A rule that would allow a
 * shell, an interpreter or a wrapper that runs whatever it is told is never made.
 */
import { posix } from "node:path";
import { commandLinks } from "./shell-words.js";
import type { SessionEvent } from "./types.js";

export type RuleMatch =
  /** A link whose first words are these, and whose other words stay inside the workspace. */
  | { readonly kind: "command"; readonly words: readonly string[] }
  /** Every path the call names is this one (under false) or inside this directory (under true). */
  | { readonly kind: "path"; readonly path: string; readonly under: boolean }
  /** Any input to the tool (a tool that names no command and no path). */
  | { readonly kind: "tool" };

export interface AllowRule {
  /** `r1`, `r2` … in the order the session made them; a decision it makes names `rule:<id>`. */
  readonly id: string;
  /** The harness's own tool name the rule is for. */
  readonly tool: string;
  readonly match: RuleMatch;
  /** What the rule allows, in words (shown before it is made, and in the inspector). */
  readonly allows: string;
}

/** How far an allow reaches: this call only, the session (the rule below), or (path tools) this path only. */
export const RULE_SCOPES = ["call", "session", "path"] as const;
export type RuleScope = (typeof RULE_SCOPES)[number];

export type RuleOffer =
  | { readonly ok: true; readonly tool: string; readonly match: RuleMatch; readonly allows: string }
  | { readonly ok: false; readonly why: string };

/** What an approval shows before a key is pressed: the session rule `A` would make, or why none is offered. */
export type AlwaysOffer = { readonly allows: string } | { readonly refused: string };

/** Input fields that name a path a tool will touch (shared with the policy). */
export const PATH_FIELDS = ["file_path", "filePath", "path", "notebook_path", "directory", "dir", "cwd", "workdir"];

/**
 * Programs that run whatever they are told (a script, another program, a string of code): a
 * rule for one would allow anything. Matched by the command's base name.
 */
const RUNS_ANYTHING =
  /^((ba|z|da|k|c|tc|fi|a)?sh|fish|pwsh|python[0-9.]*|pypy[0-9.]*|node|nodejs|deno|bun|bunx|npx|pnpx|uvx|pipx|perl[0-9.]*|ruby|irb|php|lua[0-9.]*|luajit|tclsh|wish|R|Rscript|julia|osascript|awk|gawk|mawk|nawk|sed|env|xargs|sudo|doas|su|pkexec|eval|exec|source|\.|command|builtin|nohup|nice|ionice|timeout|time|watch|strace|ltrace|chroot|unshare|setsid|stdbuf|flock|script|ssh|parallel|make|gmake|busybox)$/;

/** Tools whose first word is only a dispatcher: a rule names the subcommand too (`git commit`, `npm test`). */
const SUBCOMMAND_TOOLS = new Set(["git", "npm", "pnpm", "yarn", "cargo", "go", "docker", "podman", "kubectl", "gh"]);
/** Subcommands that run an arbitrary program or package. */
const RUNS_ANYTHING_SUBCOMMANDS = new Set(["exec", "x", "dlx"]);
/** Tools whose `run` runs whatever program or image it is given; elsewhere `run` names a script, and the rule names it too. */
const RUN_RUNS_ANYTHING = new Set(["docker", "podman", "go", "kubectl"]);

/** Canonical tools whose one path is a file, whatever the harness calls its field. */
const FILE_TOOLS = new Set(["read", "write", "edit"]);

export function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith("/") ? root : `${root}/`);
}

function shownPath(root: string, path: string): string {
  const rel = posix.relative(root, path);
  return rel === "" ? "." : rel;
}

/**
 * The rule an allow with this scope would make of a call, or why it cannot: `session` for a
 * shell call is its one command (`touch <args>` inside the workspace); for a call that names a
 * path, every path under that path's directory; for any other tool, any input. `path` is the
 * call's one path only.
 */
export function ruleOffer(
  call: { readonly tool: string; readonly canonical?: string; readonly input: unknown },
  scope: Exclude<RuleScope, "call">,
  workspace: string | undefined,
): RuleOffer {
  if (workspace === undefined) return { ok: false, why: "this session has no workspace to keep a rule inside" };
  const root = posix.resolve(workspace);
  const input = (call.input && typeof call.input === "object" ? call.input : {}) as Record<string, unknown>;
  const command = input.command ?? input.cmd;
  if (call.canonical === "shell") {
    if (scope === "path") return { ok: false, why: "a shell call names no one path; its rule is its command" };
    return commandOffer(call.tool, command);
  }
  if (command !== undefined)
    return {
      ok: false,
      why: `hmux does not know ${call.tool} as a shell tool, so it cannot tell what a rule for its command would allow`,
    };
  const field = PATH_FIELDS.find((f) => typeof input[f] === "string" && input[f] !== "");
  if (field) {
    const cwd = typeof input.cwd === "string" ? posix.resolve(root, input.cwd) : root;
    const path = posix.resolve(cwd, input[field] as string);
    if (!inside(root, path))
      return { ok: false, why: `${path} is outside the workspace ${root}; a rule reaches only inside it` };
    if (scope === "path")
      return {
        ok: true,
        tool: call.tool,
        match: { kind: "path", path, under: false },
        allows: `${call.tool} on ${shownPath(root, path)} only`,
      };
    // A file tool's path is a file (pi's write and edit name it `path`): its rule is the file's directory.
    const namesFile =
      field === "file_path" ||
      field === "filePath" ||
      field === "notebook_path" ||
      FILE_TOOLS.has(call.canonical ?? "");
    const dir = namesFile ? posix.dirname(path) : path;
    const under = inside(root, dir) ? dir : root;
    const where =
      under === root ? "anywhere inside the workspace" : `under ${shownPath(root, under)}/ inside the workspace`;
    return {
      ok: true,
      tool: call.tool,
      match: { kind: "path", path: under, under: true },
      allows: `${call.tool} on any path ${where}`,
    };
  }
  if (scope === "path") return { ok: false, why: `${call.tool} names no path, so there is no path to scope a rule to` };
  return { ok: true, tool: call.tool, match: { kind: "tool" }, allows: `${call.tool} with any input` };
}

function commandOffer(tool: string, command: unknown): RuleOffer {
  const read = commandLinks(command);
  if (!read.ok) return { ok: false, why: `${read.why}, so no rule can say what it allows` };
  if (read.links.length !== 1)
    return {
      ok: false,
      why: `it chains ${read.links.length} commands (${read.links.map((l) => l[0]).join(", ")}); a rule names one command`,
    };
  const link = read.links[0]!;
  const name = posix.basename(link[0]!);
  if (RUNS_ANYTHING.test(name))
    return { ok: false, why: `\`${link[0]}\` runs whatever it is told, so a rule for it would allow any command` };
  let words: string[] = [link[0]!];
  if (SUBCOMMAND_TOOLS.has(name)) {
    const sub = link[1];
    if (sub === undefined || sub.startsWith("-"))
      return { ok: false, why: `a rule for every \`${link[0]}\` command is too wide; it names a subcommand` };
    if (RUNS_ANYTHING_SUBCOMMANDS.has(sub))
      return {
        ok: false,
        why: `\`${link[0]} ${sub}\` runs whatever it is told, so a rule for it would allow any command`,
      };
    words = [link[0]!, sub];
    if (sub === "run") {
      const script = link[2];
      if (RUN_RUNS_ANYTHING.has(name) || script === undefined || script.startsWith("-"))
        return {
          ok: false,
          why: `\`${link[0]} run\` runs whatever it is given, so a rule for it would allow any command`,
        };
      words = [link[0]!, sub, script];
    }
  }
  return {
    ok: true,
    tool,
    match: { kind: "command", words },
    allows: `${tool} \`${words.join(" ")} <args>\` inside the workspace`,
  };
}

/** The offer an approval shows for the person's `A` (scope session). */
export function alwaysOffer(offer: RuleOffer): AlwaysOffer {
  return offer.ok ? { allows: offer.allows } : { refused: offer.why };
}

/** The rules in force after these events (a journal, a replay): every `rule` event folded in order, across resumes. */
export function rulesInForce(events: Iterable<SessionEvent>): AllowRule[] {
  const rules = new Map<string, AllowRule>();
  for (const e of events) {
    if (e.kind !== "rule") continue;
    if (e.change === "added") rules.set(e.rule.id, e.rule);
    else rules.delete(e.rule.id);
  }
  return [...rules.values()];
}
