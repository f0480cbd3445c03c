/**
 * A race in the TUI: one prompt to several harnesses, started, scored and ended by the race's
 * runner (the hmux server, or src/race in this process) through the race port; each contestant
 * is a pane on the session the runner opened in its own worktree. The panes' events are tallied
 * here (src/race/tally.ts) only to show the race's progress and to know when every first turn
 * has ended: the scorecard, with its figures, is the runner's. Pick and discard ask first.
 */
import type { SessionEvent } from "../../core/control/types.js";
import type { Scorecard } from "../../race/scorecard-schema.js";
import { EMPTY_TALLY, tallyEvent } from "../../race/tally.js";
import { DEFAULT_KEYMAP } from "../keys/keymap.js";
import type { SessionInfo } from "../session-port.js";
import type { Effect, RaceAct } from "./messages.js";
import { scorecardLayout } from "./scorecard-window.js";
import { announce, flash, only, type Step, withEffects } from "./step.js";
import {
  CHROME_ROWS,
  panesWith,
  type RaceContestant,
  type RaceState,
  sessionNumber,
  type UiState,
} from "./ui-state.js";
import { openChanges } from "./update-changes.js";
import { focusNumber } from "./update-layout.js";

/** A race's name: a branch-name-safe stamp, unique enough within one TUI. */
export function raceName(now: number): string {
  return `race-${Math.floor(now / 1000)
    .toString(36)
    .slice(-6)}`;
}

export function updateRace(state: UiState, act: RaceAct, now: number): Step {
  switch (act.do) {
    case "start":
      return start(state, act.prompt, act.harnesses, act.check, now);
    case "started":
      return only(started(state, act.race, act.notes, now));
    case "start-failed":
      return only(
        state.race?.phase === "running"
          ? flash(
              { ...state, race: { ...state.race, phase: "failed", message: act.message } },
              now,
              `race: ${act.message}`,
              "error",
            )
          : state,
      );
    case "opened":
      return only(opened(state, act.harness, act.key, act.workspace));
    case "launch-failed":
      return settle(
        withContestant(state, act.harness, (c) => ({ ...c, failed: act.message })),
        now,
      );
    case "scored":
      return only(
        state.race
          ? {
              ...state,
              race: { ...state.race, phase: "scored", scorecard: act.scorecard, message: null },
              overlay: { kind: "scorecard", selected: 0, confirm: null, scroll: 0 },
            }
          : state,
      );
    case "score-failed":
      return only(
        state.race
          ? flash(
              { ...state, race: { ...state.race, phase: "failed", message: act.message } },
              now,
              `race: ${act.message}`,
              "error",
            )
          : state,
      );
    case "open-scorecard":
      return only(
        state.race
          ? { ...state, overlay: { kind: "scorecard", selected: 0, confirm: null, scroll: 0 } }
          : flash(state, now, "no race yet", "info"),
      );
    case "select": {
      const o = state.overlay;
      const n = state.race?.scorecard?.contestants.length ?? state.race?.contestants.length ?? 0;
      if (o?.kind !== "scorecard" || n === 0 || o.confirm) return only(state);
      return only({ ...state, overlay: { ...o, selected: (o.selected + act.delta + n) % n } });
    }
    case "scroll":
      return only(scrolled(state, act.by, act.unit));
    case "open-contestant":
      return openContestant(state, now);
    case "ask": {
      const o = state.overlay;
      if (o?.kind !== "scorecard" || state.race?.phase !== "scored" || state.race.busy) return only(state);
      return only({ ...state, overlay: { ...o, confirm: act.what } });
    }
    case "cancel": {
      const o = state.overlay;
      if (o?.kind !== "scorecard") return only(state);
      return only(o.confirm ? { ...state, overlay: { ...o, confirm: null } } : { ...state, overlay: null });
    }
    case "confirm":
      return confirm(state, now);
    case "ended":
      return only(
        state.race
          ? flash(
              { ...state, race: { ...state.race, busy: null, ended: true, message: act.text } },
              now,
              act.text,
              "info",
            )
          : state,
      );
    case "end-failed":
      return only(
        state.race
          ? flash({ ...state, race: { ...state.race, busy: null, message: act.message } }, now, act.message, "error")
          : state,
      );
  }
}

function start(state: UiState, prompt: string, harnesses: readonly string[], check: string | null, now: number): Step {
  if (state.race && (state.race.phase === "running" || state.race.phase === "scoring"))
    return only(flash(state, now, `race ${state.race.name} is still running`, "warn"));
  const name = raceName(now);
  const contestants: RaceContestant[] = harnesses.map((harness) => ({
    harness,
    key: null,
    workspace: null,
    startedAt: now,
    ended: false,
    tally: EMPTY_TALLY,
    failed: null,
  }));
  const race: RaceState = {
    name,
    prompt,
    check,
    contestants,
    phase: "running",
    scorecard: null,
    message: null,
    busy: null,
    ended: false,
  };
  const effect: Effect = { kind: "race-start", request: { name, prompt, harnesses, check } };
  return withEffects({ ...state, race, overlay: null }, effect);
}

/** The runner's name for the race (a taken one is suffixed), said before any contestant's pane opens. */
function started(state: UiState, name: string, notes: readonly string[], now: number): UiState {
  const race = state.race;
  if (race?.phase !== "running") return state;
  const named = { ...state, race: { ...race, name } };
  return notes.length > 0 ? flash(named, now, notes.join("; "), "info") : named;
}

