/**
 * Pieces a pinned ACP agent's folder (src/adapters/<name>/) builds its module from, beside its
 * definition: where its npm package keeps its program, and its decoding for `hmux decode`.
 */
import type { HarnessDecoding } from "../adapter.js";
import type { BinaryFacts } from "../binary-facts.js";
import { ACP_MATCHERS, createAcpDecoder } from "./decoder.js";

/** A program shipped as a JS entry of its package, run with hmux's own node (no `node` needed on PATH). */
export function jsEntryBinary(npmPackage: string, entry: readonly string[]): BinaryFacts {
  return {
    npmPackage,
    platformPackages: [],
    installHint: `run \`npm ci\` in the harnessmux folder, or \`npm i -g ${npmPackage}\``,
    locateInPackage(site) {
      const script = site.probe.join(site.modules, npmPackage, ...entry);
      return site.probe.exists(script)
        ? { found: { executable: site.nodePath, prefixArgs: [script], source: "pinned-package" }, notes: [] }
        : { found: null, notes: [] };
    },
  };
}

/** A recorded ACP stream of the agent, decoded as the live bridge reads it. */
export function acpDecoding(name: string): HarnessDecoding {
  return { name, createDecoder: createAcpDecoder, matchers: ACP_MATCHERS };
}
