/**
 * The TUI's state outside React, and the loop around the update function: messages go in
 * through `dispatch`, `update` (update.ts) makes the next state, the effects it asks for run
 * against the session ports (effects.ts), and React reads the published frame through
 * useSyncExternalStore.
 *
 * Session events are folded in as they arrive but published only at the commit cadence
 * (default 80 ms, 12.5 fps: each frame re-measures the whole screen in Ink, so CPU follows
 * the frame rate), however fast the sessions talk. Anything the person does publishes at once.
 */
import type { Notifier } from "../notify/notifier.js";
import type { SessionLauncher } from "../session-launcher.js";
import type { SessionPort } from "../session-port.js";
import { type EffectDeps, runEffect } from "./effects.js";
import type { Msg } from "./messages.js";
import { publish } from "./publish.js";
import { focusedKey, initialUiState, type UiState } from "./ui-state.js";
import { update } from "./update.js";

export interface Scheduler {
  now(): number;
  every(ms: number, fn: () => void): () => void;
}

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  every: (ms, fn) => {
    const t = setInterval(fn, ms);
    t.unref?.();
    return () => clearInterval(t);
  },
};

export interface AppStoreOptions {
  readonly commitMs?: number;
  readonly scheduler?: Scheduler;
  readonly notifier?: Pick<Notifier, "notify">;
  /** Starts the sessions the new-session dialog asks for. */
  readonly launcher?: Pick<SessionLauncher, "launch">;
  readonly columns?: number;
  readonly rows?: number;
}

/** How often a background pane redraws while its session streams. */
export const BACKGROUND_MS = 250;

export class AppStore {
  /** The live ports by session key; the state holds only what the screen shows. */
  readonly ports = new Map<string, SessionPort>();
  readonly scheduler: Scheduler;
  readonly commitMs: number;

  private live: UiState;
  private shown: UiState;
  /** The live state the last publish saw, and whether a background pane still lags it. */
  private published: UiState;
  private lagging = false;
  private ticks = 0;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribers = new Map<string, () => void>();
  private stopCadence: (() => void) | null = null;
  private nextKey = 1;
  private readonly effects: EffectDeps;

  constructor(options: AppStoreOptions = {}) {
    this.scheduler = options.scheduler ?? realScheduler;
    this.commitMs = options.commitMs ?? 80;
    this.live = initialUiState(options.columns, options.rows);
    this.shown = this.live;
    this.published = this.live;
    this.effects = {
      port: (key) => this.ports.get(key),
      ...(options.notifier ? { notifier: options.notifier } : {}),
      ...(options.launcher ? { launcher: options.launcher } : {}),
      open: (port) => void this.addSession(port),
      dispatch: (msg) => this.dispatch(msg),
    };
  }

  /** The live state: every message so far applied. */
  get state(): UiState {
    return this.live;
  }

  /** What React draws: the live state as of the last publish, background panes lagging. */
  get frame(): UiState {
    return this.shown;
  }

  // ---- subscription (useSyncExternalStore) ----
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getFrame = (): UiState => this.shown;

  /** Applies one message; what the person does is on screen at once, session output at the cadence. */
  dispatch(msg: Msg): void {
    const step = update(this.live, msg, this.scheduler.now());
    this.live = step.state;
    for (const effect of step.effects) runEffect(effect, this.effects);
    if (msg.kind !== "session-event" && msg.kind !== "clock" && this.live !== this.published) this.publishFrame(false);
  }

  /** Publishes everything now, background panes included. */
  commit(): void {
    this.publishFrame(true);
  }

  private publishFrame(catchUp: boolean): void {
    const next = publish(this.shown, this.live, catchUp);
    this.published = this.live;
    this.lagging = next.lagging;
    if (next.frame === this.shown) return;
    this.shown = next.frame;
    for (const l of this.listeners) l();
  }

  start(): void {
    if (this.stopCadence) return;
    this.stopCadence = this.scheduler.every(this.commitMs, () => this.onCadence());
  }

  stop(): void {
    this.stopCadence?.();
    this.stopCadence = null;
    for (const off of this.unsubscribers.values()) off();
    this.unsubscribers.clear();
  }

  private onCadence(): void {
    this.dispatch({ kind: "clock" });
    // Background panes catch up every few ticks; the focused pane on every publish.
    const every = Math.max(1, Math.round(BACKGROUND_MS / this.commitMs));
    const catchUp = this.ticks++ % every === 0;
    if (this.live !== this.published || (catchUp && this.lagging)) this.publishFrame(catchUp);
  }

  /** Opens a session: a view and (while fewer than nine) a focused pane; its events flow from here on. */
  addSession(port: SessionPort): string {
    const key = `s${this.nextKey++}`;
    this.ports.set(key, port);
    this.dispatch({ kind: "session-opened", key, info: port.info });
    this.unsubscribers.set(
      key,
      port.subscribe((event) => this.dispatch({ kind: "session-event", key, event })),
    );
    port.start?.().catch((err: unknown) => {
      this.dispatch({
        kind: "session-event",
        key,
        event: { kind: "error", message: `session did not start: ${err instanceof Error ? err.message : String(err)}` },
      });
    });
    return key;
  }

  focusedPort(): SessionPort | undefined {
    const key = focusedKey(this.live);
    return key === undefined ? undefined : this.ports.get(key);
  }
}
