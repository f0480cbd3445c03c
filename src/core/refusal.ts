import type { FailureSummary, NativeSpelling, RefusalIssue } from "./events.js";
import { failure } from "./failure.js";
import type { HarnessName } from "./harness-names.js";
import { HmuxError } from "./hmux-error.js";

export interface RefusalFields {
  readonly issue: RefusalIssue;
  readonly harness?: HarnessName;
  readonly option?: string;
  /** Values or options that would work here. */
  readonly supported?: readonly string[];
  /** Which harnesses express this option, and how they spell it. */
  readonly supportedBy?: readonly NativeSpelling[];
  /** The nearest alternative on the current harness. */
  readonly hint?: string;
}

/**
 * An option or input hmux will not turn into a spawn: always names an alternative. Its `issue`
 * is its code in the one vocabulary (src/core/error-codes.ts), which gives its exit and wire codes.
 */
export class RefusalError extends HmuxError implements RefusalFields {
  readonly issue: RefusalIssue;
  readonly harness?: HarnessName;
  readonly option?: string;
  readonly supported?: readonly string[];
  readonly supportedBy?: readonly NativeSpelling[];
  constructor(message: string, fields: RefusalFields) {
    super(fields.issue, message, fields.hint);
    this.name = "RefusalError";
    this.issue = fields.issue;
    this.harness = fields.harness;
    this.option = fields.option;
    this.supported = fields.supported;
    this.supportedBy = fields.supportedBy;
  }
  toFailure(): FailureSummary {
    const extra: Record<string, unknown> = { issue: this.issue };
    if (this.option !== undefined) extra.option = this.option;
    if (this.supported) extra.supported = this.supported;
    if (this.supportedBy) extra.supportedBy = this.supportedBy;
    if (this.hint !== undefined) extra.hint = this.hint;
    return failure("rejected", this.message, extra);
  }
}

export function isRefusal(err: unknown): err is RefusalError {
  return err instanceof RefusalError;
}
