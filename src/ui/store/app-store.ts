/**
 * The TUI's state outside React. Session events are folded into per-session views as
 * they arrive and marked dirty; React sees them only at the commit cadence (default 80 ms,
 * 12.5 fps: each frame re-measures the whole screen in Ink, so CPU follows the frame rate),
 * however fast the sessions talk. A keypress commits at once. React reads the store through
 * useSyncExternalStore on `version`.
 */
import type { Lifecycle, SessionEvent } from "../../core/control/types.js";
import { paneBodyRect } from "../layout/pane-geometry.js";
import { type Direction, MAX_PANES, neighbour, type Rect, tile } from "../layout/tile.js";
import type { Notifier } from "../notify/notifier.js";
import type { SessionPort } from "../session-port.js";
import { applyEvent } from "./apply-event.js";
import { createSessionView, needsYou, type SessionView } from "./session-view.js";
import { type ScrollAnchor, scrollAnchor } from "./transcript-window.js";

export type Overlay =
  | { readonly kind: "help" }
  | { readonly kind: "inspector" }
  | { readonly kind: "new-session" }
  | { readonly kind: "quit" }
  | { readonly kind: "approval-full" };

/** A decision being typed: a deny reason or an edited input. */
export interface Compose {
  readonly kind: "deny" | "edit";
  readonly sessionKey: string;
  readonly callId: string;
}

export interface Flash {
  readonly text: string;
  readonly tone: "info" | "warn" | "error";
  readonly at: number;
}

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
  readonly notifier?: Notifier;
  readonly columns?: number;
  readonly rows?: number;
}

/** How often a background pane redraws while its session streams. */
export const BACKGROUND_MS = 250;

/** Rows the rail (top) and the status line (bottom) take. */
export const CHROME_ROWS = 2;

export class AppStore {
  readonly sessions = new Map<string, SessionView>();
  readonly ports = new Map<string, SessionPort>();
  /** Session keys shown as panes, in tiling order. Closed panes leave their session running. */
  panes: string[] = [];
  focus = 0;
  zoom = false;
  overlay: Overlay | null = null;
  compose: Compose | null = null;
  flash: Flash | null = null;
  readonly drafts = new Map<string, string>();
  readonly anchors = new Map<string, ScrollAnchor>();
  columns: number;
  rows: number;
  /** Advances on each cadence commit while the focused session runs: the spinner frame. */
  tick = 0;
  version = 0;
  quitRequested = false;

  private dirty = false;
  /** The view version each pane last drew: background panes catch up only every few commits. */
  private readonly published = new Map<string, number>();
  private commits = 0;
  private lastClockCommit = 0;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribers = new Map<string, () => void>();
  private stopCadence: (() => void) | null = null;
  private nextKey = 1;
  readonly scheduler: Scheduler;
  readonly commitMs: number;

  constructor(private readonly options: AppStoreOptions = {}) {
    this.scheduler = options.scheduler ?? realScheduler;
    this.commitMs = options.commitMs ?? 80;
    this.columns = options.columns ?? 160;
    this.rows = options.rows ?? 48;
  }

  // ---- subscription (useSyncExternalStore) ----
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getVersion = (): number => this.version;

  /** Publishes pending changes to React now. */
  commit(): void {
    this.dirty = false;
    this.version++;
    // Background panes redraw at most every BACKGROUND_MS; the focused pane on every commit.
    const every = Math.max(1, Math.round(BACKGROUND_MS / this.commitMs));
    const catchUp = this.commits++ % every === 0;
    const focused = this.focusedKey();
    for (const [key, view] of this.sessions) {
      if (catchUp || key === focused || !this.published.has(key)) this.published.set(key, view.version);
    }
    for (const l of this.listeners) l();
  }

