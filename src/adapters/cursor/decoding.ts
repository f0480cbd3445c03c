/** What decoding Cursor CLI's recorded stream needs, apart from the rest of the folder: `hmux decode` loads only this. */
import { withExtras } from "../../core/classify.js";
import type { HarnessDecoding } from "../adapter.js";
import { createDecoder } from "./decode.js";
import { CURSOR_MATCHERS } from "./matchers.js";

export const cursorDecoding: HarnessDecoding = { name: "cursor", createDecoder, matchers: withExtras(CURSOR_MATCHERS) };
