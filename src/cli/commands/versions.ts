/** Installed versus pinned, for every harness: shared by `hmux ls` and `hmux check`. */
import { PINNED_VERSIONS } from "../../adapters/pinned-versions.js";
import { HARNESS_NAMES, type HarnessName } from "../../core/harness-names.js";
import { type BinarySource, probeVersion, resolveBinary } from "../../spawn/binaries.js";

export type DriftStatus = "match" | "drift" | "not-installed" | "version-unknown";

export interface HarnessVersionRow {
  readonly harness: HarnessName;
  readonly pinned: string;
  readonly pinnedBasis: string;
  readonly installed: string | null;
  readonly executable: string | null;
  readonly source: BinarySource | null;
  readonly status: DriftStatus;
  readonly detail?: string;
}

export async function versionRows(): Promise<HarnessVersionRow[]> {
  return Promise.all(
    HARNESS_NAMES.map(async (harness): Promise<HarnessVersionRow> => {
      const pin = PINNED_VERSIONS[harness];
      const base = { harness, pinned: pin.version, pinnedBasis: pin.basis };
      const found = resolveBinary(harness);
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
      const status: DriftStatus = !comparable ? "version-unknown" : probe.version === pin.version ? "match" : "drift";
      return { ...common, installed: probe.version, status };
    }),
  );
}
