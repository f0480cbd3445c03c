/** muse's own flags for what hmux spells its own way (its --help): typed before `--`, they are redirected. */
import type { NativeFlagSpelling } from "../../core/argv/native-spelling.js";

export const nativeSpellings: readonly NativeFlagSpelling[] = [
  { flag: "--yolo", option: "autonomy", normalized: "--autonomy" },
  { flag: "--reasoning-effort", option: "effort", normalized: "--effort" },
  { flag: "--disable-write", option: "muse.write", normalized: "--no-muse-write" },
  { flag: "--disable-shell", option: "muse.shell", normalized: "--no-muse-shell" },
  { flag: "--max-model-steps", option: "muse.maxSteps", normalized: "--muse-max-steps" },
];
