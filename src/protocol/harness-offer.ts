/**
 * The `harnesses` op's reply: what a launch at one folder can use, as the server's registry there
 * says (its user config, and the project's when trusted). A TUI's new-session dialog offers
 * exactly this list, so over `--host` it is the box's harnesses, not this machine's.
 */
import * as z from "zod/mini";
import type { Frozen } from "./frozen.js";
import { HarnessFieldSchema } from "./plan.js";

export const HarnessOfferSchema = z.lazy(() =>
  z.object({
    /** A harness name, or "shell" for a native kind. */
    name: z.string().check(z.minLength(1)),
    /** session: it runs as an event-stream session; native: its own UI in a pty ("shell" among these). */
    kind: z.enum(["session", "native"]),
    /** Whether the server finds its binary (a shell always is). */
    installed: z.boolean(),
    /** Its own settings, as the plan op returns them. */
    fields: z.array(HarnessFieldSchema),
  }),
);
export type HarnessOfferSummary = Frozen<z.infer<typeof HarnessOfferSchema>>;

export const HarnessesReplySchema = z.lazy(() =>
  z.object({
    harnesses: z.array(HarnessOfferSchema),
    /** The one a dialog offers first: the registry's first with a process session. */
    first: z.optional(z.string()),
  }),
);
export type HarnessesReply = Frozen<z.infer<typeof HarnessesReplySchema>>;
