/** What decoding codex-acp's recorded ACP stream needs: `hmux decode` loads only this. */
import { acpDecoding } from "../acp-kind/pinned-agent.js";

export const codexAcpDecoding = acpDecoding("codex-acp");
