import type { HarnessName } from "../harness-names.js";

/**
 * Where a resolved setting's value came from, strongest first. "default" is hmux's own default
 * for a behaviour that is not a profile setting (escalateQuestions: true), on launch and resume.
 */
export const PROVENANCE_TIERS = ["arg", "project-config", "user-config", "profile", "default", "harness"] as const;
export type ProvenanceTier = (typeof PROVENANCE_TIERS)[number];

export interface Provenance {
  readonly key: string;
  readonly value: unknown;
  readonly tier: ProvenanceTier;
}

/** A setting the harness cannot express: reported, never silently dropped. */
export interface Divergence {
  readonly key: string;
  readonly value: unknown;
  readonly tier: ProvenanceTier;
  readonly reason: string;
}

export interface DiscoveryOptions {
  readonly tools?: boolean;
  readonly instructionFiles?: boolean;
  readonly extensions?: boolean;
  readonly skills?: boolean;
}

/** Normalized turn options as a user states them (args or config); every field optional. */
export interface TurnOptions {
  readonly model?: string;
  readonly effort?: string;
  readonly provider?: string;
  readonly tools?: readonly string[];
  readonly excludeTools?: readonly string[];
  readonly access?: "read" | "write";
  readonly autonomy?: boolean;
  readonly memory?: boolean;
  readonly discovery?: DiscoveryOptions;
  readonly systemPrompt?: string;
  readonly appendSystemPrompt?: string;
  readonly skills?: readonly string[];
  readonly isolation?: "tool-free";
  readonly escalateQuestions?: boolean;
  readonly endpoint?: string;
  readonly isolate?: boolean;
  readonly timeoutSeconds?: number;
  readonly stallSeconds?: number;
  readonly toolMap?: Readonly<Partial<Record<HarnessName, Readonly<Record<string, string>>>>>;
  /**
   * Settings only one harness has, by harness then key (HarnessOptionSpec in src/adapters/adapter.ts):
   * each harness's module checks its own section; the core only carries them.
   */
  readonly harnessOptions?: HarnessOptions;
}

export type HarnessOptions = Readonly<Partial<Record<HarnessName, Readonly<Record<string, unknown>>>>>;

/** Per-run inputs that are not settings with provenance. */
export interface RunInputs {
  readonly prompt?: string;
  /** The prompt came from --prompt / --prompt-file, so a leading dash is data, not a flag. */
  readonly explicitPrompt?: boolean;
  readonly resume?: string;
  readonly resumeLast?: boolean;
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly passthrough?: readonly string[];
}
