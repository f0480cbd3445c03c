/** pi through hmux's real path against the scripted model (cases in helpers/harness-suite.ts). */
import { defineHarnessSuite } from "./helpers/harness-suite.js";

defineHarnessSuite("pi", { unreachable: "transport" });
