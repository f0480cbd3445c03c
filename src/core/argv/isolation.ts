/**
 * Per-session isolation: HOME and every harness's own config dir below the state dir the
 * execution layer created, so a run never reads or writes the user's real CLI state
 * (docs/harness-facts.md#home-writes: even `--version` writes into the CLI's home). Which dirs
 * those are is each descriptor's sessionStore fact (the variable that relocates the harness's
 * dir, and its place in HOME); every registered harness's dir is set for every run: harmless,
 * and uniform. Every XDG base dir moves too, to its spec default below the isolated HOME: a harness
 * that follows XDG (opencode keeps its locks in $XDG_STATE_HOME) would otherwise write into the
 * user's own dirs. The runtime dir moves whether or not the user has one, so the plan depends on
 * the state dir alone and no harness falls back to a /tmp shared with others.
 */
import type { HarnessDescriptor } from "../descriptor.js";
import { refusal } from "./refusals.js";

/** One harness's own dir below the isolated HOME, and the variable that points the harness at it. */
export interface OwnDir {
  readonly harness: string;
  readonly env: string;
  readonly path: string;
}

export interface IsolatedDirs {
  readonly home: string;
  /** In the peers' order. */
  readonly own: readonly OwnDir[];
  /** Every XDG base dir, each below home. */
  readonly xdg: Readonly<Record<XdgBaseDir, string>>;
}

export type XdgBaseDir = "XDG_CONFIG_HOME" | "XDG_DATA_HOME" | "XDG_STATE_HOME" | "XDG_CACHE_HOME" | "XDG_RUNTIME_DIR";

/** Each XDG base dir's place in an isolated HOME: the spec's defaults (the runtime dir has none; a short name keeps socket paths short). */
const XDG_PLACES: Readonly<Record<XdgBaseDir, string>> = {
  XDG_CONFIG_HOME: ".config",
  XDG_DATA_HOME: ".local/share",
  XDG_STATE_HOME: ".local/state",
  XDG_CACHE_HOME: ".cache",
  XDG_RUNTIME_DIR: ".run",
};

/** The XDG base dirs below `home`; made 0700 like every dir of an isolated launch. */
export function xdgDirsBelow(home: string): Readonly<Record<XdgBaseDir, string>> {
  const out = {} as Record<XdgBaseDir, string>;
  for (const [name, place] of Object.entries(XDG_PLACES)) out[name as XdgBaseDir] = joinPath(home, place);
  return out;
}

export function joinPath(base: string, ...parts: string[]): string {
  return [base.replace(/\/+$/, ""), ...parts].join("/");
}

/** The relocatable dirs of the given harnesses, relative to HOME (a harness with no such variable has none). */
export function relocatableDirs(
  peers: readonly HarnessDescriptor[],
): readonly { readonly harness: string; readonly env: string; readonly homeDir: string }[] {
  const out: { harness: string; env: string; homeDir: string }[] = [];
  for (const d of peers) {
    const store = d.sessionStore.value;
    if (store?.dirEnv) out.push({ harness: d.name, env: store.dirEnv, homeDir: store.homeDir });
  }
  return out;
}

export function isolatedDirs(stateDir: string, peers: readonly HarnessDescriptor[]): IsolatedDirs {
  const home = joinPath(stateDir, "home");
  return {
    home,
    own: relocatableDirs(peers).map((r) => ({ harness: r.harness, env: r.env, path: joinPath(home, r.homeDir) })),
    xdg: xdgDirsBelow(home),
  };
}

/** The harness's own dir below the isolated HOME (its HOME-relative dir even when nothing relocates it). */
export function ownDirOf(dirs: IsolatedDirs, self: HarnessDescriptor): string {
  const listed = dirs.own.find((d) => d.harness === self.name);
  if (listed) return listed.path;
  const store = self.sessionStore.value;
  return joinPath(dirs.home, store ? store.homeDir : `.${self.name}`);
}

/** The env that points every harness below the state dir. */
export function isolationEnv(dirs: IsolatedDirs): Record<string, string> {
  const env: Record<string, string> = { HOME: dirs.home };
  for (const d of dirs.own) env[d.env] = d.path;
  Object.assign(env, dirs.xdg);
  return env;
}

export function isolationDirList(dirs: IsolatedDirs): string[] {
  return [dirs.home, ...dirs.own.map((d) => d.path), ...Object.values(dirs.xdg)];
}

/** The state dir, checked: absolute, no NUL. Required by --isolate and by file-based endpoints. */
export function requireStateDir(
  self: HarnessDescriptor,
  stateDir: string | undefined,
  option: "isolate" | "endpoint",
): string {
  if (stateDir?.startsWith("/") && !stateDir.includes("\0")) return stateDir;
  throw stateDirRefusal(self, stateDir, option);
}

/** The refusal for a missing or malformed state dir. */
export function stateDirRefusal(
  self: HarnessDescriptor,
  stateDir: string | undefined,
  option: "isolate" | "endpoint",
): Error {
  return refusal(
    self,
    "invalid-option-value",
    option,
    stateDir === undefined
      ? `${option} on ${self.name} needs a per-session state dir and none was created`
      : `state dir ${JSON.stringify(stateDir)} is not an absolute path`,
    ["TurnRequest.stateDir: an absolute directory the execution layer created"],
    "the execution layer creates the state dir for --isolate and --endpoint runs; this is an hmux bug if you see it from the CLI",
  );
}
