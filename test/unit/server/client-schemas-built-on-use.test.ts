/**
 * The schemas a client reads the server's lines with are each built at their first use (z.lazy),
 * not when src/protocol is imported: `hmux ls` reads a hello, a reply envelope and the list
 * payload, and building every message's and reply's schema at import cost it about 6 ms of CPU
 * (npm run bench -- startup). requests.ts is left out: only the server reads requests, and it
 * builds their union at start (the op table reads the ops off it).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const PROTOCOL = join(import.meta.dirname, "..", "..", "..", "src", "protocol");
// index.ts re-exports every module, requests.ts among them; each of the others is checked on its own.
const SERVER_ONLY = ["requests.ts", "index.ts"];

interface Schema {
  readonly _zod: { readonly def: { readonly type: string } };
}
const isSchema = (v: unknown): v is Schema => typeof v === "object" && v !== null && "_zod" in v;

/** Every schema a module exports, by its export name, a table's entries (MESSAGE_SCHEMAS, REPLY_SCHEMAS) by name.key. */
function exportedSchemas(module: Record<string, unknown>): [string, Schema][] {
  return Object.entries(module).flatMap(([name, value]): [string, Schema][] => {
    if (isSchema(value)) return [[name, value]];
    if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
    return Object.entries(value)
      .filter((entry): entry is [string, Schema] => isSchema(entry[1]))
      .map(([key, schema]) => [`${name}.${key}`, schema]);
  });
}

describe("the client's protocol schemas", () => {
  const files = readdirSync(PROTOCOL).filter((f) => f.endsWith(".ts") && !SERVER_ONLY.includes(f));

  it.each(files)("%s exports each schema as one built at its first use", async (file) => {
    const module = (await import(join(PROTOCOL, file))) as Record<string, unknown>;
    const eager = exportedSchemas(module)
      .filter(([, schema]) => schema._zod.def.type !== "lazy")
      .map(([name]) => name);
    expect(eager).toEqual([]);
  });

  it("the modules hold schemas at all (the check above is not vacuous)", async () => {
    const { MESSAGE_SCHEMAS } = await import("../../../src/protocol/messages.js");
    const { REPLY_SCHEMAS } = await import("../../../src/protocol/replies.js");
    expect(exportedSchemas({ MESSAGE_SCHEMAS, REPLY_SCHEMAS }).length).toBeGreaterThan(25);
  });
});
