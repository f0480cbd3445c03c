/** Muse: exec --json turns; a session is one process per turn, resumed by id. No native pane. */
import { withExtras } from "../../core/classify.js";
import type { HarnessModule } from "../adapter.js";
import { planTurn } from "./argv.js";
import { binary } from "./binary.js";
import { museOneShot } from "./capabilities.js";
import { credentialEnv } from "./credentials.js";
import { createDecoder } from "./decode.js";
import { descriptor } from "./descriptor.js";
import { nativeSpellings } from "./native-spellings.js";
import { pinned } from "./pinned.js";

export const muse: HarnessModule = {
  name: descriptor.name,
  descriptor,
  pinned,
  binary,
  credentialEnv,
  matchers: withExtras(),
  createDecoder,
  planTurn,
  session: { kind: "turn-per-process", channel: museOneShot },
  native: null,
  channels: [museOneShot],
  nativeSpellings,
};
