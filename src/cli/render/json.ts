import type { HarnessEvent } from "../../core/events.js";
import type { Output } from "./output.js";

/** NDJSON: one HarnessEvent per line, nothing else on stdout. */
export class JsonRenderer {
  constructor(private readonly output: Output) {}
  render(event: HarnessEvent): boolean {
    return this.output.out(`${JSON.stringify(event)}\n`);
  }
}
