/**
 * Cross-driver fidelity (issue 21, item 3): one scripted conversation — text, a read, a gated
 * shell call denied then allowed, a question and its answer, an interrupt — through the native
 * driver and the ACP adapter of the same harness gives the same normalized event sequence, step
 * by step, except where a difference is listed here and explained in docs/acp-fidelity.md.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { converse, type FidelityScript, type Sequence, type Step } from "./helpers/fidelity.js";
import { unreadRequests } from "./helpers/isolated-cli.js";

interface Pair {
  readonly native: string;
  readonly acp: string;
  readonly script: FidelityScript;
  /** The steps whose sequences differ, each as the two drivers give it. */
  readonly differences: Partial<Record<Step, { readonly native: readonly string[]; readonly acp: readonly string[] }>>;
}

const PAIRS: readonly Pair[] = [
  { native: "claude", acp: "claude-acp", script: { shell: "bash" }, differences: {} },
  {
    native: "codex",
    acp: "codex-acp",
    // codex-acp asks only for an escalation out of its sandbox; native codex (untrusted) asks for it too.
    script: { shell: "escalate" },
    differences: {
      // Native codex asks hmux about its `cat` (untrusted: not on its own safe list) and hmux's policy
      // allows it; codex-acp runs it in its read-only sandbox without asking and calls it a read.
      read: {
        native: ["text", "call:shell", "ask", "decided:allow", "result:ok", "text", "done:clean"],
        acp: ["text", "call:read", "result:ok", "text", "done:clean"],
      },
      // codex-acp's only reject option is "cancel": the turn ends at the denial, the model is not told.
      deny: {
        native: ["text", "call:shell", "ask", "decided:deny", "result:error", "text", "done:clean"],
        acp: ["text", "call:shell", "ask", "decided:deny", "result:error", "done:clean"],
      },
      // Native codex gives an agent message only once it completes, so an interrupted one is never
      // shown; the ACP kind shows the chunks it streamed as one message when the turn ends.
      interrupt: { native: ["done:interrupted"], acp: ["text", "done:interrupted"] },
    },
  },
  { native: "pi", acp: "pi-acp", script: { shell: "bash" }, differences: {} },
];

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  expect(unreadRequests(server.requests()), "requests the scripted model could not read").toEqual([]);
  await server.close();
});

describe("the same conversation through a native driver and its ACP adapter", () => {
  for (const pair of PAIRS) {
    it(`${pair.native} and ${pair.acp} give the same normalized events, but for the listed differences`, async () => {
      const native: Sequence = await converse(pair.native, server.url, pair.script);
      const acp: Sequence = await converse(pair.acp, server.url, pair.script);
      for (const step of Object.keys(native) as Step[]) {
        const differs = pair.differences[step];
        if (differs) {
          expect({ step, native: native[step] }).toEqual({ step, native: differs.native });
          expect({ step, acp: acp[step] }).toEqual({ step, acp: differs.acp });
        } else expect({ step, acp: acp[step] }).toEqual({ step, acp: native[step] });
      }
    }, 300_000);
  }
});
