/** Muse: exec --json turns; a session is one process per turn, resumed by id. No native pane. */
import type { HarnessModule } from "../adapter.js";
import { plan } from "./argv.js";
import { binary } from "./binary.js";
import { museOneShot } from "./capabilities.js";
import { credentialEnv } from "./credentials.js";
import { createDecoder } from "./decode.js";
import { museDecoding } from "./decoding.js";
import { descriptor } from "./descriptor.js";
import { nativeSpellings } from "./native-spellings.js";
import { museOptions } from "./options.js";
import { pinned } from "./pinned.js";

export const muse: HarnessModule = {
  name: museDecoding.name,
  descriptor,
  pinned,
  binary,
  credentialEnv,
  matchers: museDecoding.matchers,
  createDecoder,
  plan,
  session: { kind: "turn-per-process", channel: museOneShot },
  native: null,
  channels: [museOneShot],
  options: museOptions,
  nativeSpellings,
};
