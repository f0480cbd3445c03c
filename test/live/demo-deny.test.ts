/**
 * The demo's script, live on every pane harness: reading the README asks nobody (hmux's default
 * policy treats reads alike everywhere); deny the command the model proposes, with a reason, and
 * the model is told, takes no for an answer and ends the turn — it does not start its script
 * over and ask for the same command again (codex delivers the reason as a steer, which is a
 * user message).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinRegistry } from "../../src/adapters/registry.js";
import { DEMO_PROMPT } from "../../src/cli/commands/demo.js";
import { DEFAULT_SCRIPT } from "../../src/scripted-model/default-script.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { demoHarnesses } from "../../src/session/launch.js";
import { decide, type Ev, withLiveSession } from "./session-live.js";

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server.close();
});

const isRequest = (e: Ev) => e.kind === "approval-request";
const callOf = (e: Ev) => e.call as { callId: string; input: unknown; deadlineAt: number | null };

/** The demo rule's answer to a denied call, and the command it proposes, as the script states them. */
const demoRule = DEFAULT_SCRIPT.rules.find((r) => r.onError !== undefined)!;
const onErrorText = [demoRule.onError!.text ?? []].flat().join("").trim();
const demoCommand = demoRule.replies
  .flatMap((r) => r.tools ?? [])
  .map((t) => (t.tool === "shell" ? t.command : ""))
  .find((c) => c !== "")!;

describe("the demo script after a deny, live", () => {
  for (const harness of demoHarnesses(builtinRegistry)) {
    it(`${harness}: reading runs unasked; a denied command is not asked again, and the turn ends with the model's acknowledgement`, async () => {
      const reason = `no-files-today-${harness}`;
      await withLiveSession(
        harness,
        server.url,
        [],
        async (s) => {
          s.send("in-1", DEMO_PROMPT);
          // Reading the README runs unasked (the harness's own check or hmux's default policy, whose
          // requests arrive already decided: deadlineAt null). A read that asks the person is
          // noted and allowed; the call that changes the disk is denied.
          let denied: Ev | undefined;
          const askedPerson: unknown[] = [];
          for (let seen = 0; !denied; ) {
            const ask = await s.next(isRequest, 45_000, seen);
            seen = s.events.indexOf(ask) + 1;
            if (callOf(ask).deadlineAt === null) continue;
            if (!JSON.stringify(callOf(ask).input).includes(demoCommand)) {
              askedPerson.push(callOf(ask).input);
              decide(s, `r-${seen}`, callOf(ask).callId, { decision: "allow" });
            } else {
              decide(s, "d-1", callOf(ask).callId, { decision: "deny", reason });
              denied = ask;
            }
          }
          const after = s.events.indexOf(denied) + 1;
          const next = await s.next((e) => e.kind === "done" || isRequest(e), 45_000, after);
          if (next.kind !== "done") s.command("i-1", "interrupt", { reason: "the model asked again" });
          await s.next((e) => e.kind === "done", 45_000, after);
          expect(askedPerson).toEqual([]);
          const before = s.events.slice(0, after - 1);
          const deciders = before.filter((e) => e.kind === "approval-disposition").map((e) => e.decider);
          expect(deciders.filter((d) => d !== "policy")).toEqual([]);
          expect(s.events.slice(after).filter(isRequest)).toEqual([]);
          expect(next).toMatchObject({ kind: "done", cause: "clean" });
          expect(server.requests().some((r) => JSON.stringify(r.body ?? "").includes(reason))).toBe(true);
          const said = s.events
            .slice(after)
            .filter((e) => e.kind === "message" && e.role === "assistant")
            .map((e) => String(e.text ?? ""))
            .join("");
          expect(said).toContain(onErrorText);
        },
        (work) => writeFileSync(join(work, "README.md"), "# a project\n"),
      );
    }, 120_000);
  }
});
