/**
 * For every harness × every TurnOptions key × representative values (valid and invalid),
 * planTurn either renders a well-formed Invocation or throws a RefusalError that names an
 * alternative. And `expresses` is honest: every key a descriptor claims renders for at
 * least one representative value, and every value it lists renders.
 */
import { describe, expect, it } from "vitest";
import { TURN_OPTION_KEYS, type TurnOptionKey } from "../../../src/core/argv/option-keys.js";
import type { TurnRequest } from "../../../src/core/argv/types.js";
import { deepFreeze } from "../../../src/core/evidence.js";
import type { TurnOptions } from "../../../src/core/options/types.js";
import { RefusalError } from "../../../src/core/refusal.js";
import {
  DESCRIPTORS,
  BUILTIN_NAMES as HARNESS_NAMES,
  type BuiltinHarness as HarnessName,
  planners,
} from "../../helpers/builtin-harnesses.js";

const ID = "550e8400-e29b-41d4-a716-446655440000";

function representatives(h: HarnessName): Record<TurnOptionKey, unknown[]> {
  return {
    model: ["opus", "gpt-5.5", "muse-spark-1.2", "zai/glm-5.2", "not a model", "-rf"],
    effort: ["medium", "high", "xhigh", "bogus"],
    provider: ["zai", "bad provider"],
    tools: [["read"], ["read", "shell"], ["list"], ["native:web_search"], [], ["bogus"], ["web-fetch", "subagent"]],
    excludeTools: [["shell"], ["write", "edit"], ["bogus"]],
    access: ["read", "write"],
    autonomy: [true, false],
    memory: [true, false],
    discovery: [
      { tools: true, instructionFiles: true, extensions: true, skills: true },
      { tools: false },
      { instructionFiles: false },
      { extensions: false },
      { skills: false },
    ],
    systemPrompt: ["be terse", "-dash first"],
    appendSystemPrompt: ["also this"],
    skills: [["/abs/skills/review"], ["relative/skill"]],
    isolation: ["tool-free"],
    escalateQuestions: [true, false],
    endpoint: ["http://127.0.0.1:4000", "https://gateway.example/v1", "ftp://nope"],
    isolate: [true, false],
    timeoutSeconds: [30, 0, -1],
    stallSeconds: [10, 0],
    toolMap: [{ [h]: { list: "ls", "web-search": "web_search" } }],
    harnessOptions: [
      { [h]: { contextWindow: 100_000 } },
      { [h]: { maxSteps: 0 } },
      { [h]: { contextWindow: 1.5 } },
      { [h]: { sandbox: "read-only" } },
      { [h]: { sandbox: "nope" } },
      { [h]: { write: false, shell: true } },
      { other: { key: 1 } },
    ],
  };
}

/** Options a key is only meaningful with: pi 1.x reads --provider only to narrow --model's search. */
function companions(h: HarnessName, key: TurnOptionKey): TurnOptions {
  return h === "pi" && key === "provider" ? { model: "glm-5.2" } : {};
}

function request(options: TurnOptions, resume: boolean): TurnRequest {
  return deepFreeze({
    options,
    prompt: "do the thing",
    stateDir: "/tmp/hmux-state/s1",
    inputs: { prompt: "do the thing", ...(resume ? { resume: ID } : {}) },
  });
}

type Outcome = { ok: true } | { ok: false; err: RefusalError };

function attempt(h: HarnessName, req: TurnRequest): Outcome {
  try {
    const inv = planners[h](req);
    expect(inv.argv[0]).toBe(DESCRIPTORS[h].binary.value);
    for (const t of inv.argv) expect(typeof t).toBe("string");
    for (const [k, v] of Object.entries(inv.env)) {
      expect(k).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
      expect(v === null || typeof v === "string").toBe(true);
    }
    expect(["close", "pipe"]).toContain(inv.stdin);
    expect(inv.transport).toBe("pipe");
    return { ok: true };
  } catch (err) {
    if (!(err instanceof RefusalError)) throw err;
    return { ok: false, err };
  }
}

function expectNamesAlternatives(err: RefusalError, h: HarnessName): void {
  expect(err.message.length).toBeGreaterThan(0);
  expect(err.harness).toBe(h);
  expect(err.hint && err.hint.length > 0).toBe(true);
  expect((err.supported?.length ?? 0) + (err.supportedBy?.length ?? 0)).toBeGreaterThan(0);
}

describe("every harness × every option key: renders or refuses with alternatives", () => {
  for (const h of HARNESS_NAMES) {
    for (const key of TURN_OPTION_KEYS) {
      it(`${h} × ${key}`, () => {
        let rendered = 0;
        for (const resume of [false, true]) {
          for (const value of representatives(h)[key]) {
            const outcome = attempt(h, request({ ...companions(h, key), [key]: value } as TurnOptions, resume));
            if (outcome.ok) {
              rendered++;
              continue;
            }
            expectNamesAlternatives(outcome.err, h);
            if (outcome.err.issue === "unsupported-option" && outcome.err.option === key) {
              const elsewhere = HARNESS_NAMES.some((o) => o !== h && DESCRIPTORS[o].options[key] !== undefined);
              if (elsewhere) expect(outcome.err.supportedBy?.length).toBeGreaterThan(0);
            }
          }
        }
        const claimed = DESCRIPTORS[h].expresses.some(
          (e) => e === key || e.startsWith(`${key}=`) || e.startsWith(`${key}.`),
        );
        if (claimed) expect(rendered, `${h} claims ${key} but no representative value renders`).toBeGreaterThan(0);
      });
    }
  }
});

describe("every value a descriptor lists in expresses renders", () => {
  for (const h of HARNESS_NAMES) {
    it(h, () => {
      for (const entry of DESCRIPTORS[h].expresses) {
        const eq = entry.indexOf("=");
        if (eq < 0) continue;
        const path = entry.slice(0, eq);
        const value = JSON.parse(entry.slice(eq + 1)) as unknown;
        const options = (
          path.startsWith("discovery.")
            ? { discovery: { [path.slice("discovery.".length)]: value } }
            : { [path]: value }
        ) as TurnOptions;
        expect(attempt(h, request(options, false)).ok, `${h} ${entry}`).toBe(true);
      }
    });
  }
});

describe("planning is deterministic and pure", () => {
  const rich: TurnOptions = {
    model: "opus",
    effort: "high",
    access: "read",
    memory: false,
    autonomy: true,
    endpoint: "http://127.0.0.1:4000",
    isolate: true,
    discovery: { skills: false },
    systemPrompt: "s",
    timeoutSeconds: 30,
  };
  for (const h of HARNESS_NAMES) {
    it(`${h}: the same frozen input gives the same Invocation or the same refusal, twice`, () => {
      const req = request(rich, false);
      const a = attempt(h, req);
      const first = a.ok ? planners[h](req) : a.err.message;
      const second = a.ok ? planners[h](req) : (attempt(h, req) as { err: RefusalError }).err.message;
      expect(second).toEqual(first);
    });
  }
});
