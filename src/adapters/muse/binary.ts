/** Muse is built from source, not shipped on npm: only an override or PATH can supply it. */
import type { BinaryFacts } from "../binary-facts.js";

export const binary: BinaryFacts = {
  npmPackage: null,
  platformPackages: [],
  installHint: "install Muse from source so `muse` is on PATH, or set HMUX_MUSE_BIN",
};
