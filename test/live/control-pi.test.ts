/**
 * The seven control vectors against the real pi, through `hmux session pi --json`. Whether
 * replace must run or be refused by name is read from the capability table, like hmux does.
 */
import { PI_SESSION_CAPABILITIES } from "../../src/adapters/pi/session-bridge.js";
import { delivers } from "../../src/core/exec/session-bridge.js";
import { defineControlVectors } from "./session-vectors.js";

defineControlVectors("pi", { replace: delivers(PI_SESSION_CAPABILITIES, "tool.decide/replace") });
