/**
 * The TUI's state outside React, and the loop around the update function: messages go in
 * through `dispatch`, `update` (update.ts) makes the next state, the effects it asks for run
 * against the session ports (effects.ts), and React reads the published frame through
 * useSyncExternalStore.
 *
 * Session events are folded in as they arrive but published only at the commit cadence
 * (default 80 ms, 12.5 fps: each frame re-measures the whole screen in Ink, so CPU follows
 * the frame rate), however fast the sessions talk. Anything the person does publishes at once.
 *
 * A session the person is not looking at has its transcript output held and folded at the next
 * background catch-up, in one batch (held-output.ts): its pane and the rail show it only then anyway.
 *
 * The cadence is the app's one timer, and it runs only on demand (tick-demand.ts): at the commit
 * rate while output waits to be drawn or the focused spinner turns, once at the next change of a
 * countdown's text or a flash's expiry while only those are on screen, and not at all otherwise.
 */

import type { SessionEvent } from "../../core/control/types.js";
import type { Notifier } from "../notify/notifier.js";
import type { RacePort } from "../race-port.js";
import type { SessionLauncher } from "../session-launcher.js";
import type { SessionPort } from "../session-port.js";
import { chromeEqual } from "./chrome-equal.js";
import { type EffectDeps, runEffect } from "./effects.js";
import { keepsHeld, onlyShown } from "./held-output.js";
import type { Msg } from "./messages.js";
import { publish } from "./publish.js";
import { type Demand, tickDemand } from "./tick-demand.js";
import { focusedKey, initialUiState, type UiState } from "./ui-state.js";
import { update } from "./update.js";
import { withoutMarkersDeep } from "./without-markers.js";

export interface Scheduler {
  now(): number;
  every(ms: number, fn: () => void): () => void;
  /** Runs `fn` once after `ms`; the returned function cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export interface AppStoreOptions {
  readonly commitMs?: number;
  /** Time and timers (the root hands the real one, src/main/system-scheduler.ts; tests a manual one). */
  readonly scheduler: Scheduler;
  readonly notifier?: Pick<Notifier, "notify">;
  /** Starts the sessions the new-session dialog asks for. */
  readonly launcher?: Pick<SessionLauncher, "launch" | "plan" | "offer">;
  /** Scores and ends races started from the race dialog. */
  readonly race?: RacePort;
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
  /** The state React was last told to draw. */
  private drawn: UiState;
  private lagging = false;
  /** Output held per session until the next catch-up (held-output.ts), with when each event arrived. */
  private readonly held = new Map<string, { events: SessionEvent[]; times: (number | undefined)[] }>();
  private ticks = 0;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribers = new Map<string, () => void>();
  private started = false;
  /** The one pending timer and what it was armed for; null while nothing needs it. */
  private cadence: { readonly demand: Demand; readonly stop: () => void } | null = null;
  /** What the timer's period was last decided from: re-deciding is skipped while none of it moved. */
  private armedFor: { live: UiState; published: UiState; lagging: boolean; held: boolean } | null = null;
  private nextKey = 1;
  private readonly effects: EffectDeps;
  /**
   * Draws a state that differs from the one React drew only in the transcripts, beside React
   * (the body layer's repaintFrom); false when it could not. Null: every state goes to React.
   */
  drawBodiesOnly: ((frame: UiState) => boolean) | null = null;

