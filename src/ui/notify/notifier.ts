/**
 * Terminal notifications when a session starts needing a person: OSC 9 where the
 * terminal shows it, OSC 777 (`notify;title;body`) when configured, else BEL. Edge-triggered by
 * the store (once per wait, and not for the focused pane while the terminal has focus); a
 * per-session cooldown keeps a chatty session from ringing every few seconds; each kind
 * (approval, question, failure) can be turned off. Inside tmux, an OSC is wrapped in the DCS
 * passthrough so it reaches the outer terminal.
 */
import type { NotificationKind } from "../../core/config/ui-schema.js";
import type { NotifyConfig } from "../config/ui-config.js";

export interface NotifierDeps {
  readonly write: (data: string) => void;
  readonly now: () => number;
  readonly env: Readonly<Record<string, string | undefined>>;
}

const OSC9_TERMINALS = /^(iTerm\.app|WezTerm|ghostty|vscode|WarpTerminal|kitty)$/;

export function chooseMethod(config: NotifyConfig, env: NotifierDeps["env"]): "osc9" | "osc777" | "bel" | "off" {
  if (!config.enabled || config.method === "off") return "off";
  if (config.method !== "auto") return config.method;
  if (OSC9_TERMINALS.test(env.TERM_PROGRAM ?? "") || env.KITTY_WINDOW_ID || env.WT_SESSION) return "osc9";
  return "bel";
}

function sanitize(text: string): string {
  // Control characters would end or corrupt the escape sequence.
  return text.replace(/[\u0000-\u001f\u007f]/g, " ").slice(0, 140);
}

export class Notifier {
  private readonly last = new Map<string, number>();
  private readonly method: "osc9" | "osc777" | "bel" | "off";

  constructor(
    private readonly config: NotifyConfig,
    private readonly deps: NotifierDeps,
  ) {
    this.method = chooseMethod(config, deps.env);
  }

  /** Returns whether anything was written. */
  notify(sessionKey: string, title: string, reason: string, kind?: NotificationKind): boolean {
    if (this.method === "off") return false;
    if (kind !== undefined && this.config.kinds?.[kind] === false) return false;
    const now = this.deps.now();
    const prior = this.last.get(sessionKey);
    if (prior !== undefined && now - prior < this.config.cooldownSeconds * 1000) return false;
    this.last.set(sessionKey, now);
    if (this.method === "bel") {
      this.deps.write("\u0007");
      return true;
    }
    const osc =
      this.method === "osc777"
        ? `\u001b]777;notify;${sanitize(`hmux: ${title}`).replace(/;/g, ",")};${sanitize(reason)}\u0007`
        : `\u001b]9;${sanitize(`hmux: ${title} — ${reason}`)}\u0007`;
    this.deps.write(this.deps.env.TMUX ? `\u001bPtmux;${osc.replace(/\u001b/g, "\u001b\u001b")}\u001b\\` : osc);
    return true;
  }
}
