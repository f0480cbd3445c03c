import { Box, Text } from "ink";
import type React from "react";
import { useCallback, useState } from "react";
import { useFrameValue } from "../../hooks/use-frame.js";
import { useStore } from "../../hooks/use-store.js";
import { useTheme } from "../../hooks/use-theme.js";
import { TextView } from "../TextView.js";
import { OverlayFrame } from "./OverlayFrame.js";
import { PlanVerdictView } from "./PlanVerdictView.js";
import { useDialogForm } from "./use-dialog-form.js";

const RACE_TITLE =
  "race · one prompt, each harness in its own worktree from the same base · Enter starts · Tab next field · Esc cancels";

export const RACE_FIELDS = ["prompt", "harnesses", "check"] as const;
type Field = (typeof RACE_FIELDS)[number];

export interface RaceDialogProps {
  /** Harnesses offered at first: those of the open panes (the UI holds no harness names of its own). */
  readonly harnesses: readonly string[];
  readonly width: number;
  readonly height: number;
}

export interface RaceForm {
  readonly prompt: string;
  readonly harnesses: readonly string[];
  readonly check: string | null;
}

/** The dialog's text as a race, or why it is not one yet. */
export function raceForm(values: Readonly<Record<Field, string>>): RaceForm | { readonly error: string } {
  const prompt = values.prompt.trim();
  const harnesses = values.harnesses.split(/[\s,]+/).filter((h) => h !== "");
  if (prompt === "") return { error: "type the prompt every contestant gets" };
  if (new Set(harnesses).size !== harnesses.length) return { error: "name each harness once" };
  if (harnesses.length < 2) return { error: "a race needs at least 2 harnesses" };
  const check = values.check.trim();
  return { prompt, harnesses, check: check === "" ? null : check };
}

/**
 * A race: the prompt, the harnesses (space-separated), an optional check command run in each
 * worktree after its turn. The server plans each contestant, worktree on, before anything
 * starts; the race starts only when it refused none of them.
 */
export function RaceDialog({ harnesses, width, height }: RaceDialogProps): React.ReactElement {
  const store = useStore();
  const theme = useTheme();
  const [error, setError] = useState<string | null>(null);
  const planCheck = useFrameValue((s) => s.planCheck);
  const submit = useCallback(
    (current: Record<Field, string>) => {
      const form = raceForm(current);
      if ("error" in form) return setError(form.error);
      setError(null);
      const requests = form.harnesses.map((harness) => ({ harness, prompt: form.prompt, worktree: true }));
      store.dispatch({ kind: "plan", requests, next: { kind: "race", ...form } });
    },
    [store],
  );
  const form = useDialogForm(RACE_FIELDS, { prompt: "", harnesses: harnesses.join(" "), check: "" }, { submit });
  const active = form.active;
  const label = 11;
  const inner = Math.max(10, width - 4);
  return (
    <OverlayFrame title={RACE_TITLE} width={width} height={height} wrapTitle>
      <Text> </Text>
      {RACE_FIELDS.map((f, i) => (
        <Box key={f} height={1} width={inner}>
          <Text bold={i === active} color={i === active ? theme.colors.selection : undefined}>
            {`${f.padEnd(label - 1)} `}
          </Text>
          {i === active ? (
            <TextView
              text={form.fields[f]}
              width={Math.max(1, inner - label)}
              placeholder={
                f === "check"
                  ? "optional, e.g. npm test"
                  : f === "harnesses"
                    ? "two or more, space-separated"
                    : "what every contestant is asked"
              }
            />
          ) : (
            <Text wrap="truncate" dimColor={form.fields[f].value === ""}>
              {form.fields[f].value === "" ? (f === "check" ? "none" : "—") : form.fields[f].value}
            </Text>
          )}
        </Box>
      ))}
      <Text> </Text>
      {error ? (
        <Text color={theme.colors.error} wrap="wrap">
          {error}
        </Text>
      ) : planCheck !== null ? (
        <PlanVerdictView check={planCheck} perHarness />
      ) : (
        <Text dimColor wrap="wrap">
          The scorecard opens when every turn has ended: time, tokens, cost, approvals, files and lines changed, the
          check in each worktree, settings a harness could not express.
        </Text>
      )}
    </OverlayFrame>
  );
}
