/** The seven control vectors against the real pi, through `hmux session pi --json`. */
import { defineControlVectors } from "./session-vectors.js";

defineControlVectors("pi", { replace: true });
