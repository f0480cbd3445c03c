/** What decoding claude-acp's recorded ACP stream needs: `hmux decode` loads only this. */
import { acpDecoding } from "../acp-kind/pinned-agent.js";

export const claudeAcpDecoding = acpDecoding("claude-acp");
