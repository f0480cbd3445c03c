/** Cursor CLI installs by script (binary `agent`), not from npm: only an override or PATH can supply it. */
import type { BinaryFacts } from "../binary-facts.js";

export const binary: BinaryFacts = {
  npmPackage: null,
  platformPackages: [],
  installHint: "install Cursor CLI (binary `agent`) so it is on PATH, or set HMUX_CURSOR_BIN",
};
