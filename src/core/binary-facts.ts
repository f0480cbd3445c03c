/**
 * How a harness is installed, as facts the binary resolver (src/spawn/binaries.ts) walks and
 * each adapter supplies (src/adapters/<harness>/binary.ts): the npm package pinned in
 * package.json, where inside node_modules the real executable sits, and what to tell a user
 * who has none. The PATH name is the descriptor's `binary` fact. Locating reads the disk only
 * through the FileProbe it is handed, so it is testable with a fake tree and the resolver keeps
 * the order (override, pinned package, PATH) in one place. The contract lives in the core
 * because two outer layers meet on it.
 */
/** Read-only questions about the disk, answered by the resolver. */
export interface FileProbe {
  isExecutable(path: string): boolean;
  exists(path: string): boolean;
  /** Entry names of a directory; empty when it cannot be read. */
  list(dir: string): readonly string[];
  /** The file's text when it is smaller than maxBytes, else null (also when unreadable). */
  smallText(path: string, maxBytes: number): string | null;
  join(...parts: string[]): string;
}

/** Where the pinned packages live and what machine hmux runs on. */
export interface PackageSite {
  /** The node_modules folder holding the pinned harness packages. */
  readonly modules: string;
  readonly platform: string;
  readonly arch: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The node running hmux: a harness shipped as a JS entry runs under it. */
  readonly nodePath: string;
  readonly probe: FileProbe;
}

export type PackageSource = "pinned-package" | "platform-binary" | "node-wrapper" | "configured";

export interface PackageCandidate {
  readonly executable: string;
  readonly prefixArgs: readonly string[];
  readonly source: PackageSource;
}

export interface PackageLookup {
  readonly found: PackageCandidate | null;
  /** Why a preferred candidate was skipped (shown with the pick, or in the missing-binary message). */
  readonly notes: readonly string[];
}

export interface BinaryFacts {
  /** The npm package package.json pins, or null for a harness installed outside npm. */
  readonly npmPackage: string | null;
  /** npm packages this harness was published under before `npmPackage` (they get no new releases). */
  readonly formerNpmPackages?: readonly string[];
  /** Per-platform packages the real executable ships in ("<platform>-<arch>" filled in), if any. */
  readonly platformPackages: readonly string[];
  /** What to do when no binary is found at all. */
  readonly installHint: string;
  /** The pinned install inside node_modules; absent for a harness npm does not ship. */
  locateInPackage?(site: PackageSite): PackageLookup;
  /** An executable that is only a placeholder for the real one (it must not be run, even from PATH). */
  isPlaceholder?(path: string, probe: FileProbe): boolean;
}
