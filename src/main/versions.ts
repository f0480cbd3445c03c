/** Installed versus pinned, for every harness: shared by `hmux harnesses` and `hmux check`. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { HarnessAdapter } from "../adapters/adapter.js";
import type { HarnessRegistry } from "../adapters/registry.js";
import { relocatableDirs } from "../core/argv/isolation.js";
import type { HarnessName } from "../core/harness-names.js";
import { type BinarySource, packageRoot, probeVersion, resolveBinary } from "../spawn/binaries.js";
import { findMovedInstalls, type MovedInstall } from "../spawn/moved-packages.js";

/** "moved": the binary hmux would run comes from a package that moved to a new name. */
export type DriftStatus = "match" | "drift" | "moved" | "not-installed" | "version-unknown";

export interface HarnessVersionRow {
  readonly harness: HarnessName;
  readonly pinned: string;
  readonly pinnedBasis: string;
  readonly installed: string | null;
  readonly executable: string | null;
  readonly source: BinarySource | null;
  readonly status: DriftStatus;
  readonly detail?: string;
  /** Installs of the harness's former npm package (on PATH or in node_modules), each with its fix. */
  readonly moved?: readonly MovedInstall[];
}

export interface VersionRowOptions {
  /** Where binaries are looked up (PATH, HMUX_<HARNESS>_BIN): the composition root's environment. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The user's project folder, whose node_modules may hold an old install. */
  readonly cwd?: string;
  /** The harnesses to report: the registry in force, so a harness registered in config is listed too. */
  readonly registry: HarnessRegistry;
}

function movedInstalls(
  adapter: HarnessAdapter,
  options: VersionRowOptions,
  binaryFiles: readonly string[],
): MovedInstall[] {
  const to = adapter.binary.npmPackage;
  const former = adapter.binary.formerNpmPackages ?? [];
  if (!to || former.length === 0) return [];
  const hmuxRoot = packageRoot();
  return findMovedInstalls(
    former.map((from) => ({ from, to, toVersion: adapter.pinned.version })),
    {
      binaryName: adapter.descriptor.binary.value,
      pathVar: options.env.PATH,
      roots: [hmuxRoot, options.cwd ?? process.cwd()],
      hmuxRoot,
      binaryFiles,
    },
  );
}

/**
 * The version in its package.json, for a pinned package whose program prints none (pi-acp answers
 * `--version` by starting ACP on a closed stdin, and exits saying nothing).
 */
function packageVersion(adapter: HarnessAdapter, source: BinarySource): { version: string; error?: string } | null {
  const pkg = adapter.binary.npmPackage;
  if (!pkg || source !== "pinned-package") return null;
  try {
    const meta = JSON.parse(readFileSync(join(packageRoot(), "node_modules", pkg, "package.json"), "utf8")) as {
      version?: unknown;
    };
    return typeof meta.version === "string" ? { version: meta.version } : null;
  } catch {
    return null;
  }
}

export async function versionRows(options: VersionRowOptions): Promise<HarnessVersionRow[]> {
  const { registry } = options;
  const ownDirs = relocatableDirs(registry.descriptors);
  return Promise.all(
    registry.adapters.map(async (adapter): Promise<HarnessVersionRow> => {
      const pin = adapter.pinned;
      const found = resolveBinary(adapter, { env: options.env });
      const files = found.ok ? [found.binary.executable, ...found.binary.prefixArgs] : [];
      const moved = movedInstalls(adapter, options, files);
      const base = {
        harness: adapter.name,
        pinned: pin.version,
        pinnedBasis: pin.basis,
        ...(moved.length > 0 ? { moved } : {}),
      };
      if (!found.ok)
        return {
          ...base,
          installed: null,
          executable: null,
          source: null,
          status: "not-installed",
          detail: found.hint,
        };
      const printed = await probeVersion(found.binary, ownDirs);
      const probe = printed.version === null ? (packageVersion(adapter, found.binary.source) ?? printed) : printed;
      const common = {
        ...base,
        executable: [found.binary.executable, ...found.binary.prefixArgs].join(" "),
        source: found.binary.source,
      };
      if (probe.version === null)
        return { ...common, installed: null, status: "version-unknown", detail: probe.error ?? "no version printed" };
      // A pin that is not a version (cursor's doc date) cannot drift by comparison; report it as unknown.
      const comparable = /^\d+\.\d+\.\d+/.test(pin.version);
      const runsMoved = moved.some((m) => m.via === "binary");
      const status: DriftStatus = runsMoved
        ? "moved"
        : !comparable
          ? "version-unknown"
          : probe.version === pin.version
            ? "match"
            : "drift";
      return { ...common, installed: probe.version, status };
    }),
  );
}
