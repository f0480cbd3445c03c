import { Box, Text, useInput } from "ink";
import type React from "react";
import { useEffect, useRef } from "react";
import { useFrame, useFrameValue } from "../../hooks/use-frame.js";
import { useKeys } from "../../hooks/use-keys.js";
import { useStore } from "../../hooks/use-store.js";
import { useTheme } from "../../hooks/use-theme.js";
import type { HarnessChoices, HarnessField, NewSessionRequest, SessionLauncher } from "../../session-launcher.js";
import { type PlanCheck, planPending } from "../../store/plan-check.js";
import { TextView } from "../TextView.js";
import type { TextState } from "../text-edit.js";
import { allValues, cycleChoice, EMPTY_FIELD, formValues } from "./dialog-form.js";
import { OverlayFrame } from "./OverlayFrame.js";
import { PlanVerdictView } from "./PlanVerdictView.js";
import { type TypedAhead, useDialogForm } from "./use-dialog-form.js";

export const FIELDS = ["harness", "model", "effort", "cwd", "endpoint", "prompt", "worktree"] as const;
type Field = (typeof FIELDS)[number];

/** What the fields hold when the dialog opens: the offer's first harness, the rest empty (their defaults). */
function openingValues(choices: HarnessChoices): Record<Field, string> {
  return {
    harness: choices.defaultHarness ?? "",
    model: "",
    effort: "",
    cwd: "",
    endpoint: "",
    prompt: "",
    worktree: "",
  };
}

export interface NewSessionDialogProps {
  readonly launcher: SessionLauncher | undefined;
  readonly width: number;
  readonly height: number;
}

/** The worktree field: empty is the config's choice, "yes" a new one with a generated name, "no" none, else a name. */
export function worktreeChoice(text: string): boolean | string | undefined {
  const v = text.trim();
  if (v === "") return undefined;
  if (v === "yes") return true;
  if (v === "no") return false;
  return v;
}

export function toRequest(values: Readonly<Record<Field, string>>): NewSessionRequest {
  const opt = (v: string): string | undefined => (v.trim() === "" ? undefined : v.trim());
  const worktree = worktreeChoice(values.worktree);
  return {
    ...(worktree !== undefined ? { worktree } : {}),
    harness: values.harness.trim(),
    model: opt(values.model),
    effort: opt(values.effort),
    cwd: opt(values.cwd),
    endpoint: opt(values.endpoint),
    prompt: opt(values.prompt),
  };
}

/** An empty field's text: what the session gets instead (the cwd's folder is the server's, when it is on another machine). */
export function defaultText(field: Field, launcher: SessionLauncher | undefined): string {
  if (field === "cwd" && launcher?.defaultCwd !== undefined) return `(default: ${launcher.defaultCwd})`;
  if (field === "endpoint" && launcher?.defaultEndpoint !== undefined) return `(default: ${launcher.defaultEndpoint})`;
  return "(default)";
}

/** The harness row's offer: the choices ←/→ step through, the one shown marked. */
export function harnessOffer(choices: readonly string[], value: string): string {
  if (choices.length === 0) return "";
  return `←/→ ${choices.map((c) => (c === value.trim() ? `[${c}]` : c)).join(" · ")}`;
}

/** A harness option's field in the form, `<harness>.<key>`: each harness keeps its own text. */
export function optionField(harness: string, key: string): string {
  return `${harness}.${key}`;
}

/** A field's text as the value sent: a whole number or true/false when the option takes one, else as typed (the server checks it). */
function optionValue(field: HarnessField, text: string): string | number | boolean {
  if (field.kind === "integer" && /^-?\d+$/.test(text)) return Number(text);
  if (field.kind === "boolean" && (text === "true" || text === "false")) return text === "true";
  return text;
}

/** The request with the harness's own settings the fields hold (the empty ones left to their defaults). */
export function withHarnessOptions(
  request: NewSessionRequest,
  fields: readonly HarnessField[],
  values: Readonly<Record<string, string>>,
): NewSessionRequest {
  const own: Record<string, string | number | boolean> = {};
  for (const f of fields) {
    const text = (values[optionField(request.harness, f.key)] ?? "").trim();
    if (text !== "") own[f.key] = optionValue(f, text);
  }
  return Object.keys(own).length > 0 ? { ...request, harnessOptions: { [request.harness]: own } } : request;
}