  /** Marks a change that the next cadence tick publishes. */
  markDirty(): void {
    this.dirty = true;
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
    const focused = this.focusedView();
    const animating = focused !== undefined && (focused.lifecycle === "running" || focused.lifecycle === "starting");
    if (animating) this.tick++;
    if (this.flash && this.scheduler.now() - this.flash.at > 6000) {
      this.flash = null;
      this.dirty = true;
    }
    // Deadline countdowns tick once a second even when the session is quiet.
    const now = this.scheduler.now();
    const clock = now - this.lastClockCommit >= 1000 && this.hasDeadline();
    if (clock) this.lastClockCommit = now;
    if (this.dirty || animating || clock) this.commit();
  }

  private hasDeadline(): boolean {
    for (const view of this.sessions.values()) if (view.approvals.some((c) => c.deadlineAt !== null)) return true;
    return false;
  }

  /** The version a pane should draw; lags the live view for background panes. */
  publishedVersion(key: string): number {
    return this.published.get(key) ?? 0;
  }

  // ---- sessions ----
  addSession(port: SessionPort): string {
    const key = `s${this.nextKey++}`;
    const view = createSessionView(key, port.info);
    this.sessions.set(key, view);
    this.ports.set(key, port);
    if (this.panes.length < MAX_PANES) {
      this.panes.push(key);
      this.focus = this.panes.length - 1;
    }
    this.unsubscribers.set(
      key,
      port.subscribe((e) => this.ingest(key, e)),
    );
    port.start?.().catch((err: unknown) => {
      this.ingest(key, {
        kind: "error",
        message: `session did not start: ${err instanceof Error ? err.message : String(err)}`,
      });
    });
    this.commit();
    return key;
  }

  /** Folds one event in; publishes at the next cadence tick. */
  ingest(key: string, event: SessionEvent): void {
    const view = this.sessions.get(key);
    if (!view) return;
    const before = needsYou(view);
    applyEvent(view, event, this.scheduler.now());
    const after = needsYou(view);
    if (after && after !== before) this.announce(view, after);
    const compose = this.compose;
    if (compose && compose.sessionKey === key && !view.approvals.some((c) => c.callId === compose.callId)) {
      // The call being answered was decided elsewhere (deadline, harness): drop the half-typed decision.
      this.compose = null;
      this.drafts.set(key, "");
      this.flash = {
        text: "the call you were deciding was closed before you sent it (deadline or harness)",
        tone: "warn",
        at: this.scheduler.now(),
      };
    }
    this.dirty = true;
  }

  private announce(view: SessionView, why: "approval" | "question" | "failure"): void {
    const pane = this.panes.indexOf(view.key);
    const where = pane >= 0 ? `pane ${pane + 1}` : "hidden pane";
    const label = view.info.label ?? view.info.harness;
    const reason =
      why === "approval"
        ? `approval needed: ${view.approvals[0]?.tool ?? "tool"}`
        : why === "question"
          ? `question: ${view.question?.question ?? ""}`
          : `failed: ${view.lastFailure?.class ?? "error"}`;
    this.options.notifier?.notify(view.key, `${label} (${where})`, reason);
  }

  focusedKey(): string | undefined {
    return this.panes[this.focus];
  }
  focusedView(): SessionView | undefined {
    const key = this.focusedKey();
    return key === undefined ? undefined : this.sessions.get(key);
  }
  focusedPort(): SessionPort | undefined {
    const key = this.focusedKey();
    return key === undefined ? undefined : this.ports.get(key);
  }
  lifecycleOf(key: string): Lifecycle | undefined {
    return this.sessions.get(key)?.lifecycle;
  }