function withContestant(state: UiState, harness: string, change: (c: RaceContestant) => RaceContestant): UiState {
  const race = state.race;
  if (!race) return state;
  return {
    ...state,
    race: { ...race, contestants: race.contestants.map((c) => (c.harness === harness ? change(c) : c)) },
  };
}

function opened(state: UiState, harness: string, key: string, workspace: string | null): UiState {
  // Bound already when its session opened (raceSessionOpened); its clock started then.
  const out = withContestant(state, harness, (c) => (c.key === key ? c : { ...c, key, workspace }));
  // A contestant opened while nine panes were open still gets a pane, so its race can be watched.
  return out.panes.includes(key) || !out.sessions.has(key) ? out : { ...out, panes: panesWith(out, key) };
}

/**
 * A session opening in a contestant's worktree is that contestant's pane, known before any of its
 * events arrive (the launcher's answer, "opened", can come after a port replays some).
 */
export function raceSessionOpened(state: UiState, key: string, info: SessionInfo, now: number): UiState {
  const race = state.race;
  const name = info.workspace?.name;
  if (race?.phase !== "running" || name === undefined) return state;
  const c = race.contestants.find((x) => x.key === null && `${race.name}-${x.harness}` === name);
  return c ? withContestant(state, c.harness, (x) => ({ ...x, key, workspace: name, startedAt: now })) : state;
}

/** The selected contestant's pane focused, and its changes view (update-changes.ts) opened on it. */
function openContestant(state: UiState, now: number): Step {
  const harness = selectedHarness(state);
  const c = state.race?.contestants.find((x) => x.harness === harness);
  if (!c || c.key === null || !state.sessions.has(c.key))
    return only(flash(state, now, `${harness ?? "that contestant"} has no pane`, "warn"));
  return openChanges(focusNumber({ ...state, overlay: null, zoom: false }, sessionNumber(state, c.key)));
}

/** A contestant's session event: tallied until its first turn has ended. */
export function raceEvent(state: UiState, key: string, event: SessionEvent, now: number): Step {
  const c = state.race?.contestants.find((x) => x.key === key);
  if (!c || c.ended || state.race?.phase !== "running") return only(state);
  const tally = tallyEvent(c.tally, event);
  if (tally === c.tally) return only(state);
  // Times are the server's (its scorecard): the TUI only learns that the turn ended.
  return settle(
    withContestant(state, c.harness, (x) => ({ ...x, tally, ended: tally.done !== null })),
    now,
  );
}

/** Once every contestant has ended or failed to start, the race is scored. */
function settle(state: UiState, now: number): Step {
  const race = state.race;
  if (race?.phase !== "running") return only(state);
  if (!race.contestants.every((c) => c.ended || c.failed !== null)) return only(state);
  const runs = race.contestants.filter((c) => c.failed === null && c.workspace !== null);
  if (runs.length === 0)
    return only(
      flash(
        { ...state, race: { ...race, phase: "failed", message: "no contestant started" } },
        now,
        "race: no contestant started",
        "error",
      ),
    );
  const scoring = { ...state, race: { ...race, phase: "scoring" as const } };
  return withEffects(
    announce(scoring, now, `race ${race.name}: every turn ended; running the check and scoring`, { race: race.name }),
    { kind: "race-score", race: race.name },
  );
}

/** The contestant the scorecard has selected. */
export function selectedHarness(state: UiState): string | undefined {
  const o = state.overlay;
  if (o?.kind !== "scorecard") return undefined;
  const card: Scorecard | null = state.race?.scorecard ?? null;
  return card ? card.contestants[o.selected]?.harness : state.race?.contestants[o.selected]?.harness;
}

function confirm(state: UiState, now: number): Step {
  const o = state.overlay;
  const race = state.race;
  if (o?.kind !== "scorecard" || !o.confirm || !race) return only(state);
  const out: UiState = { ...state, overlay: { ...o, confirm: null }, race: { ...race, busy: o.confirm } };
  if (o.confirm === "discard")
    return withEffects(
      announce(out, now, `race ${race.name}: halting the contestants, removing their worktrees`, { race: race.name }),
      { kind: "race-discard", race: race.name },
    );
  const harness = selectedHarness(state);
  if (harness === undefined) return only(state);
  return withEffects(announce(out, now, `race ${race.name}: picking ${harness}`, { race: race.name }), {
    kind: "race-pick",
    race: race.name,
    harness,
  });
}

/**
 * The scorecard's body scrolled a row or a page, kept between its top and the point where its last
 * row is the window's last (scorecard-window.ts, at this screen's size; the key line's rows as the
 * default keys wrap).
 */
function scrolled(state: UiState, by: 1 | -1, unit: "row" | "page"): UiState {
  const o = state.overlay;
  const race = state.race;
  if (o?.kind !== "scorecard" || o.confirm || !race) return state;
  const height = Math.max(1, state.rows - CHROME_ROWS);
  const at = (scroll: number) =>
    scorecardLayout({ race, selected: o.selected, confirm: null, scroll }, DEFAULT_KEYMAP, state.columns, height)
      .window;
  const furthest = at(Number.MAX_SAFE_INTEGER)?.start ?? 0;
  const step = unit === "page" ? Math.max(1, at(o.scroll)?.shown ?? 1) : 1;
  const scroll = Math.max(0, Math.min(furthest, o.scroll + by * step));
  return scroll === o.scroll ? state : { ...state, overlay: { ...o, scroll } };
}
