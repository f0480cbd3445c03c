/** cursor's own flags for what hmux spells its own way (its --help): typed before `--`, they are redirected. */
import { ALWAYS_HEADLESS, type NativeFlagSpelling } from "../../core/argv/native-spelling.js";

export const nativeSpellings: readonly NativeFlagSpelling[] = [
  { flag: "--yolo", option: "autonomy", normalized: "--autonomy" },
  { flag: "--force", option: "autonomy", normalized: "--autonomy" },
  { flag: "--continue", option: "resumeLast", normalized: "--resume-last" },
  { flag: "--output-format", spelling: "--output-format stream-json", option: "output", normalized: "--json" },
  { flag: "-p", option: "print", normalized: ALWAYS_HEADLESS },
  { flag: "--print", option: "print", normalized: ALWAYS_HEADLESS },
];
