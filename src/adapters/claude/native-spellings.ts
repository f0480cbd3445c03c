/** claude's own flags for what hmux spells its own way (its --help): typed before `--`, they are redirected. */
import { ALWAYS_HEADLESS, type NativeFlagSpelling } from "../../core/argv/native-spelling.js";

export const nativeSpellings: readonly NativeFlagSpelling[] = [
  { flag: "--allowedTools", option: "tools", normalized: "--tools" },
  { flag: "--allowed-tools", option: "tools", normalized: "--tools" },
  { flag: "--disallowedTools", option: "excludeTools", normalized: "--exclude-tools" },
  { flag: "--disallowed-tools", option: "excludeTools", normalized: "--exclude-tools" },
  { flag: "--dangerously-skip-permissions", option: "autonomy", normalized: "--autonomy" },
  { flag: "--disable-slash-commands", option: "discovery", normalized: "--no-skills" },
  {
    flag: "--setting-sources",
    spelling: "--setting-sources project",
    option: "discovery",
    normalized: "--no-extensions",
  },
  { flag: "--bare", option: "isolation", normalized: "--isolation tool-free" },
  { flag: "--continue", option: "resumeLast", normalized: "--resume-last" },
  { flag: "-c", option: "resumeLast", normalized: "--resume-last" },
  { flag: "-r", option: "resume", normalized: "--resume" },
  { flag: "--output-format", spelling: "--output-format stream-json", option: "output", normalized: "--json" },
  { flag: "-p", option: "print", normalized: ALWAYS_HEADLESS },
  { flag: "--print", option: "print", normalized: ALWAYS_HEADLESS },
];
