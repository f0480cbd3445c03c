/**
 * The one place a registry is built from config: the built-in harnesses, then every harness the
 * config files register (src/core/config/harness-sources.ts): a plugin module imported and built
 * through the plugin API, or an ACP agent built by the ACP kind from its command line, each checked.
 * An entry that fails to load, throws, is malformed or takes a name in use is refused alone, with its file and why (HarnessPluginError, listed by `hmux harnesses`): the
 * built-ins and the other plugins still work. The CLI's root and the server's (the same
 * composition root, src/main/context.ts) both build their registry here.
 */
import { pathToFileURL } from "node:url";
import { configuredAcpDefinition } from "../adapters/acp-kind/configured.js";
import { acpHarness } from "../adapters/acp-kind/kind.js";
import type { HarnessModule } from "../adapters/adapter.js";
import { HarnessPluginError, harnessFromPlugin } from "../adapters/plugin-module.js";
import {
  BUILTIN_HARNESSES,
  createRegistry,
  HarnessRegistrationError,
  type HarnessRegistry,
} from "../adapters/registry.js";
import { type ConfiguredHarness, type HarnessSources, readHarnessSources } from "../core/config/harness-sources.js";
import { nodeConfigReader } from "./config-file-reader.js";

/** Loads a module by absolute path; a test passes its own. */
export type ModuleImporter = (file: string) => Promise<unknown>;

const importFile: ModuleImporter = (file) => import(pathToFileURL(file).href);

function why(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The harness a plugin module builds, or the HarnessPluginError saying why not. */
async function fromModule(
  entry: Extract<ConfiguredHarness, { kind: "module" }>,
  importModule: ModuleImporter,
): Promise<HarnessModule> {
  let exports: unknown;
  try {
    exports = await importModule(entry.module);
  } catch (err) {
    throw new HarnessPluginError(entry.name, entry.module, `it failed to load: ${why(err)}`);
  }
  try {
    return await harnessFromPlugin(exports, { name: entry.name, file: entry.module });
  } catch (err) {
    if (err instanceof HarnessPluginError) throw err;
    throw new HarnessPluginError(entry.name, entry.module, why(err));
  }
}

/** The harness an ACP entry defines, or the HarnessPluginError saying why not. */
function fromAcp(entry: Extract<ConfiguredHarness, { kind: "acp" }>): HarnessModule {
  const { acp } = entry;
  try {
    return acpHarness(
      configuredAcpDefinition({
        name: entry.name,
        command: acp.command,
        env: acp.env ?? {},
        ...(acp.endpoint ? { endpoint: acp.endpoint } : {}),
        ...(acp.credentialEnv ? { credentialEnv: acp.credentialEnv } : {}),
        ...(acp.handshakeSeconds !== undefined ? { limits: { handshakeMs: acp.handshakeSeconds * 1000 } } : {}),
        configPath: entry.configPath,
      }),
    );
  } catch (err) {
    throw new HarnessPluginError(entry.name, entry.configPath, why(err));
  }
}

/** Where an entry comes from, for its refusal: the module's file, or the config file naming the ACP agent. */
function sourceOf(entry: ConfiguredHarness): string {
  return entry.kind === "module" ? entry.module : entry.configPath;
}

/** The registry of the built-ins plus what `sources` registers, each refusal recorded in it. */
export async function registryFrom(
  sources: HarnessSources,
  importModule: ModuleImporter = importFile,
): Promise<HarnessRegistry> {
  const refused = sources.skipped.map((s) => new HarnessPluginError(s.name, s.configPath, s.reason));
  const accepted: HarnessModule[] = [];
  const builtinNames = new Set(BUILTIN_HARNESSES.map((m) => m.name));
  for (const entry of sources.configured) {
    const refuse = (reason: string) => refused.push(new HarnessPluginError(entry.name, sourceOf(entry), reason));
    if (builtinNames.has(entry.name)) {
      refuse(`${entry.name} is a built-in harness; a plugin registers under a name of its own`);
      continue;
    }
    let module: HarnessModule;
    try {
      // One loader per kind of entry; each refuses with a HarnessPluginError.
      module = entry.kind === "module" ? await fromModule(entry, importModule) : fromAcp(entry);
    } catch (err) {
      refused.push(err as HarnessPluginError);
      continue;
    }
    try {
      // Registered beside everything accepted so far, so a clash (a channel id in use) refuses this one alone.
      createRegistry([...BUILTIN_HARNESSES, ...accepted, module]);
      accepted.push(module);
    } catch (err) {
      refuse(err instanceof HarnessRegistrationError ? err.message : `registering it failed: ${why(err)}`);
    }
  }
  return createRegistry([...BUILTIN_HARNESSES, ...accepted], refused);
}

/**
 * The registry the config files in force at `cwd` define (the user's; a trusted project's too).
 * The server runs at / (src/spawn/daemon.ts), so it reads the user config's harnesses.
 */
export function loadRegistry(
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
  importModule: ModuleImporter = importFile,
): Promise<HarnessRegistry> {
  const sources = readHarnessSources({
    env: { XDG_CONFIG_HOME: env.XDG_CONFIG_HOME, HOME: env.HOME },
    cwd,
    reader: nodeConfigReader,
  });
  return registryFrom(sources, importModule);
}
