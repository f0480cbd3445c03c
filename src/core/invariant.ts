/**
 * A state hmux's own code never reaches when it is right: a caller broke a contract that the
 * types cannot say. It is an HmuxError coded `internal` (the server answers it as `internal`, the
 * CLI exits with the table's code), and its message names the contract so a report says which.
 * Never for input: a bad file, flag, config, wire line or harness output is a typed refusal.
 */
import { HmuxError } from "./hmux-error.js";

export class InvariantError extends HmuxError {
  constructor(contract: string) {
    super("internal", `hmux broke its own contract: ${contract}`, "this is a bug in hmux; please report it");
    this.name = "InvariantError";
  }
}

/** Holds `condition`, or throws an InvariantError naming the contract it breaks. */
export function invariant(condition: unknown, contract: string): asserts condition {
  if (!condition) throw new InvariantError(contract);
}

/** A branch the contract says is never taken. */
export function unreachable(contract: string): never {
  throw new InvariantError(contract);
}
