/**
 * Where pi's executable is: the package's `bin.pi`, a JS entry (1.x moved to @earendil-works and
 * bundles its CLI), run with hmux's own node so the child needs no `node` on PATH.
 */
import type { BinaryFacts } from "../binary-facts.js";

const PACKAGE = "@earendil-works/pi-coding-agent";

export const binary: BinaryFacts = {
  npmPackage: PACKAGE,
  formerNpmPackages: ["@mariozechner/pi-coding-agent"],
  platformPackages: [],
  installHint: `run \`npm ci\` in the harnessmux folder, or \`npm i -g ${PACKAGE}\``,
  locateInPackage(site) {
    const script = site.probe.join(site.modules, PACKAGE, "dist", "bundle", "cli.js");
    return site.probe.exists(script)
      ? { found: { executable: site.nodePath, prefixArgs: [script], source: "pinned-package" }, notes: [] }
      : { found: null, notes: [] };
  },
};
