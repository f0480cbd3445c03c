/**
 * ACP agents over real stdio for the driver's tests: a definition for a stand-in agent (the SDK
 * script in test/support/acp-stand-in, or a raw script a test writes), registered beside the
 * built-ins, and a session launched through the one session launcher with real pipes.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { configuredAcpDefinition } from "../../../src/adapters/acp-kind/configured.js";
import type { AcpLimits } from "../../../src/adapters/acp-kind/definition.js";
import { acpHarness } from "../../../src/adapters/acp-kind/kind.js";
import { registryWith } from "../../../src/adapters/registry.js";
import { makeClassifier } from "../../../src/core/control/policy.js";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { SessionHandle } from "../../../src/core/exec/session-types.js";
import { systemClock } from "../../../src/main/system-clock.js";
import { type LaunchOptions, launchSession } from "../../../src/session/launch.js";
import { nodeFileSystem } from "../../../src/spawn/fs.js";
import { createPipeSpawner } from "../../../src/spawn/pipes.js";

export const STAND_IN = fileURLToPath(new URL("../../support/acp-stand-in/stand-in-agent.mjs", import.meta.url));

export function scratch(prefix: string): { readonly box: string; readonly work: string; readonly remove: () => void } {
  const box = mkdtempSync(join(tmpdir(), prefix));
  const work = join(box, "work");
  mkdirSync(work);
  return { box, work, remove: () => rmSync(box, { recursive: true, force: true }) };
}

/** A raw agent a test writes: a node script, run under hmux's own node. */
export function rawAgent(dir: string, name: string, body: string): string {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, body);
  return file;
}

export interface AgentRun {
  readonly handle: SessionHandle;
  readonly events: SessionEvent[];
  /** Resolves with the first event the predicate accepts (already seen or still to come). */
  waitFor(predicate: (e: SessionEvent) => boolean, what?: string, ms?: number): Promise<SessionEvent>;
  /** What the stand-in logged (its initialize request, each permission answer). */
  logged(): Record<string, unknown>[];
}

export interface AgentOptions {
  readonly name?: string;
  readonly script?: string;
  readonly env?: Record<string, string>;
  readonly limits?: Partial<AcpLimits>;
  readonly approvals?: LaunchOptions["approvals"];
  readonly allowCommands?: string[];
  readonly allowTools?: string[];
  readonly resume?: string;
  readonly command?: readonly string[];
}

export async function runAgent(place: { box: string; work: string }, options: AgentOptions = {}): Promise<AgentRun> {
  const name = options.name ?? "standin";
  const log = join(place.box, `${name}-log.jsonl`);
  const command = options.command ?? [process.execPath, options.script ?? STAND_IN];
  const definition = configuredAcpDefinition({
    name,
    command,
    env: { STAND_IN_LOG: log, ...options.env },
    ...(options.limits ? { limits: options.limits } : {}),
    configPath: "(test)",
  });
  const registry = registryWith([acpHarness(definition)]);
  const events: SessionEvent[] = [];
  const waiters: { predicate: (e: SessionEvent) => boolean; resolve: (e: SessionEvent) => void }[] = [];
  const handle = launchSession(
    {
      harness: name,
      registry,
      cwd: place.work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: place.box },
      isolate: false,
      approvals: options.approvals ?? "deny",
      classify: makeClassifier(
        { allowCommands: options.allowCommands ?? [], allowTools: options.allowTools ?? [] },
        place.work,
      ),
      headlessDenyReason: "not allowed here",
      binary: command,
      ...(options.resume ? { resume: options.resume } : {}),
    },
    { spawner: () => createPipeSpawner(), clock: systemClock, fs: nodeFileSystem },
  );
  handle.subscribe((e) => {
    events.push(e);
    for (const w of [...waiters]) {
      if (!w.predicate(e)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(e);
    }
  });
  await handle.start();
  return {
    handle,
    events,
    waitFor(predicate, what = "an event", ms = 10_000) {
      const seen = events.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${what}; saw ${JSON.stringify(events.map((e) => e.kind))}`)),
          ms,
        );
        waiters.push({ predicate, resolve: (e) => (clearTimeout(timer), resolve(e)) });
      });
    },
    logged() {
      try {
        return readFileSync(log, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>);
      } catch {
        return [];
      }
    },
  };
}

export const kindIs =
  <K extends SessionEvent["kind"]>(kind: K) =>
  (e: SessionEvent): e is Extract<SessionEvent, { kind: K }> =>
    e.kind === kind;

/** Whether a process still exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