  constructor(options: AppStoreOptions) {
    this.scheduler = options.scheduler;
    this.commitMs = options.commitMs ?? 80;
    this.live = initialUiState(options.columns, options.rows);
    this.shown = this.live;
    this.published = this.live;
    this.drawn = this.live;
    this.effects = {
      port: (key) => this.ports.get(key),
      ...(options.notifier ? { notifier: options.notifier } : {}),
      ...(options.launcher ? { launcher: options.launcher } : {}),
      ...(options.race ? { race: options.race } : {}),
      open: (port) => this.addSession(port),
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
    if (this.held.size > 0 && !keepsHeld(msg)) this.releaseHeld();
    const step = update(this.live, withoutMarkersDeep(msg), this.scheduler.now());
    this.live = step.state;
    for (const effect of step.effects) runEffect(effect, this.effects);
    const output = msg.kind === "session-event" || msg.kind === "session-events" || msg.kind === "clock";
    if (!output && this.live !== this.published) this.publishFrame(false);
    this.arm();
  }

  /** Publishes everything now, background panes included. */
  commit(): void {
    this.releaseHeld();
    this.publishFrame(true);
    this.arm();
  }

  private publishFrame(catchUp: boolean): void {
    const next = publish(this.shown, this.live, catchUp);
    this.published = this.live;
    this.lagging = next.lagging;
    if (next.frame === this.shown) return;
    const bodiesOnly = this.drawBodiesOnly !== null && chromeEqual(this.drawn, next.frame);
    this.shown = next.frame;
    // React reads the newer state at its next render; until then the layer shows its transcripts.
    if (bodiesOnly && this.drawBodiesOnly?.(next.frame)) return;
    this.drawn = next.frame;
    for (const l of this.listeners) l();
  }

  start(): void {
    this.started = true;
    this.arm();
  }

  stop(): void {
    this.started = false;
    this.disarm();
    for (const off of this.unsubscribers.values()) off();
    this.unsubscribers.clear();
  }

  private onCadence(): void {
    this.dispatch({ kind: "clock" });
    // Background panes catch up every few ticks; the focused pane on every publish.
    const every = Math.max(1, Math.round(BACKGROUND_MS / this.commitMs));
    const catchUp = this.ticks++ % every === 0;
    if (catchUp) this.releaseHeld();
    if (this.live !== this.published || (catchUp && this.lagging)) this.publishFrame(catchUp);
    this.arm();
  }

  /** A session's events as its port hands them over: held while they only change a pane not in front of the person. */
  private receive(
    key: string,
    events: readonly SessionEvent[],
    times: readonly (number | undefined)[] | undefined,
  ): void {
    const held = this.held.get(key);
    if (this.live.race === null && key !== focusedKey(this.live) && events.every(onlyShown)) {
      const now = this.scheduler.now();
      const into = held ?? { events: [], times: [] };
      this.held.set(key, into);
      for (let i = 0; i < events.length; i++) {
        into.events.push(events[i]!);
        into.times.push(times?.[i] ?? now);
      }
      this.arm();
      return;
    }
    if (held) {
      // What was held goes first, in order, in the same batch.
      this.held.delete(key);
      held.events.push(...events);
      for (let i = 0; i < events.length; i++) held.times.push(times?.[i]);
      this.dispatch({ kind: "session-events", key, events: held.events, times: held.times });
      return;
    }
    this.dispatch(
      events.length === 1 && times?.[0] === undefined
        ? { kind: "session-event", key, event: events[0]! }
        : { kind: "session-events", key, events, ...(times ? { times } : {}) },
    );
  }

  /** Folds every session's held output into the live state. */
  private releaseHeld(): void {
    for (const [key, held] of this.held) {
      this.held.delete(key);
      this.dispatch({ kind: "session-events", key, events: held.events, times: held.times });
    }
  }

  /** Starts, re-periods or stops the one timer to match what the state now needs. */
  private arm(): void {
    if (!this.started) return;
    const seen = this.armedFor;
    const held = this.held.size > 0;
    if (
      seen &&
      seen.live === this.live &&
      seen.published === this.published &&
      seen.lagging === this.lagging &&
      seen.held === held
    )
      return;
    this.armedFor = { live: this.live, published: this.published, lagging: this.lagging, held };
    const now = this.scheduler.now();
    const pending = this.live !== this.published || this.lagging || held;
    const demand = tickDemand(this.live, pending, this.commitMs, now);
    if (sameDemand(demand, this.cadence?.demand ?? null)) return;
    this.disarm();
    if (demand === null) return;
    // disarm() forgot what the timer was armed for; remember it again so unchanged states skip re-deciding.
    this.armedFor = { live: this.live, published: this.published, lagging: this.lagging, held };
    const stop =
      "every" in demand
        ? this.scheduler.every(demand.every, () => this.onCadence())
        : this.scheduler.after(Math.max(0, demand.at - now), () => {
            // Spent: the next wake-up is decided afresh from the state this one leaves.
            this.cadence = null;
            this.armedFor = null;
            this.onCadence();
          });
    this.cadence = { demand, stop };
  }

  private disarm(): void {
    this.cadence?.stop();
    this.cadence = null;
    this.armedFor = null;
  }

  /** The period the timer runs at, or null when it is not periodic or not pending. */
  get tickMs(): number | null {
    const demand = this.cadence?.demand;
    return demand && "every" in demand ? demand.every : null;
  }

  /** The instant a one-shot wake-up is pending for, or null when none is (the TUI is still or periodic). */
  get wakeAt(): number | null {
    const demand = this.cadence?.demand;
    return demand && "at" in demand ? demand.at : null;
  }

  /** Opens a session: a view and (while fewer than nine) a focused pane; its events flow from here on. */
  /** `pane: false` keeps it on the rail without a pane until the reopen key opens it. */
  addSession(port: SessionPort, options: { readonly pane?: boolean } = {}): string {
    const key = `s${this.nextKey++}`;
    this.ports.set(key, port);
    this.dispatch({
      kind: "session-opened",
      key,
      info: port.info,
      ...(options.pane === false ? { pane: false } : {}),
    });
    this.unsubscribers.set(
      key,
      port.subscribeBatched
        ? port.subscribeBatched((events, times) => this.receive(key, events, times))
        : port.subscribe((event) => this.receive(key, [event], undefined)),
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

function sameDemand(a: Demand | null, b: Demand | null): boolean {
  if (a === null || b === null) return a === b;
  return "every" in a ? "every" in b && a.every === b.every : "at" in b && a.at === b.at;
}
