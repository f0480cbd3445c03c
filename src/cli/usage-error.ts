/**
 * A command line hmux cannot read: a flag it does not know, a missing argument, a bad combination.
 * Apart from the error reporting (errors.ts), which a clean start never loads: a flag's parser
 * throws it while the command line is read, so every command's declaration needs it (command-lines/).
 */
import { USAGE_CODE } from "../core/error-codes.js";
import { HmuxError } from "../core/hmux-error.js";

export class UsageError extends HmuxError {
  constructor(message: string, hint?: string) {
    super(USAGE_CODE, message, hint);
    this.name = "UsageError";
  }
}
