/**
 * `hmux inspect <harness>`: what hmux knows about a harness, without spawning it.
 *   (no flag)       the descriptor: every fact with its evidence, as JSON
 *   --argv          the invocation `hmux run` would spawn for the given turn flags
 *   --capabilities  the capability record, one JSON line
 */

import type { Command } from "commander";
import { CAPABILITY_MODES, type CapabilityMode, describeCapabilities } from "../../core/argv/capabilities.js";
import { parseEnvAssignments } from "../../core/exec/env.js";
import { renderResolution } from "../../core/options/render-provenance.js";
import { planTurn } from "../../launch/plan-step.js";
import type { CommandRuntime } from "../command-line.js";
import { UsageError } from "../errors.js";
import type { RawTurnFlags } from "./run-options.js";
import { runRequest } from "./run-request.js";

interface InspectFlags extends RawTurnFlags {
  argv?: boolean;
  capabilities?: boolean;
  mode?: string;
  json?: boolean;
}

export async function inspectAction(
  run: CommandRuntime,
  harnessArg: string,
  flags: InspectFlags,
  self: Command,
): Promise<void> {
  const context = await run.context();
  const { output } = context;
  const adapter = context.registry.require(harnessArg);
  if (flags.argv && flags.capabilities) {
    throw new UsageError("--argv and --capabilities are mutually exclusive", "ask for one of them");
  }
  if (flags.capabilities) {
    if (!(CAPABILITY_MODES as readonly string[]).includes(flags.mode ?? "")) {
      throw new UsageError(`--mode must be one of ${CAPABILITY_MODES.join(", ")}, got ${JSON.stringify(flags.mode)}`);
    }
    output.out(
      `${JSON.stringify(describeCapabilities(adapter.descriptor, flags.mode as CapabilityMode, flags.model))}\n`,
    );
    return;
  }
  if (flags.argv) {
    const request = await runRequest({
      harness: harnessArg,
      positional: undefined,
      flags: { ...flags, prompt: flags.prompt ?? (flags.promptFile ? undefined : "hello") },
      cmd: self,
      harnessOptions: context.registry.harnessOptions,
      passthrough: context.passthrough,
      callerEnv: parseEnvAssignments(flags.env ?? []),
      turnLabel: "inspect",
    });
    // A dry plan: nothing is made, and the binary need not be installed.
    const { plan: prepared } = planTurn(request, { cwd: request.cwd, dry: true }, context);
    for (const line of renderResolution(prepared.resolved)) output.err(`${line}\n`);
    // The argv is the one-shot turn's; a turn hmux gates through the session channel does not spawn it.
    if (prepared.gate?.kind === "policy-session")
      output.err(
        `note: ${prepared.gate.why}, so hmux run spawns its session process, not this; this one-shot turn runs with --autonomy\n`,
      );
    const inv = prepared.invocation;
    const argv = [prepared.binary.executable, ...prepared.binary.prefixArgs, ...inv.argv.slice(1)];
    if (flags.json) {
      output.out(
        `${JSON.stringify({ argv, env: inv.env, files: inv.files.map((f) => f.path), dirs: inv.dirs ?? [], stdin: inv.stdin, transport: inv.transport })}\n`,
      );
      return;
    }
    output.out(`argv: ${argv.map(shellQuote).join(" ")}\n`);
    for (const [k, v] of Object.entries(inv.env)) output.out(`env: ${k}=${v === null ? "(deleted)" : v}\n`);
    for (const dir of inv.dirs ?? []) output.out(`dir: ${dir}\n`);
    for (const f of inv.files) output.out(`file: ${f.path}\n`);
    output.out(
      `stdin: ${inv.stdin}${inv.stdinData !== undefined ? ` (prompt written to stdin, ${Buffer.byteLength(inv.stdinData)} bytes)` : ""}\n`,
    );
    output.out(`transport: ${inv.transport}\n`);
    return;
  }
  output.out(`${JSON.stringify(adapter.descriptor, null, 2)}\n`);
}

function shellQuote(token: string): string {
  return /^[\w@%+=:,./-]+$/.test(token) ? token : `'${token.replace(/'/g, "'\\''")}'`;
}
