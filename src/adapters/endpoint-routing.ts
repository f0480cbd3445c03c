/**
 * An adapter's endpoint routing data (HarnessDescriptor.endpoint.data), read through the schema
 * its module declares: the core keeps it opaque, the adapter gets it typed, and a malformed
 * descriptor fails when its folder loads rather than at the first --endpoint run.
 */

import * as z from "zod/mini";
import type { HarnessDescriptor } from "../core/descriptor.js";
import { HmuxError } from "../core/hmux-error.js";

export function routingData<T>(descriptor: HarnessDescriptor, schema: z.ZodMiniType<T>): T {
  const routing = descriptor.endpoint.value;
  if (routing === null)
    throw new HmuxError("invalid-harness", `harness ${descriptor.name} declares no endpoint routing`);
  const parsed = z.safeParse(schema, routing.data);
  if (!parsed.success)
    throw new HmuxError(
      "invalid-harness",
      `harness ${descriptor.name}: its endpoint routing data: ${parsed.error.issues.map((i) => `${i.path.join(".") || "data"}: ${i.message}`).join("; ")}`,
    );
  return parsed.data;
}
