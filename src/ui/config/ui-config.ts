/**
 * The `ui` section of the config file: key bindings, notifications, theme, cadence.
 * Parsed with zod at the boundary; a binding that would steal a reserved key, or two
 * global commands sharing a key, is a typed error naming both.
 */
import { z } from "zod";
import { DEFAULT_KEYMAP, GLOBAL_COMMANDS, APPROVAL_COMMANDS, RESERVED_KEYS, type Command, type Keymap } from "../keys/keymap.js";
import { KNOWN_MODIFIERS, normalizeKeySpec } from "../keys/key-name.js";

const COMMANDS = [...GLOBAL_COMMANDS, ...APPROVAL_COMMANDS] as const;

const keySpec = z.string().min(1).refine((s) => {
  const parts = s.toLowerCase().split("+");
  return parts.slice(0, -1).every((m) => KNOWN_MODIFIERS.has(m) || ["meta", "option", "control"].includes(m));
}, { message: "modifiers are ctrl, alt and shift" });

export const UiConfigSchema = z.strictObject({
  keys: z.partialRecord(z.enum(COMMANDS), z.union([keySpec, z.array(keySpec)])).optional(),
  notify: z.strictObject({
    enabled: z.boolean().default(true),
    method: z.enum(["auto", "osc9", "bel", "off"]).default("auto"),
    cooldownSeconds: z.number().min(0).max(3600).default(20),
  }).optional(),
  theme: z.string().min(1).optional(),
  /** How often coalesced session events are committed to the screen. */
  commitMs: z.number().int().min(16).max(2000).optional(),
});
export type UiConfigInput = z.input<typeof UiConfigSchema>;

export interface NotifyConfig {
  readonly enabled: boolean;
  readonly method: "auto" | "osc9" | "bel" | "off";
  readonly cooldownSeconds: number;
}

export interface UiConfig {
  readonly keymap: Keymap;
  readonly notify: NotifyConfig;
  readonly theme: string;
  readonly commitMs: number;
}

export class UiConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UiConfigError";
  }
}

export const DEFAULT_NOTIFY: NotifyConfig = { enabled: true, method: "auto", cooldownSeconds: 20 };

export function buildKeymap(overrides: Partial<Record<Command, string | string[]>> | undefined): Keymap {
  const map: Record<string, readonly string[]> = { ...DEFAULT_KEYMAP };
  for (const [command, spec] of Object.entries(overrides ?? {})) {
    if (spec === undefined) continue;
    map[command] = (Array.isArray(spec) ? spec : [spec]).map(normalizeKeySpec);
  }
  const owner = new Map<string, string>();
  for (const command of GLOBAL_COMMANDS) {
    for (const key of map[command]!) {
      if (RESERVED_KEYS.has(key)) throw new UiConfigError(`ui.keys.${command}: "${key}" is reserved for the input line and the harnesses`);
      if (key.length === 1 && command !== "help") {
        throw new UiConfigError(`ui.keys.${command}: "${key}" is a plain character; it belongs to the input line (use an alt+ or ctrl+ chord)`);
      }
      const prior = owner.get(key);
      if (prior) throw new UiConfigError(`ui.keys: "${key}" is bound to both ${prior} and ${command}`);
      owner.set(key, command);
    }
  }
  return map as Keymap;
}

export function parseUiConfig(raw: unknown): UiConfig {
  const parsed = UiConfigSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new UiConfigError(`ui${first?.path.length ? `.${first.path.join(".")}` : ""}: ${first?.message ?? "invalid"}`);
  }
  const c = parsed.data;
  return {
    keymap: buildKeymap(c.keys as Partial<Record<Command, string | string[]>> | undefined),
    notify: c.notify ?? DEFAULT_NOTIFY,
    theme: c.theme ?? "default",
    commitMs: c.commitMs ?? 100,
  };
}

export const DEFAULT_UI_CONFIG: UiConfig = parseUiConfig({});
