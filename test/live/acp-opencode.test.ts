/** opencode (a pinned ACP agent) through hmux's real path against the scripted model (cases in helpers/acp-suite.ts). */
import { defineAcpAgentSuite } from "./helpers/acp-suite.js";

defineAcpAgentSuite("opencode", { gatedShell: "bash", afterDeny: "turn-ends" });
