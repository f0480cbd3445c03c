/**
 * Finds installs of a harness's former npm package (a package that moved to a new name stops
 * receiving releases, so an install of it is stale however recent it looks). Looks at the
 * harness's binary on PATH (following links into the package it came from) and at the
 * node_modules folders hmux and the current project would use, and says which command fixes each.
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { searchPath } from "./binaries.js";

export interface PackageMove {
  /** The old package name, e.g. "@mariozechner/pi-coding-agent". */
  readonly from: string;
  /** The package it moved to. */
  readonly to: string;
  /** The version of `to` that hmux pins (the install command names it). */
  readonly toVersion: string;
}

export interface MovedInstall {
  readonly from: string;
  readonly to: string;
  /** The old package's folder. */
  readonly packageDir: string;
  readonly version: string | null;
  /** How it was found: the binary hmux would run, the name on PATH, or a node_modules folder. */
  readonly via: "binary" | "path" | "node_modules";
  /** The command that replaces it with the new package. */
  readonly fix: string;
  readonly message: string;
}

export interface MovedSearch {
  readonly binaryName: string;
  readonly pathVar: string | undefined;
  /** Folders whose node_modules to look into (hmux's own checkout, the current project). */
  readonly roots: readonly string[];
  /** hmux's own checkout: an old package there is fixed by `npm ci`, not by hand. */
  readonly hmuxRoot: string;
  /** The files hmux would run for the harness (executable and script), when it found one. */
  readonly binaryFiles?: readonly string[];
}

export function findMovedInstalls(moves: readonly PackageMove[], search: MovedSearch): MovedInstall[] {
  const out: MovedInstall[] = [];
  const seen = new Set<string>();
  const add = (move: PackageMove, packageDir: string, via: MovedInstall["via"]) => {
    const key = realOrSelf(packageDir);
    if (seen.has(key)) return;
    seen.add(key);
    const version = packageVersion(packageDir);
    const fix = fixCommand(move, packageDir, search.hmuxRoot);
    out.push({
      from: move.from,
      to: move.to,
      packageDir,
      version,
      via,
      fix,
      message: `${move.from}${version ? ` ${version}` : ""} at ${packageDir} has moved to ${move.to}; fix: ${fix}`,
    });
  };
  for (const move of moves) {
    for (const file of search.binaryFiles ?? []) {
      const dir = enclosingPackage(realOrSelf(file), move.from);
      if (dir) add(move, dir, "binary");
    }
    const onPath = searchPath(search.binaryName, search.pathVar);
    const fromPath = onPath ? enclosingPackage(realOrSelf(onPath), move.from) : null;
    if (fromPath) add(move, fromPath, "path");
    for (const root of search.roots) {
      const dir = join(root, "node_modules", ...move.from.split("/"));
      if (existsSync(join(dir, "package.json"))) add(move, dir, "node_modules");
    }
  }
  return out;
}

/** The `node_modules/<name>` folder that contains `file`, or null. */
function enclosingPackage(file: string, name: string): string | null {
  const marker = `${sep}node_modules${sep}${name.split("/").join(sep)}${sep}`;
  const at = file.lastIndexOf(marker);
  return at < 0 ? null : file.slice(0, at + marker.length - 1);
}

function fixCommand(move: PackageMove, packageDir: string, hmuxRoot: string): string {
  const modules = dirname(move.from.includes("/") ? dirname(packageDir) : packageDir);
  const owner = dirname(modules);
  if (realOrSelf(owner) === realOrSelf(hmuxRoot)) return `cd ${hmuxRoot} && npm ci`;
  // npm's global prefix keeps packages in <prefix>/lib/node_modules.
  if (modules.endsWith(`${sep}lib${sep}node_modules`))
    return `npm uninstall -g ${move.from} && npm install -g ${move.to}@${move.toVersion}`;
  return `cd ${owner} && npm uninstall ${move.from} && npm install ${move.to}@${move.toVersion}`;
}

function packageVersion(dir: string): string | null {
  try {
    const version = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version?: unknown }).version;
    return typeof version === "string" ? version : null;
  } catch {
    return null;
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
