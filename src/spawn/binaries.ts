/**
 * Finds the executable for a harness. Order: an explicit override (HMUX_<HARNESS>_BIN), the
 * version pinned as this package's devDependency, then PATH. Two traps from the live runs:
 * claude's npm `bin` is a ~500-byte stub when install scripts were skipped (the real binary
 * sits in a platform package), and on node 20 killing the codex node wrapper orphans its
 * native binary — so codex's native binary is executed directly when it can be found.
 */
import { execFile } from "node:child_process";
import { accessSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HarnessName } from "../core/harness-names.js";

export type BinarySource = "env-override" | "pinned-package" | "platform-binary" | "node-wrapper" | "path";

export interface ResolvedBinary {
  readonly harness: HarnessName;
  /** What to exec. */
  readonly executable: string;
  /** Arguments before the harness's own (a node script when the harness is a JS file). */
  readonly prefixArgs: readonly string[];
  readonly source: BinarySource;
  /** Why this one was picked, when a preferred candidate was skipped. */
  readonly note?: string;
}

export type BinaryResolution =
  | { readonly ok: true; readonly binary: ResolvedBinary }
  | { readonly ok: false; readonly harness: HarnessName; readonly message: string; readonly hint: string };

/** The binary name on PATH for each harness. */
export const PATH_NAMES: Readonly<Record<HarnessName, string>> = {
  claude: "claude",
  codex: "codex",
  pi: "pi",
  muse: "muse",
  cursor: "agent",
};

export interface ResolveOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The package root whose node_modules holds the pinned harnesses. */
  readonly packageRoot?: string;
  readonly platform?: string;
  readonly arch?: string;
}

/** A claude bin smaller than this is the "native binary not installed" stub, not the CLI. */
const STUB_MAX_BYTES = 64 * 1024;

export function overrideVariable(harness: HarnessName): string {
  return `HMUX_${harness.toUpperCase()}_BIN`;
}

export function resolveBinary(harness: HarnessName, options: ResolveOptions = {}): BinaryResolution {
  const env = options.env ?? process.env;
  const root = options.packageRoot ?? packageRoot();
  const platform = options.platform ?? process.platform;
  const arch = options.arch ?? process.arch;
  const notes: string[] = [];

  const override = env[overrideVariable(harness)];
  if (override) {
    if (isExecutable(override)) return found(harness, override, [], "env-override");
    return {
      ok: false,
      harness,
      message: `${overrideVariable(harness)}=${override} is not an executable file`,
      hint: `point ${overrideVariable(harness)} at the ${harness} binary, or unset it to use the pinned one`,
    };
  }

  const modules = join(root, "node_modules");
  if (harness === "claude") {
    const bin = join(modules, "@anthropic-ai", "claude-code", "bin", "claude.exe");
    if (isExecutable(bin) && !isClaudeStub(bin)) return found(harness, bin, [], "pinned-package");
    if (existsSync(bin)) notes.push(`${bin} is the install stub (npm skipped claude-code's install script)`);
    for (const dir of platformPackageDirs(platform, arch, env)) {
      const native = join(modules, "@anthropic-ai", `claude-code-${dir}`, "claude");
      if (isExecutable(native)) return found(harness, native, [], "platform-binary", notes);
    }
  } else if (harness === "codex") {
    const native = codexNative(modules, platform, arch);
    if (native) return found(harness, native, [], "platform-binary");
    const wrapper = join(modules, "@openai", "codex", "bin", "codex.js");
    if (existsSync(wrapper)) {
      notes.push("codex's native binary was not found; running its node wrapper (killed as a process group)");
      return found(harness, process.execPath, [wrapper], "node-wrapper", notes);
    }
  } else if (harness === "pi") {
    // The package's `bin.pi` (1.x moved to @earendil-works and bundles its CLI).
    const script = join(modules, "@earendil-works", "pi-coding-agent", "dist", "bundle", "cli.js");
    // Run the JS entry with this node, so the child needs no `node` on its PATH.
    if (existsSync(script)) return found(harness, process.execPath, [script], "pinned-package");
  }

  const onPath = searchPath(PATH_NAMES[harness], env.PATH);
  if (onPath && !(harness === "claude" && isClaudeStub(onPath))) return found(harness, onPath, [], "path", notes);

  return { ok: false, harness, message: missingMessage(harness, notes), hint: installHint(harness) };
}

