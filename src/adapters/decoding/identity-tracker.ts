import type { DecoderContext } from "../../core/decoder.js";
import type { HarnessEvent } from "../../core/events.js";
import type { HarnessName } from "../../core/harness-names.js";

/**
 * Tracks the session id a stream announces. The first sighting is `identity`; a repeat of the
 * same id (claude re-announces per turn) is a `progress`, never a second identity; a different
 * id is an `error` naming the rotation followed by a fresh harness-minted identity.
 */
export class IdentityTracker {
  private current: string | undefined;
  constructor(
    private readonly harness: HarnessName,
    private readonly context: DecoderContext,
  ) {}

  get sessionId(): string | undefined {
    return this.current;
  }

  announce(id: unknown, model?: string): HarnessEvent[] {
    if (typeof id !== "string" || id.trim() === "") {
      return [
        { kind: "error", message: `identity malformed: ${this.harness} announced session id ${JSON.stringify(id)}` },
      ];
    }
    if (this.current === id) return [{ kind: "progress", label: "identity-repeat", detail: id }];
    const out: HarnessEvent[] = [];
    const requested = this.context.requestedSessionId;
    if (this.current !== undefined) {
      out.push({
        kind: "error",
        message: `identity rotated: ${this.harness} switched session from ${this.current} to ${id}`,
      });
    } else if (requested !== undefined && requested !== id && !this.context.resumeLast) {
      out.push({
        kind: "error",
        message: `identity rotated: requested session ${requested}, ${this.harness} announced ${id}`,
      });
    }
    const callerAssigned = this.current === undefined && requested !== undefined && requested === id;
    this.current = id;
    out.push({
      kind: "identity",
      harness: this.harness,
      sessionId: id,
      authority: callerAssigned ? "caller-assigned" : "harness-minted",
      ...(model ? { model } : {}),
      ...(this.context.resumeLast ? { resumeLast: true } : {}),
    });
    return out;
  }
}
