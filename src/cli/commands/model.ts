/**
 * `hmux model serve [--port N] [--script FILE]`: the embedded scripted model, standalone.
 * Its first line of output is its address, so scripts and tests can read it and point any
 * harness there (`hmux run <harness> --endpoint <address> …`).
 */

import { fchmodSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from "node:fs";
import { pidAlive } from "../../files/pid-alive.js";
import { RACE_SCRIPT } from "../../scripted-model/race-script.js";
import type { RecordedRequest } from "../../scripted-model/recorder.js";
import { parseScriptText, type Script, ScriptError } from "../../scripted-model/script-schema.js";
import { startModelServer } from "../../scripted-model/server.js";
import type { CommandRuntime } from "../command-line.js";
import type { ProcessBasics } from "../context.js";
import { UsageError } from "../errors.js";

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port: expected an integer 0-65535, got "${value}"`);
  return port;
}

function loadScript(file: string): Script {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new ScriptError(`--script ${file}: cannot read: ${(err as Error).message}`, "(file)");
  }
  return parseScriptText(text, file);
}

/**
 * Writes the address to `path` once the server listens: written to a temporary name and renamed,
 * so a script polling for the file never reads half a line.
 */
function writeUrlFile(path: string, url: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${url}\n`, { mode: 0o600 });
  renameSync(tmp, path);
}

export interface ServeFlags {
  port?: string;
  script?: string;
  race?: boolean;
  urlFile?: string;
  requestLog?: string;
  exitWith?: string;
  idleExit?: string;
}

/** A pid to outlive nobody: a positive integer. */
function parsePid(value: string): number {
  const pid = Number(value);
  if (!Number.isInteger(pid) || pid < 1) throw new UsageError(`--exit-with: expected a process id, got "${value}"`);
  return pid;
}

function parseSeconds(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n <= 0)
    throw new UsageError(`--idle-exit: expected a number of seconds > 0, got "${value}"`);
  return n;
}

/** The request log file: one JSON line per request, this user's only (0600), appended to. */
function openRequestLog(path: string): (entry: RecordedRequest) => void {
  const fd = openSync(path, "a", 0o600);
  fchmodSync(fd, 0o600);
  return (entry) => {
    try {
      writeSync(fd, `${JSON.stringify(entry)}\n`);
    } catch {
      // A full disk costs the log, never the model's answer.
    }
  };
}

/** `basics`: the entry point's environment (HMUX_MODEL_TOKEN) and the clock the idle watch runs on. */
export async function serveModel(options: ServeFlags, basics: Pick<ProcessBasics, "env" | "clock">): Promise<void> {
  const { env, clock } = basics;
  let script: Script | undefined;
  let port: number;
  let exitWith: number | undefined;
  let idleMs: number | undefined;
  let onRequest: ((entry: RecordedRequest) => void) | undefined;
  try {
    port = parsePort(options.port ?? "0");
    if (options.race && options.script !== undefined)
      throw new UsageError("--race and --script both name a script; pick one");
    script = options.race ? RACE_SCRIPT : options.script === undefined ? undefined : loadScript(options.script);
    exitWith = options.exitWith === undefined ? undefined : parsePid(options.exitWith);
    idleMs = options.idleExit === undefined ? undefined : parseSeconds(options.idleExit) * 1000;
    if (options.requestLog !== undefined) {
      try {
        onRequest = openRequestLog(options.requestLog);
      } catch (err) {
        throw new UsageError(`--request-log ${options.requestLog}: ${(err as Error).message}`);
      }
    }
  } catch (err) {
    process.stderr.write(`hmux model serve: ${(err as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  let lastRequest = clock.now();
  const server = await startModelServer({
    port,
    ...(script ? { script } : {}),
    ...(env.HMUX_MODEL_TOKEN ? { token: env.HMUX_MODEL_TOKEN } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
    onRequest: (entry) => {
      lastRequest = clock.now();
      onRequest?.(entry);
    },
  });
  process.stdout.write(`${server.url}\n`);
  if (options.urlFile !== undefined) {
    try {
      writeUrlFile(options.urlFile, server.url);
    } catch (err) {
      process.stderr.write(`hmux model serve: --url-file ${options.urlFile}: ${(err as Error).message}\n`);
      await server.close();
      process.exitCode = 2;
      return;
    }
  }
  process.stderr.write(
    `hmux model: serving ${options.race ? "the race demo script" : options.script ? `script ${options.script}` : "the built-in demo script"}; Ctrl-C stops\n` +
      `hmux model: request log: curl -H 'Authorization: Bearer ${server.token}' ${server.url}/_hmux/requests (HMUX_MODEL_TOKEN sets the token)\n`,
  );
  await new Promise<void>((resolve) => {
    let watch: unknown;
    let stopped = false;
    const stop = () => {
      stopped = true;
      if (watch !== undefined) clock.clearTimeout(watch);
      server.close().then(resolve, resolve);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    // A model serving a server's sessions (the demo's) goes when that server goes, or when nobody asked for a while.
    const look = () => {
      if (exitWith !== undefined && !pidAlive(exitWith)) {
        process.stderr.write(`hmux model: process ${exitWith} is gone; stopping\n`);
        stop();
      } else if (idleMs !== undefined && clock.now() - lastRequest > idleMs) {
        process.stderr.write(`hmux model: no request for ${Math.round(idleMs / 1000)} s; stopping\n`);
        stop();
      } else if (!stopped) watch = clock.setTimeout(look, 1000);
    };
    if (exitWith !== undefined || idleMs !== undefined) watch = clock.setTimeout(look, 1000);
  });
}

/** Needs only the process basics: the model server loads none of the composition root. */
export async function modelServeAction(run: CommandRuntime, opts: ServeFlags): Promise<void> {
  await serveModel(opts, await run.basics());
}
