/**
 * The seven control vectors against the real claude, through `hmux session claude --json`. Whether
 * replace must run or be refused by name is read from the capability table, like hmux does.
 */
import { CLAUDE_SESSION_CAPABILITIES } from "../../src/adapters/claude/session-bridge.js";
import { delivers } from "../../src/core/exec/session-bridge.js";
import { defineControlVectors } from "./session-vectors.js";

defineControlVectors("claude", { replace: delivers(CLAUDE_SESSION_CAPABILITIES, "tool.decide/replace") });
