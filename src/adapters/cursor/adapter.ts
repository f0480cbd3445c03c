/** Cursor CLI (`agent`): -p stream-json turns; a session is one process per turn, resumed by id. No native pane. */
import type { HarnessModule } from "../adapter.js";
import { plan } from "./argv.js";
import { binary } from "./binary.js";
import { cursorOneShot } from "./capabilities.js";
import { credentialEnv } from "./credentials.js";
import { createDecoder } from "./decode.js";
import { cursorDecoding } from "./decoding.js";
import { descriptor } from "./descriptor.js";
import { nativeSpellings } from "./native-spellings.js";
import { pinned } from "./pinned.js";

export const cursor: HarnessModule = {
  name: cursorDecoding.name,
  descriptor,
  pinned,
  binary,
  credentialEnv,
  matchers: cursorDecoding.matchers,
  createDecoder,
  plan,
  session: { kind: "turn-per-process", channel: cursorOneShot },
  native: null,
  channels: [cursorOneShot],
  nativeSpellings,
};
