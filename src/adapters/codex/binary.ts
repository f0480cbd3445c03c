/**
 * Where Codex's executable is. On node 20 killing codex's node wrapper orphans its native
 * binary, so the native binary in the platform package (vendor/<target triple>/bin) is run
 * directly when it can be found; the wrapper is the fallback, killed as a process group.
 */
import type { BinaryFacts, PackageSite } from "../binary-facts.js";

const PACKAGE = "@openai/codex";

function nativeBinary(site: PackageSite): string | undefined {
  const { probe } = site;
  const vendor = probe.join(site.modules, `${PACKAGE}-${site.platform}-${site.arch}`, "vendor");
  for (const triple of probe.list(vendor)) {
    const bin = probe.join(vendor, triple, "bin", site.platform === "win32" ? "codex.exe" : "codex");
    if (probe.isExecutable(bin)) return bin;
  }
  return undefined;
}

export const binary: BinaryFacts = {
  npmPackage: PACKAGE,
  platformPackages: [`${PACKAGE}-<platform>-<arch>`],
  installHint: "run `npm ci` in the harnessmux folder, or install Codex so `codex` is on PATH",
  locateInPackage(site) {
    const native = nativeBinary(site);
    if (native) return { found: { executable: native, prefixArgs: [], source: "platform-binary" }, notes: [] };
    const wrapper = site.probe.join(site.modules, PACKAGE, "bin", "codex.js");
    if (!site.probe.exists(wrapper)) return { found: null, notes: [] };
    return {
      found: { executable: site.nodePath, prefixArgs: [wrapper], source: "node-wrapper" },
      notes: ["codex's native binary was not found; running its node wrapper (killed as a process group)"],
    };
  },
};
