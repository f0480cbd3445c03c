/** What decoding pi's recorded stream needs, apart from the rest of the folder: `hmux decode` loads only this. */
import { withExtras } from "../../core/classify.js";
import type { HarnessDecoding } from "../adapter.js";
import { createDecoder } from "./decode.js";
import { PI_MATCHERS } from "./matchers.js";

export const piDecoding: HarnessDecoding = { name: "pi", createDecoder, matchers: withExtras(PI_MATCHERS) };
