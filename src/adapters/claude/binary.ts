/**
 * Where Claude Code's executable is. npm's `bin` is a ~500-byte stub when install scripts
 * were skipped: the real binary then sits in a platform package, musl builds first on
 * Alpine-like systems. The stub must never be run, not even when it is the one on PATH.
 */
import type { BinaryFacts, FileProbe, PackageSite } from "../binary-facts.js";

const PACKAGE = "@anthropic-ai/claude-code";
/** A bin smaller than this is the "native binary not installed" stub, not the CLI. */
const STUB_MAX_BYTES = 64 * 1024;

function isStub(path: string, probe: FileProbe): boolean {
  const text = probe.smallText(path, STUB_MAX_BYTES);
  return text !== null && /not installed|install\.cjs|postinstall/i.test(text);
}

/** Platform package suffixes, most specific first. */
function platformDirs(site: PackageSite): string[] {
  const base = `${site.platform}-${site.arch}`;
  if (site.platform !== "linux") return [base];
  const musl = site.env.HMUX_LIBC === "musl" || site.probe.exists("/etc/alpine-release");
  return musl ? [`${base}-musl`, base] : [base, `${base}-musl`];
}

export const binary: BinaryFacts = {
  npmPackage: PACKAGE,
  platformPackages: [`${PACKAGE}-<platform>-<arch>`, `${PACKAGE}-<platform>-<arch>-musl`],
  installHint:
    "run `npm ci` in the harnessmux folder (with install scripts enabled), or install Claude Code so `claude` is on PATH",
  locateInPackage(site) {
    const { probe } = site;
    const notes: string[] = [];
    const bin = probe.join(site.modules, PACKAGE, "bin", "claude.exe");
    if (probe.isExecutable(bin) && !isStub(bin, probe))
      return { found: { executable: bin, prefixArgs: [], source: "pinned-package" }, notes };
    if (probe.exists(bin)) notes.push(`${bin} is the install stub (npm skipped claude-code's install script)`);
    for (const dir of platformDirs(site)) {
      const native = probe.join(site.modules, `${PACKAGE}-${dir}`, "claude");
      if (probe.isExecutable(native))
        return { found: { executable: native, prefixArgs: [], source: "platform-binary" }, notes };
    }
    return { found: null, notes };
  },
  isPlaceholder: isStub,
};