/**
 * The harness options each harness has, as the server's plans named them so far (from the
 * harness module's option spec in its registry): the dialog keeps no list of its own.
 */
function useOfferedOptions(check: PlanCheck | null): ReadonlyMap<string, readonly HarnessField[]> {
  const known = useRef(new Map<string, readonly HarnessField[]>());
  for (const [i, verdict] of (check?.verdicts ?? []).entries()) {
    const harness = check?.requests[i]?.harness;
    if (harness !== undefined && verdict.fields) known.current.set(harness, verdict.fields);
  }
  return known.current;
}

const TITLE = "new session · Tab/↑↓ move · Enter start · Esc cancel";

/**
 * The dialog as the launcher's harness list allows: while the server is asked for it, a line
 * saying so; when it could not answer, why (nothing can start); then the form over that list.
 * A launcher with no `offer` (one this process holds) gives its fixed list at once. While it
 * asks, keys are not held back: Esc cancels it however long the server takes, and the rest are
 * kept for the form, which takes them in as it comes.
 */
export function NewSessionDialog({ launcher, width, height }: NewSessionDialogProps): React.ReactElement {
  const theme = useTheme();
  const offer = useFrameValue((s) => s.harnessOffer);
  const ahead = useRef<TypedAhead>({ keys: [], taken: false });
  useInput((input, key) => {
    // Esc is hmux's own (it closes the dialog); every other key waits for the form.
    if (!ahead.current.taken && !key.escape) ahead.current.keys.push({ input, key });
  });
  const asking = launcher?.offer !== undefined && !offer?.choices && !offer?.failure;
  // Declared after the handler, so the keys read with the one that opened the dialog reach it.
  const { flow } = useKeys();
  useEffect(() => {
    if (asking && flow.held) flow.release();
  }, [asking, flow]);
  if (!launcher?.offer) {
    const fixed: HarnessChoices = {
      harnesses: launcher?.harnesses ?? [],
      ...(launcher?.defaultHarness !== undefined ? { defaultHarness: launcher.defaultHarness } : {}),
    };
    return (
      <NewSessionForm launcher={launcher} choices={fixed} typedAhead={ahead.current} width={width} height={height} />
    );
  }
  if (offer?.choices)
    return (
      <NewSessionForm
        launcher={launcher}
        choices={offer.choices}
        typedAhead={ahead.current}
        width={width}
        height={height}
      />
    );
  return (
    <OverlayFrame title={TITLE} width={width} height={height} wrapTitle>
      {offer?.failure ? (
        <RefusedOffer message={offer.failure} />
      ) : (
        <Text color={theme.colors.status}>asking the server which harnesses it offers…</Text>
      )}
    </OverlayFrame>
  );
}

/** The server's refusal to list its harnesses: nothing can start, so the held keys are let go. */
function RefusedOffer({ message }: { readonly message: string }): React.ReactElement {
  const theme = useTheme();
  const { flow } = useKeys();
  useEffect(() => {
    if (flow.held) flow.release();
  }, [flow]);
  return <Text bold color={theme.colors.error} wrap="wrap">{`cannot start a session: ${message}`}</Text>;
}

interface NewSessionFormProps extends NewSessionDialogProps {
  readonly choices: HarnessChoices;
  readonly typedAhead: TypedAhead;
}

/**
 * Harness, model, effort, cwd, endpoint, prompt, worktree (yes / no / a name). The server plans
 * what the fields hold as the dialog opens and whenever the cursor leaves a field, so its
 * refusals and the settings the session would get show before Enter; Enter plans once more and
 * starts the session only when the server refused nothing.
 */
