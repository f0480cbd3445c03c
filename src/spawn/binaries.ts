/**
 * Finds the executable for a harness. Order: an explicit override (HMUX_<HARNESS>_BIN), the
 * version pinned as this package's devDependency, then PATH. Where inside node_modules the
 * pinned one sits, and which files are only placeholders, are the adapter's binary facts
 * (src/adapters/<harness>/binary.ts); this file only walks them against the disk.
 */

import { execFile } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { xdgDirsBelow } from "../core/argv/isolation.js";
import type { BinaryFacts, FileProbe, PackageSite } from "../core/binary-facts.js";
import { envNameOf, type HarnessName } from "../core/harness-names.js";
import { HmuxError } from "../core/hmux-error.js";
import { ownedTempPrefix } from "../core/temp-owner.js";
import { makePrivateTempDir } from "../files/private-dir.js";

export type BinarySource =
  | "env-override"
  | "pinned-package"
  | "platform-binary"
  | "node-wrapper"
  | "configured"
  | "path";

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

/** The parts of an adapter the resolver reads: its name, PATH name and install facts. */
export interface BinaryOwner {
  readonly name: HarnessName;
  readonly descriptor: { readonly binary: { readonly value: string } };
  readonly binary: BinaryFacts;
}

export interface ResolveOptions {
  /** PATH and the HMUX_<HARNESS>_BIN overrides: the environment the composition root was handed. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The package root whose node_modules holds the pinned harnesses. */
  readonly packageRoot?: string;
  readonly platform?: string;
  readonly arch?: string;
}

export function overrideVariable(harness: HarnessName): string {
  return `HMUX_${envNameOf(harness)}_BIN`;
}

export function resolveBinary(owner: BinaryOwner, options: ResolveOptions): BinaryResolution {
  const harness = owner.name;
  const { env } = options;
  const pathName = owner.descriptor.binary.value;

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

  const site: PackageSite = {
    modules: join(options.packageRoot ?? packageRoot(), "node_modules"),
    platform: options.platform ?? process.platform,
    arch: options.arch ?? process.arch,
    env,
    nodePath: process.execPath,
    probe: diskProbe,
  };
  const lookup = owner.binary.locateInPackage?.(site) ?? { found: null, notes: [] };
  const notes = [...lookup.notes];
  if (lookup.found)
    return found(harness, lookup.found.executable, [...lookup.found.prefixArgs], lookup.found.source, notes);

  const onPath = searchPath(pathName, env.PATH);
  if (onPath && !owner.binary.isPlaceholder?.(onPath, diskProbe)) return found(harness, onPath, [], "path", notes);

  const looked = `looked for ${overrideVariable(harness)}, the pinned package in node_modules, and ${pathName} on PATH`;
  const base = `no ${harness} binary found (${looked})`;
  return {
    ok: false,
    harness,
    message: notes.length > 0 ? `${base}; ${notes.join("; ")}` : base,
    hint: owner.binary.installHint,
  };
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

/** The real disk, as the adapters' package lookups ask about it. */
const diskProbe: FileProbe = {
  isExecutable,
  exists: existsSync,
  list(dir) {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  },
  smallText(path, maxBytes) {
    try {
      return statSync(path).size < maxBytes ? readFileSync(path, "utf8") : null;
    } catch {
      return null;
    }
  },
  join,
};

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
 * `<binary> --version`, first version-looking token. Runs with a throwaway HOME, each
 * harness's own dir below it (`ownDirs`: the variable that relocates it and its place in
 * HOME) and every XDG base dir below it as an isolated launch has them, because even --version
 * writes into a CLI's home (codex creates $CODEX_HOME/tmp).
 */
export async function probeVersion(
  binary: ResolvedBinary,
  ownDirs: readonly { readonly env: string; readonly homeDir: string }[] = [],
  timeoutMs = 15_000,
): Promise<{ version: string | null; error?: string }> {
  const home = makePrivateTempDir(tmpdir(), ownedTempPrefix("version", process.pid));
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home };
  for (const dir of ownDirs) env[dir.env] = join(home, dir.homeDir);
  Object.assign(env, xdgDirsBelow(home));
  try {
    const out = await new Promise<string>((resolve, reject) => {
      execFile(
        binary.executable,
        [...binary.prefixArgs, "--version"],
        { env, timeout: timeoutMs, cwd: home },
        (err, stdout, stderr) => {
          if (err)
            reject(
              new HmuxError(
                "missing-binary",
                `${err.message.split("\n")[0]}${stderr ? `: ${stderr.trim().split("\n")[0]}` : ""}`,
              ),
            );
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
