/** What decoding qwen's recorded ACP stream needs: `hmux decode` loads only this. */
import { acpDecoding } from "../acp-kind/pinned-agent.js";

export const qwenDecoding = acpDecoding("qwen");
