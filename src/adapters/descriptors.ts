/** Every harness descriptor, in HARNESS_NAMES order: refusals derive supportedBy from this. */
import type { HarnessDescriptor } from "../core/descriptor.js";
import type { HarnessName } from "../core/harness-names.js";
import { descriptor as claude } from "./claude/descriptor.js";
import { descriptor as codex } from "./codex/descriptor.js";
import { descriptor as cursor } from "./cursor/descriptor.js";
import { descriptor as muse } from "./muse/descriptor.js";
import { descriptor as pi } from "./pi/descriptor.js";

export const DESCRIPTORS: Readonly<Record<HarnessName, HarnessDescriptor>> = Object.freeze({
  claude,
  codex,
  pi,
  muse,
  cursor,
});
export const ALL_DESCRIPTORS: readonly HarnessDescriptor[] = Object.freeze([claude, codex, pi, muse, cursor]);
