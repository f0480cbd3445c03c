/**
 * codex's own settings (HarnessOptionSpec): `--codex-context-window` and `--codex-sandbox`, config
 * `harnessOptions.codex.contextWindow` / `.sandbox`; and the sandbox a turn's options come to.
 */
import * as z from "zod/mini";
import type { TurnOptions } from "../../core/options/types.js";
import type { HarnessOptionSpec } from "../adapter.js";

/** The largest window codex accepts (docs/harness-facts.md#reference-flag-table). */
const MAX_CONTEXT_WINDOW = 272_000;

/** codex's sandbox modes, narrowest first (its --help). */
export const SANDBOX_MODES = ["read-only", "workspace-write", "danger-full-access"] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export const codexOptions: readonly HarnessOptionSpec[] = [
  {
    key: "contextWindow",
    describe: `codex context window in tokens, rendered as -c model_context_window (1-${MAX_CONTEXT_WINDOW})`,
    value: z.int().check(z.minimum(1), z.maximum(MAX_CONTEXT_WINDOW)),
    cli: "integer",
    allowed: `an integer from 1 to ${MAX_CONTEXT_WINDOW}`,
    legacyFlag: "--context-window",
    // hmux's ratified default: the largest window codex accepts.
    profile: MAX_CONTEXT_WINDOW,
  },
  {
    key: "sandbox",
    describe: `codex sandbox mode, rendered as --sandbox (${SANDBOX_MODES.join(" | ")})`,
    value: z.enum(SANDBOX_MODES),
    cli: "string",
    allowed: `one of ${SANDBOX_MODES.join(", ")}`,
    legacyFlag: "--sandbox",
    legacyConfigKey: "sandbox",
    // hmux's ratified default; --access yields it (access is rendered as the sandbox).
    profile: "workspace-write",
    looseness: SANDBOX_MODES,
    exclusiveWith: ["access"],
    // `codex exec resume` takes no --sandbox (its --help).
    onResume: false,
  },
];

export interface CodexSettings {
  readonly contextWindow?: number;
  readonly sandbox?: SandboxMode;
}

/** codex's section of the turn's harness options, already checked against codexOptions by the registry. */
export function codexSettings(options: Pick<TurnOptions, "harnessOptions">): CodexSettings {
  return (options.harnessOptions?.codex ?? {}) as CodexSettings;
}

/** The sandbox these options ask for: codex's own setting, else --access as a mode; none said: undefined. */
export function askedSandbox(options: Pick<TurnOptions, "harnessOptions" | "access">): SandboxMode | undefined {
  const { sandbox } = codexSettings(options);
  if (sandbox !== undefined) return sandbox;
  if (options.access === "read") return "read-only";
  if (options.access === "write") return "workspace-write";
  return undefined;
}
