/** The seven control vectors against the real claude, through `hmux session claude --json`. */
import { defineControlVectors } from "./session-vectors.js";

defineControlVectors("claude", { replace: true });
