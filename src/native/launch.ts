/**
 * Starts a native pane: resolve the binary, plan (hooks, endpoint, isolation), write the
 * planned files, spawn the terminal, wire hook reports to the port. Every refusal happens
 * before anything is spawned, as a NativeLaunchError with a hint.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve as resolvePath } from "node:path";
import { type ResolvedBinary, resolveBinary } from "../spawn/binaries.js";
import type { HookServer } from "./hooks/hook-server.js";
import { NATIVE_KINDS, type NativeKind, planNative } from "./native-plan.js";
import { NativeSessionPort } from "./native-port.js";
import { NativeTerminal } from "./native-terminal.js";
import type { PtyFactory } from "./pty-port.js";

export class NativeLaunchError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "NativeLaunchError";
  }
}

export interface NativeLaunchRequest {
  readonly kind: NativeKind;
  readonly cwd?: string;
  readonly endpoint?: string;
  readonly model?: string;
  readonly cols: number;
  readonly rows: number;
  readonly label?: string;
}

export interface NativeLaunchDeps {
  /** Without a hook server no pane reports state (it shows "state unknown"). */
  readonly hooks?: HookServer;
  readonly hostEnv?: Readonly<Record<string, string | undefined>>;
  readonly spawn?: PtyFactory;
  readonly resolveBinary?: (kind: Exclude<NativeKind, "shell">) => ReturnType<typeof resolveBinary>;
}

export function parseNativeKind(text: string): NativeKind {
  const kind = text.trim().toLowerCase();
  if ((NATIVE_KINDS as readonly string[]).includes(kind)) return kind as NativeKind;
  throw new NativeLaunchError(`no native pane for "${text}"`, `one of: ${NATIVE_KINDS.join(", ")}`);
}

export function parseEndpoint(text: string | undefined): URL | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new NativeLaunchError(
      `endpoint "${text}" is not a URL`,
      "e.g. http://127.0.0.1:PORT from `hmux model serve`",
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new NativeLaunchError(`endpoint "${text}" is not http(s)`);
  return url;
}

/** Checks a request without spawning: the kind, the binary, the endpoint. */
export function checkNative(
  request: Omit<NativeLaunchRequest, "cols" | "rows">,
  deps: NativeLaunchDeps = {},
): ResolvedBinary | undefined {
  parseEndpoint(request.endpoint);
  if (request.kind === "shell") return undefined;
  const resolved = (deps.resolveBinary ?? ((k) => resolveBinary(k, { env: deps.hostEnv ?? process.env })))(
    request.kind,
  );
  if (!resolved.ok) throw new NativeLaunchError(resolved.message, resolved.hint);
  return resolved.binary;
}

let paneCounter = 0;

export async function launchNative(
  request: NativeLaunchRequest,
  deps: NativeLaunchDeps = {},
): Promise<NativeSessionPort> {
  const hostEnv = deps.hostEnv ?? process.env;
  const binary = checkNative(request, deps);
  const endpoint = parseEndpoint(request.endpoint);
  const cwd = resolvePath(request.cwd ?? process.cwd());
  const stateDir = endpoint && request.kind !== "shell" ? mkdtempSync(join(tmpdir(), "hmux-native-")) : undefined;
  paneCounter += 1;
  const pane = `native-${paneCounter}-${randomBytes(4).toString("hex")}`;
  const plan = planNative({
    kind: request.kind,
    cwd,
    hostEnv,
    binary,
    endpoint,
    stateDir,
    model: request.model,
    hookEnv: deps.hooks?.envFor(pane),
  });
  for (const dir of plan.dirs) mkdirSync(dir, { recursive: true });
  for (const file of plan.files) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.content);
    if (file.mode !== undefined) chmodSync(file.path, file.mode);
  }
  let terminal: NativeTerminal;
  try {
    terminal = new NativeTerminal({
      argv: plan.argv,
      cwd,
      env: plan.env,
      cols: request.cols,
      rows: request.rows,
      spawn: deps.spawn,
    });
  } catch (err) {
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
    throw new NativeLaunchError(
      `could not start ${plan.argv[0]}: ${(err as Error).message}`,
      "check the binary and the working directory",
    );
  }
  let unlisten: (() => void) | undefined;
  // A process.exit() without close() still removes the state dir (and hangs up the pane).
  const onExit = (): void => {
    if (!terminal.exit) terminal.killNow();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  };
  process.once("exit", onExit);
  const port = new NativeSessionPort({
    kind: request.kind,
    terminal,
    hooks: plan.hooks,
    label: request.label,
    cwd,
    model: request.model,
    cleanup: () => {
      unlisten?.();
      process.removeListener("exit", onExit);
      if (stateDir) rmSync(stateDir, { recursive: true, force: true });
    },
  });
  if (plan.hooks && deps.hooks) unlisten = deps.hooks.listen(pane, (report) => port.report(report));
  return port;
}
