/** The seven control vectors against the real codex, through `hmux session codex --json`. */
import { defineControlVectors } from "./session-vectors.js";

defineControlVectors("codex", { replace: false });
