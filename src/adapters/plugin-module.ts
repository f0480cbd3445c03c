/**
 * A plugin module's exports → the HarnessModule it builds, or a HarnessPluginError naming the file
 * and why not. The shape is checked here (zod): functions where the registry calls one, objects
 * where it reads one; the facts are checked again, as every module's are, when the registry takes it.
 */

import * as z from "zod/mini";
import { HmuxError } from "../core/hmux-error.js";
import "../core/schema-locale.js";
import type { HarnessModule } from "./adapter.js";
import { type HarnessPluginApi, harnessPluginApi } from "./plugin-api.js";

/** A harness module that is not registered: it failed to load, threw, is malformed or takes a name in use. */
export class HarnessPluginError extends HmuxError {
  constructor(
    /** The name the config registers it by; null when a config file's harnesses could not be read at all. */
    readonly harness: string | null,
    /** The module's path, or the config file's when the module was never reached. */
    readonly file: string,
    readonly reason: string,
  ) {
    super(
      "invalid-harness",
      `${harness === null ? "harnesses" : `harness ${harness}`} (${file}) not registered: ${reason}`,
    );
    this.name = "HarnessPluginError";
  }
}

const callable = (what: string) =>
  z.custom<(...args: never[]) => unknown>((v) => typeof v === "function", { error: `${what} must be a function` });
const record = (what: string) =>
  z.custom<object>((v) => typeof v === "object" && v !== null && !Array.isArray(v), {
    error: `${what} must be an object`,
  });

const moduleShape = z.object({
  name: z.string({ error: "name must be a string" }),
  descriptor: record("descriptor"),
  pinned: record("pinned"),
  binary: record("binary"),
  credentialEnv: z.array(z.string(), { error: "credentialEnv must be a list of variable names" }),
  matchers: record("matchers"),
  createDecoder: callable("createDecoder"),
  plan: callable("plan"),
  session: z.union([z.null(), record("session")], { error: "session must be an object or null" }),
  native: z.union([z.null(), z.object({ plan: callable("native.plan") })], {
    error: "native must be an object with a plan function, or null",
  }),
  channels: z.array(record("a channel row"), { error: "channels must be a list of capability rows" }),
});

function why(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * What `exports` (the module's namespace) builds under `api`, checked to be a module named `name`.
 * Throws HarnessPluginError.
 */
export async function harnessFromPlugin(
  exports: unknown,
  where: { readonly name: string; readonly file: string },
  api: HarnessPluginApi = harnessPluginApi,
): Promise<HarnessModule> {
  const refuse = (reason: string) => new HarnessPluginError(where.name, where.file, reason);
  const factory = (exports as { default?: unknown } | null)?.default;
  if (typeof factory !== "function")
    throw refuse("its default export is not a function (a plugin exports default (api) => HarnessModule)");
  let built: unknown;
  try {
    built = await factory(api);
  } catch (err) {
    throw refuse(`its factory threw: ${why(err)}`);
  }
  const parsed = moduleShape.safeParse(built);
  if (!parsed.success) throw refuse(`what it returned is not a harness module: ${describeIssues(parsed.error)}`);
  const module = built as HarnessModule;
  if (module.name !== where.name)
    throw refuse(
      `it builds a harness named ${JSON.stringify(module.name)}, and the config registers it as ${where.name}`,
    );
  return module;
}

/** A zod error's issues, typed by their shape: naming zod's core namespace here would make the build vendor all of that core into zod/mini's part. */
interface SchemaIssues {
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
}

function describeIssues(error: SchemaIssues): string {
  return error.issues
    .map((i) =>
      i.path.length > 0 && !i.message.startsWith(String(i.path[0])) ? `${i.path.join(".")}: ${i.message}` : i.message,
    )
    .join("; ");
}
