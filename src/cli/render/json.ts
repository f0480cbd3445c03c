import type { SessionEvent } from "../../core/control/types.js";
import type { Output } from "./output.js";

/** NDJSON: one event per line (HarnessEvents, and hmux's decisions on a gated turn's calls), nothing else on stdout. */
export class JsonRenderer {
  constructor(private readonly output: Output) {}
  render(event: SessionEvent): boolean {
    return this.output.out(`${JSON.stringify(event)}\n`);
  }
}
