/** What decoding Muse's recorded stream needs, apart from the rest of the folder: `hmux decode` loads only this. */
import { withExtras } from "../../core/classify.js";
import type { HarnessDecoding } from "../adapter.js";
import { createDecoder } from "./decode.js";

export const museDecoding: HarnessDecoding = { name: "muse", createDecoder, matchers: withExtras() };
