/** codex's own flags for what hmux spells its own way (its --help): typed before `--`, they are redirected. */
import type { NativeFlagSpelling } from "../../core/argv/native-spelling.js";

export const nativeSpellings: readonly NativeFlagSpelling[] = [
  { flag: "--dangerously-bypass-approvals-and-sandbox", option: "autonomy", normalized: "--autonomy" },
  { flag: "-m", option: "model", normalized: "--model" },
  { flag: "-s", option: "codex.sandbox", normalized: "--codex-sandbox" },
  { flag: "--last", spelling: "exec resume --last", option: "resumeLast", normalized: "--resume-last" },
  // codex's -c sets a config key, which hmux passes through verbatim after --.
  { flag: "-c", spelling: "-c key=value", option: "passthrough", normalized: "`-- -c key=value`", sense: "config" },
  { flag: "--config", option: "passthrough", normalized: "`-- -c key=value` (codex config after --)" },
];
