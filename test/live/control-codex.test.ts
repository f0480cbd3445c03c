/**
 * The seven control vectors against the real codex, through `hmux session codex --json`. Whether
 * replace must run or be refused by name is read from the capability table, like hmux does.
 */
import { CODEX_SESSION_CAPABILITIES } from "../../src/adapters/codex/session-bridge.js";
import { delivers } from "../../src/core/exec/session-bridge.js";
import { defineControlVectors } from "./session-vectors.js";

defineControlVectors("codex", { replace: delivers(CODEX_SESSION_CAPABILITIES, "tool.decide/replace") });