function found(
  harness: HarnessName,
  executable: string,
  prefixArgs: string[],
  source: BinarySource,
  notes: string[] = [],
): BinaryResolution {
  const binary: ResolvedBinary =
    notes.length > 0
      ? { harness, executable, prefixArgs, source, note: notes.join("; ") }
      : { harness, executable, prefixArgs, source };
  return { ok: true, binary };
}

function missingMessage(harness: HarnessName, notes: string[]): string {
  const base = `no ${harness} binary found (looked for ${overrideVariable(harness)}, the pinned package in node_modules, and ${PATH_NAMES[harness]} on PATH)`;
  return notes.length > 0 ? `${base}; ${notes.join("; ")}` : base;
}

function installHint(harness: HarnessName): string {
  switch (harness) {
    case "claude":
      return "run `npm ci` in the harnessmux folder (with install scripts enabled), or install Claude Code so `claude` is on PATH";
    case "codex":
      return "run `npm ci` in the harnessmux folder, or install Codex so `codex` is on PATH";
    case "pi":
      return "run `npm ci` in the harnessmux folder, or `npm i -g @earendil-works/pi-coding-agent`";
    case "muse":
      return "install Muse from source so `muse` is on PATH, or set HMUX_MUSE_BIN";
    case "cursor":
      return "install Cursor CLI (binary `agent`) so it is on PATH, or set HMUX_CURSOR_BIN";
  }
}

/** claude's platform package suffixes, most specific first (musl builds on Alpine-like systems). */
function platformPackageDirs(
  platform: string,
  arch: string,
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const base = `${platform}-${arch}`;
  if (platform !== "linux") return [base];
  const musl = env.HMUX_LIBC === "musl" || existsSync("/etc/alpine-release");
  return musl ? [`${base}-musl`, base] : [base, `${base}-musl`];
}

function codexNative(modules: string, platform: string, arch: string): string | undefined {
  const vendor = join(modules, "@openai", `codex-${platform}-${arch}`, "vendor");
  let triples: string[];
  try {
    triples = readdirSync(vendor);
  } catch {
    return undefined;
  }
  for (const triple of triples) {
    const bin = join(vendor, triple, "bin", platform === "win32" ? "codex.exe" : "codex");
    if (isExecutable(bin)) return bin;
  }
  return undefined;
}

export function isClaudeStub(path: string): boolean {
  try {
    const size = statSync(path).size;
    if (size >= STUB_MAX_BYTES) return false;
    return /not installed|install\.cjs|postinstall/i.test(readFileSync(path, "utf8"));
  } catch {
    return false;
  }
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function searchPath(name: string, pathVar: string | undefined): string | undefined {
  for (const dir of (pathVar ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

let cachedRoot: string | undefined;
/** The harnessmux package folder (works from src/ under tsx, through npm link, from any cwd). */
export function packageRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "harnessmux")
          return (cachedRoot = dir);
      } catch {
        // not ours; keep climbing
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return (cachedRoot = process.cwd());
    dir = parent;
  }
}

/**
 * `<binary> --version`, first version-looking token. Runs with a throwaway HOME and config
 * dirs, because even --version writes into a CLI's home (codex creates $CODEX_HOME/tmp).
 */
export async function probeVersion(
  binary: ResolvedBinary,
  timeoutMs = 15_000,
): Promise<{ version: string | null; error?: string }> {
  const home = mkdtempSync(join(tmpdir(), "hmux-version-"));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    CODEX_HOME: join(home, ".codex"),
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    PI_CODING_AGENT_DIR: join(home, ".pi"),
    XDG_CONFIG_HOME: join(home, ".config"),
  };
  try {
    const out = await new Promise<string>((resolve, reject) => {
      execFile(
        binary.executable,
        [...binary.prefixArgs, "--version"],
        { env, timeout: timeoutMs, cwd: home },
        (err, stdout, stderr) => {
          if (err)
            reject(new Error(`${err.message.split("\n")[0]}${stderr ? `: ${stderr.trim().split("\n")[0]}` : ""}`));
          else resolve(`${stdout}\n${stderr}`);
        },
      );
    });
    const match = /\b(\d+\.\d+\.\d+(?:[-+][\w.]+)?)\b/.exec(out);
    return match?.[1] ? { version: match[1] } : { version: null, error: `no version in: ${out.trim().slice(0, 200)}` };
  } catch (err) {
    return { version: null, error: (err as Error).message };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
