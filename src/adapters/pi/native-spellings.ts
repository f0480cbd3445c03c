/** pi's own flags for what hmux spells its own way (its --help): typed before `--`, they are redirected. */
import { ALWAYS_HEADLESS, type NativeFlagSpelling } from "../../core/argv/native-spelling.js";

export const nativeSpellings: readonly NativeFlagSpelling[] = [
  { flag: "-t", option: "tools", normalized: "--tools" },
  { flag: "--thinking", option: "effort", normalized: "--effort" },
  { flag: "-nt", option: "discovery", normalized: "--no-tools" },
  { flag: "--no-context-files", option: "discovery", normalized: "--no-instruction-files" },
  { flag: "-nc", option: "discovery", normalized: "--no-instruction-files" },
  { flag: "-ne", option: "discovery", normalized: "--no-extensions" },
  { flag: "-ns", option: "discovery", normalized: "--no-skills" },
  { flag: "--continue", option: "resumeLast", normalized: "--resume-last" },
  { flag: "-c", option: "resumeLast", normalized: "--resume-last" },
  { flag: "-r", option: "resume", normalized: "--resume" },
  { flag: "--session", option: "resume", normalized: "--resume" },
  { flag: "--mode", spelling: "--mode json", option: "output", normalized: "--json" },
  { flag: "-p", option: "print", normalized: ALWAYS_HEADLESS },
  { flag: "--print", option: "print", normalized: ALWAYS_HEADLESS },
];