  // ---- layout ----
  setSize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.commit();
  }

  /** Columns the inspector drawer takes while open (0 when closed). */
  drawerWidth(): number {
    if (this.overlay?.kind !== "inspector") return 0;
    return Math.min(72, Math.max(36, Math.floor(this.columns * 0.45)));
  }

  /** Rectangles of the visible panes (one when zoomed), inside the area below the rail. */
  paneRects(): Rect[] {
    const height = Math.max(3, this.rows - CHROME_ROWS);
    const width = Math.max(10, this.columns - this.drawerWidth());
    if (this.zoom) return [{ x: 0, y: 0, width, height }];
    return tile(this.panes.length, width, height);
  }

  focusIndex(index: number): void {
    if (index < 0 || index >= this.panes.length) return;
    this.focus = index;
    this.compose = null;
    this.commit();
  }

  focusDirection(dir: Direction): void {
    if (this.zoom) return;
    this.focusIndex(neighbour(this.paneRects(), this.focus, dir));
  }

  toggleZoom(): void {
    if (this.panes.length === 0) return;
    this.zoom = !this.zoom;
    this.commit();
  }

  /** Removes the focused pane; its session keeps running and stays on the rail. */
  closePane(): void {
    const key = this.focusedKey();
    if (key === undefined) return;
    this.panes.splice(this.focus, 1);
    this.focus = Math.max(0, Math.min(this.focus, this.panes.length - 1));
    if (this.panes.length === 0) this.zoom = false;
    this.compose = null;
    this.setFlash(
      `pane closed; ${this.sessions.get(key)?.info.harness ?? "session"} keeps running (Alt+o reopens)`,
      "info",
    );
  }

  /** Brings back the longest-hidden session as a pane. */
  reopenPane(): void {
    if (this.panes.length >= MAX_PANES) return this.setFlash("nine panes are open", "warn");
    const hidden = [...this.sessions.keys()].find((k) => !this.panes.includes(k));
    if (!hidden) return this.setFlash("no closed panes", "info");
    this.panes.push(hidden);
    this.focus = this.panes.length - 1;
    this.commit();
  }

  hiddenKeys(): string[] {
    return [...this.sessions.keys()].filter((k) => !this.panes.includes(k));
  }

  // ---- overlays, drafts, flash ----
  openOverlay(overlay: Overlay): void {
    this.overlay = overlay;
    this.commit();
  }
  closeOverlay(): void {
    this.overlay = null;
    this.commit();
  }
  setDraft(key: string, text: string): void {
    this.drafts.set(key, text);
    this.commit();
  }
  draftOf(key: string | undefined): string {
    return key === undefined ? "" : (this.drafts.get(key) ?? "");
  }
  setCompose(compose: Compose | null): void {
    this.compose = compose;
    this.commit();
  }
  setFlash(text: string, tone: Flash["tone"]): void {
    this.flash = { text, tone, at: this.scheduler.now() };
    this.commit();
  }

  // ---- scrollback ----
  /** Scrolls the focused pane by pages (PgUp/PgDn). */
  scroll(pages: number): void {
    const index = this.focus;
    const body = this.paneBody(index);
    if (!body) return;
    this.scrollPaneRows(index, pages * Math.max(1, body.height - 1));
  }

  /**
   * Scrolls pane `index` by `rows` (negative: into history). Reaching the bottom resumes
   * following; anywhere else the pane stays anchored while output arrives.
   */
  scrollPaneRows(index: number, rows: number): void {
    const key = this.panes[index];
    const view = key === undefined ? undefined : this.sessions.get(key);
    const body = this.paneBody(index);
    if (key === undefined || !view || !body) return;
    const next = scrollAnchor(view.entries, body.width, body.height, this.anchors.get(key) ?? null, rows);
    if (next) this.anchors.set(key, next);
    else this.anchors.delete(key);
    this.commit();
  }

  /** The visible pane at a cell of the pane area (0-based, below the rail), or null. */
  paneAt(column: number, row: number): number | null {
    const rects = this.paneRects();
    const hit = rects.findIndex((r) => column >= r.x && column < r.x + r.width && row >= r.y && row < r.y + r.height);
    if (hit < 0) return null;
    return this.zoom ? this.focus : hit;
  }

  private paneBody(index: number): { width: number; height: number } | null {
    const key = this.panes[index];
    const view = key === undefined ? undefined : this.sessions.get(key);
    if (!view || (this.zoom && index !== this.focus)) return null;
    const rect = this.paneRects()[this.zoom ? 0 : index];
    return rect ? paneBodyRect(rect, view) : null;
  }
  anchorOf(key: string): ScrollAnchor | null {
    return this.anchors.get(key) ?? null;
  }

  requestQuit(): void {
    this.quitRequested = true;
    this.commit();
  }

  newSessionKey(): string {
    return `s${this.nextKey}`;
  }
}