function NewSessionForm({
  launcher,
  choices: offered,
  typedAhead,
  width,
  height,
}: NewSessionFormProps): React.ReactElement {
  const store = useStore();
  const theme = useTheme();
  // Starting the session, and asking the server, are the store's effects; the dialog shows how they went.
  const { launching, launchFailure, planCheck } = useFrame();
  const starting = planPending(planCheck) && planCheck?.next.kind === "launch";
  const busy = launching || starting;
  const choices = offered.harnesses;
  const offeredOptions = useOfferedOptions(planCheck);
  // What the fields held after the last key: a cycle (←/→) on a harness option reads its choices there.
  const valuesNow = useRef<Readonly<Record<string, string>>>({});
  /** The harness's own settings the server named for the harness the form names now. */
  const optionsFor = (values: Readonly<Record<string, string>>) => {
    const harness = (values.harness ?? "").trim();
    return { harness, options: offeredOptions.get(harness) ?? [] };
  };
  const namesFor = (values: Readonly<Record<string, string>>): readonly string[] => {
    const { harness, options } = optionsFor(values);
    return [...FIELDS, ...options.map((o) => optionField(harness, o.key))];
  };
  const optionNamed = (values: Readonly<Record<string, string>>, name: string) => {
    const { harness, options } = optionsFor(values);
    return options.find((o) => optionField(harness, o.key) === name);
  };
  const requestOf = (values: Readonly<Record<string, string>>): NewSessionRequest =>
    withHarnessOptions(toRequest(values as Record<Field, string>), optionsFor(values).options, values);

  const submit = (current: Record<string, string>) => {
    if (busy) return;
    const request = requestOf(current);
    store.dispatch({ kind: "plan", requests: [request], next: { kind: "launch", request } });
  };
  const form = useDialogForm(namesFor, openingValues(offered), {
    submit,
    cycle: (field, value, delta) => {
      if (field === "harness") return cycleChoice(choices, value, delta);
      const option = optionNamed(valuesNow.current, field);
      const words = option?.choices ?? (option?.kind === "boolean" ? ["true", "false"] : undefined);
      return words ? cycleChoice(words, value, delta) : undefined;
    },
    typedAhead,
  });
  const names = form.names;
  const values = allValues(form);
  valuesNow.current = values;
  const optionOf = (name: string) => optionNamed(values, name);
  const text = (name: string): TextState => form.fields[name] ?? EMPTY_FIELD;
  const options = optionsFor(values).options;
  const active = form.active;
  // A preview as the dialog opens and each time the cursor moves on: what the fields hold now.
  const previewed = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the preview follows the cursor's moves, not each key
  useEffect(() => {
    const request = requestOf(formValues(names, form));
    const asked = JSON.stringify(request);
    if (request.harness === "" || asked === previewed.current) return;
    previewed.current = asked;
    store.dispatch({ kind: "plan", requests: [request], next: { kind: "preview" } });
  }, [active, store]);

  const activeOption = optionOf(names[active] ?? "");
  // The labels line up on the longest: a harness's own keys can be longer than the common ones.
  const labelWidth = Math.max(9, ...options.map((o) => o.key.length + 1));
  return (
    <OverlayFrame title={TITLE} width={width} height={height} wrapTitle>
      {names.map((f, i) => {
        const option = optionOf(f);
        const label = (option?.key ?? f).padEnd(labelWidth);
        return (
          <Box key={f}>
            <Text color={i === active ? theme.colors.selection : undefined} bold={i === active}>
              {`${i === active ? "›" : " "} ${label}`}
            </Text>
            {i === active ? (
              <TextView text={text(f)} width={Math.max(1, width - labelWidth - 7)} />
            ) : (
              <Text dimColor={text(f).value === ""}>
                {text(f).value === "" ? defaultText(f as Field, launcher) : text(f).value}
              </Text>
            )}
          </Box>
        );
      })}
      {choices.length > 0 ? (
        <Text dimColor wrap="wrap">{`harness ${harnessOffer(choices, text("harness").value)}`}</Text>
      ) : null}
      {activeOption ? (
        <Text dimColor wrap="wrap">
          {`${activeOption.flag}: ${activeOption.describe} (${activeOption.choices ? `←/→ ${activeOption.choices.join(" · ")}` : activeOption.allowed})`}
        </Text>
      ) : null}
      <Text> </Text>
      {launching ? <Text color={theme.colors.status}>starting…</Text> : null}
      {launchFailure !== null && !busy ? (
        <Text bold color={theme.colors.error} wrap="wrap">{`did not start: ${launchFailure}`}</Text>
      ) : null}
      <PlanVerdictView check={planCheck} />
    </OverlayFrame>
  );
}
