/** What decoding Codex's recorded stream needs, apart from the rest of the folder: `hmux decode` loads only this. */
import { withExtras } from "../../core/classify.js";
import type { HarnessDecoding } from "../adapter.js";
import { createDecoder } from "./decode.js";
import { CODEX_MATCHERS } from "./matchers.js";

export const codexDecoding: HarnessDecoding = { name: "codex", createDecoder, matchers: withExtras(CODEX_MATCHERS) };
