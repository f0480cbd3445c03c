/**
 * The changes view's effects: each asks the session's changes port (its worktree, through git)
 * and reports back as a message — a refusal with its files and hint, never a silent drop. A
 * session whose port has no worktree access says so.
 */
import { ChangesFailure, type SessionChanges } from "../changes-port.js";
import type { Effect, Msg } from "./messages.js";

type ChangesEffect = Extract<Effect, { kind: "changes-load" | "changes-act" | "branch-status" }>;

const NO_ACCESS = "this session's worktree cannot be reached from this TUI";

function failure(err: unknown): { message: string; files: readonly string[]; hint?: string } {
  if (err instanceof ChangesFailure)
    return { message: err.message, files: err.files, ...(err.hint !== undefined ? { hint: err.hint } : {}) };
  return { message: err instanceof Error ? err.message : String(err), files: [] };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function runChangesEffect(
  effect: ChangesEffect,
  changes: SessionChanges | undefined,
  dispatch: (msg: Msg) => void,
): void {
  const key = effect.key;
  if (effect.kind === "branch-status") {
    // The header keeps what it showed when git cannot answer; the view reports its own failures.
    changes?.status().then(
      (status) => dispatch({ kind: "branch-status", key, status }),
      () => undefined,
    );
    return;
  }
  if (effect.kind === "changes-load") {
    if (!changes) {
      dispatch({ kind: "changes-load-failed", key, seq: effect.seq, message: NO_ACCESS });
      return;
    }
    changes.load(effect.scope).then(
      (data) => dispatch({ kind: "changes-loaded", key, seq: effect.seq, data }),
      (err: unknown) => {
        const f = failure(err);
        dispatch({
          kind: "changes-load-failed",
          key,
          seq: effect.seq,
          message: f.message,
          ...(f.hint ? { hint: f.hint } : {}),
        });
      },
    );
    return;
  }
  const action = effect.action;
  const failed = (err: unknown) => dispatch({ kind: "changes-failed", key, action, ...failure(err) });
  if (!changes) return failed(new ChangesFailure("no-worktree-access", NO_ACCESS));
  let pending: Promise<string>;
  switch (action) {
    case "commit":
      pending = changes
        .commit(effect.message ?? "")
        .then((c) => `committed ${c.commit.slice(0, 12)} (${plural(c.files, "file")})`);
      break;
    case "merge":
      pending = changes
        .merge()
        .then((m) =>
          m.how === "up-to-date"
            ? "the base already has every commit of this branch"
            : `merged into the base by ${m.how === "fast-forward" ? "fast-forward" : "a merge commit"} (now ${m.tip.slice(0, 12)})`,
        );
      break;
    case "discard":
      pending = changes
        .discard()
        .then(
          (d) =>
            `discarded ${plural(d.files, "changed file")} and ${plural(d.commits, "commit")}; the worktree is back at ${d.to.slice(0, 12)}`,
        );
      break;
  }
  pending.then((text) => dispatch({ kind: "changes-done", key, action, text }), failed);
}
