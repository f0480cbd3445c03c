/** Installed versus pinned, for every harness: shared by `hmux ls` and `hmux check`. */
import { PINNED_VERSIONS } from "../../adapters/pinned-versions.js";
import { HARNESS_NAMES, type HarnessName } from "../../core/harness-names.js";
import { type BinarySource, PATH_NAMES, packageRoot, probeVersion, resolveBinary } from "../../spawn/binaries.js";
import { findMovedInstalls, type MovedInstall } from "../../spawn/moved-packages.js";

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
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The user's project folder, whose node_modules may hold an old install. */
  readonly cwd?: string;
}

function movedInstalls(
  harness: HarnessName,
  options: VersionRowOptions,
  binaryFiles: readonly string[],
): MovedInstall[] {
  const pin = PINNED_VERSIONS[harness];
  const to = pin.npmPackage;
  if (!to || !pin.formerNpmPackages?.length) return [];
  const hmuxRoot = packageRoot();
  return findMovedInstalls(
    pin.formerNpmPackages.map((from) => ({ from, to, toVersion: pin.version })),
    {
      binaryName: PATH_NAMES[harness],
      pathVar: (options.env ?? process.env).PATH,
      roots: [hmuxRoot, options.cwd ?? process.cwd()],
      hmuxRoot,
      binaryFiles,
    },
  );
}

export async function versionRows(options: VersionRowOptions = {}): Promise<HarnessVersionRow[]> {
  return Promise.all(
    HARNESS_NAMES.map(async (harness): Promise<HarnessVersionRow> => {
      const pin = PINNED_VERSIONS[harness];
      const found = resolveBinary(harness, options.env ? { env: options.env } : {});
      const files = found.ok ? [found.binary.executable, ...found.binary.prefixArgs] : [];
      const moved = movedInstalls(harness, options, files);
      const base = { harness, pinned: pin.version, pinnedBasis: pin.basis, ...(moved.length > 0 ? { moved } : {}) };
      if (!found.ok)
        return {
          ...base,
          installed: null,
          executable: null,
          source: null,
          status: "not-installed",
          detail: found.hint,
        };
      const probe = await probeVersion(found.binary);
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
