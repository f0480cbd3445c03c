/** What decoding pi-acp's recorded ACP stream needs: `hmux decode` loads only this. */
import { acpDecoding } from "../acp-kind/pinned-agent.js";

export const piAcpDecoding = acpDecoding("pi-acp");
