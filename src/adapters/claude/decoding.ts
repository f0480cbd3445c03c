/** What decoding Claude Code's recorded stream needs, apart from the rest of the folder: `hmux decode` loads only this. */
import { withExtras } from "../../core/classify.js";
import type { HarnessDecoding } from "../adapter.js";
import { createDecoder } from "./decode.js";
import { CLAUDE_MATCHERS } from "./matchers.js";

export const claudeDecoding: HarnessDecoding = { name: "claude", createDecoder, matchers: withExtras(CLAUDE_MATCHERS) };
