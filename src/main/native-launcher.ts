/**
 * Native panes from the new-session dialog: wraps the pane launcher so the harness field
 * also accepts "shell" and "native <harness>" (or "<harness>:native"). Anything else goes to
 * the wrapped launcher unchanged.
 */

import { builtinRegistry } from "../adapters/registry.js";
import type { Clock } from "../core/exec/ports.js";
import { HookServer } from "../native/hooks/hook-server.js";
import { NativeLaunchError, parseNativeKind } from "../native/launch.js";
import { type NativeKind, nativeKinds, SHELL_KIND } from "../native/native-plan.js";
import type { ServerNativeRequest } from "../tui-client/server-native-port.js";
import { LocalNativePort } from "../ui/native/native-port.js";
import type { NewSessionRequest, SessionLauncher, Validation } from "../ui/session-launcher.js";
import type { SessionPort } from "../ui/session-port.js";
import { checkNative, launchNative, type NativeLaunchDeps } from "./native-launch.js";

export interface NativeLauncherOptions extends NativeLaunchDeps {
  /** Dates a pane's approval requests and bounds its waits. */
  readonly clock: Clock;
  /** The pane size a new pane starts at (it is resized to its tile on mount). */
  readonly size: () => { cols: number; rows: number };
  /**
   * Opens the pane on the hmux server instead of in this process (checked here all the same),
   * so it outlives the TUI like the server's other sessions.
   */
  readonly remote?: (request: ServerNativeRequest) => Promise<SessionPort>;
}

/** The native kind a dialog's harness text asks for, or null when it is not a native request. */
export function nativeKindOf(harness: string, kinds: readonly string[]): NativeKind | null {
  const text = harness.trim().toLowerCase();
  if (text === SHELL_KIND) return SHELL_KIND;
  const m = /^native[\s:]+(\S+)$/.exec(text) ?? /^(\S+):native$/.exec(text);
  return m ? parseNativeKind(m[1]!, kinds) : null;
}

/** What the dialog accepts for a native pane, from the registry: "shell", "native claude", …. */
function nativeChoices(kinds: readonly string[]): string[] {
  return [SHELL_KIND, ...kinds.filter((k) => k !== SHELL_KIND).map((k) => `native ${k}`)];
}

function nativeOffer(kinds: readonly string[]): string {
  return nativeChoices(kinds).join(", ");
}

function refused(err: unknown): Validation {
  if (err instanceof NativeLaunchError) return { ok: false, message: err.message, hint: err.hint };
  return { ok: false, message: err instanceof Error ? err.message : String(err) };
}

export function withNativeSessions(base: SessionLauncher | undefined, options: NativeLauncherOptions): SessionLauncher {
  const kinds = nativeKinds(options.registry ?? builtinRegistry);
  return {
    ...(base?.defaultHarness ? { defaultHarness: base.defaultHarness } : {}),
    ...(base?.defaultCwd !== undefined ? { defaultCwd: base.defaultCwd } : {}),
    ...(base?.defaultEndpoint !== undefined ? { defaultEndpoint: base.defaultEndpoint } : {}),
    harnesses: [...(base?.harnesses ?? []), ...nativeChoices(kinds)],
    validate(request: NewSessionRequest): Validation {
      let kind: NativeKind | null;
      try {
        kind = nativeKindOf(request.harness, kinds);
        if (kind === null) {
          return base
            ? base.validate(request)
            : {
                ok: false,
                message: "this TUI starts native panes only",
                hint: `harness: ${nativeOffer(kinds)}`,
              };
        }
        checkNative({ kind, cwd: request.cwd, endpoint: request.endpoint, model: request.model }, options);
      } catch (err) {
        return refused(err);
      }
      const notes = request.prompt ? ["a native pane ignores the prompt field: type it into the pane"] : undefined;
      return notes ? { ok: true, notes } : { ok: true };
    },
    async launch(request: NewSessionRequest): Promise<SessionPort> {
      const kind = nativeKindOf(request.harness, kinds);
      if (kind === null) {
        if (!base) throw new Error("no launcher for non-native sessions");
        return base.launch(request);
      }
      const { cols, rows } = options.size();
      if (options.remote)
        return options.remote({
          kind,
          cwd: request.cwd ?? ".",
          cols,
          rows,
          ...(request.endpoint ? { endpoint: request.endpoint } : {}),
          ...(request.model ? { model: request.model } : {}),
        });
      const session = await launchNative(
        { kind, cwd: request.cwd, endpoint: request.endpoint, model: request.model, cols, rows },
        options,
      );
      return new LocalNativePort(session);
    },
  };
}

/**
 * The same, with the hook server started on the first native launch and closed by
 * `close()` — for the TUI's wiring, which may never open a native pane.
 */
export function withLazyNativeSessions(
  base: SessionLauncher | undefined,
  options: Omit<NativeLauncherOptions, "hooks" | "size"> & { readonly size?: NativeLauncherOptions["size"] },
): { readonly launcher: SessionLauncher; close(): Promise<void> } {
  let hooks: Promise<HookServer> | undefined;
  const size =
    options.size ??
    (() => ({
      cols: Math.max(20, (process.stdout.columns || 160) - 2),
      rows: Math.max(5, (process.stdout.rows || 48) - 5),
    }));
  const eager = withNativeSessions(base, { ...options, size });
  const kinds = nativeKinds(options.registry ?? builtinRegistry);
  return {
    launcher: {
      ...(eager.defaultHarness ? { defaultHarness: eager.defaultHarness } : {}),
      ...(eager.defaultCwd !== undefined ? { defaultCwd: eager.defaultCwd } : {}),
      ...(eager.defaultEndpoint !== undefined ? { defaultEndpoint: eager.defaultEndpoint } : {}),
      ...(eager.harnesses ? { harnesses: eager.harnesses } : {}),
      validate: (request) => eager.validate(request),
      async launch(request) {
        // A pane on the server reads its hooks there: this process needs no hook server.
        if (options.remote || nativeKindOf(request.harness, kinds) === null) return eager.launch(request);
        hooks ??= HookServer.start();
        return withNativeSessions(base, { ...options, size, hooks: await hooks }).launch(request);
      },
    },
    async close() {
      if (hooks) await (await hooks).close();
    },
  };
}
