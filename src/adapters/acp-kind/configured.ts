/**
 * An ACP agent a config file adds (`harnesses.<name>.acp`): its definition, with the facts a
 * config can give (its command line, environment, endpoint setup) and the kind's conservative
 * defaults for the rest. Its program is found as the command names it: a path (a relative one is
 * read from the directory holding the config file), or a name looked up on PATH;
 * HMUX_<NAME>_BIN still overrides it.
 */
import type { PackageLookup, PackageSite } from "../binary-facts.js";
import type { AcpAgentDefinition, AcpEndpointSetup, AcpLimits } from "./definition.js";

export interface ConfiguredAcpAgent {
  readonly name: string;
  /** Program then arguments; a program naming a path is already absolute. */
  readonly command: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly endpoint?: AcpEndpointSetup;
  readonly limits?: Partial<AcpLimits>;
  readonly credentialEnv?: readonly string[];
  /** The config file that adds it: the evidence of every fact. */
  readonly configPath: string;
}

export function configuredAcpDefinition(agent: ConfiguredAcpAgent): AcpAgentDefinition {
  const program = agent.command[0] ?? "";
  const where = `harnesses.${agent.name}.acp in ${agent.configPath}`;
  return {
    name: agent.name,
    displayName: `${agent.name} (ACP agent from config)`,
    command: agent.command,
    env: agent.env,
    ...(agent.endpoint ? { endpoint: agent.endpoint } : {}),
    ...(agent.limits ? { limits: agent.limits } : {}),
    pinned: {
      version: "unpinned",
      basis: "vendor-docs",
      note: `added by config (${where}): hmux drives whatever version that command starts`,
    },
    binary: {
      npmPackage: null,
      platformPackages: [],
      installHint: `install ${program} or correct the command of ${where}`,
      locateInPackage: (site: PackageSite): PackageLookup => {
        if (!program.includes("/")) return { found: null, notes: [] };
        if (site.probe.isExecutable(program))
          return { found: { executable: program, prefixArgs: [], source: "configured" }, notes: [] };
        return { found: null, notes: [`${program} (the command of ${where}) is not an executable file`] };
      },
    },
    credentialEnv: agent.credentialEnv ?? [],
    evidence: { source: "doc", date: "config", version: "unpinned", ref: where },
  };
}
