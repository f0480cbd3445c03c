/** codex through hmux's real path against the scripted model (cases in helpers/harness-suite.ts). */
import { defineHarnessSuite } from "./helpers/harness-suite.js";

// codex never gives up on an unreachable provider (docs/harness-facts.md#stalls-and-retries): only hmux's own timeout ends it.
defineHarnessSuite("codex", { unreachable: "timeout", statusHidden: [500] });
