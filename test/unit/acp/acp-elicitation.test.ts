/**
 * An ACP agent's elicitation/create over real stdio (the stand-in agent's `ask <form>`): asked as
 * one hmux question that ends the turn awaiting input, the person's answer going back as the
 * form's content, and a form hmux cannot ask declined with an event saying why.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { kindIs, runAgent, scratch } from "./acp-fixture.js";

const place = scratch("hmux-acp-elicit-");
afterAll(() => place.remove());

const done = (e: SessionEvent) => e.kind === "done";
const dones = (events: readonly SessionEvent[]) => events.filter(done);

async function askedThenAnswered(name: string, form: string, answer: string) {
  const run = await runAgent(place, { name });
  await run.handle.send("s1", `ask ${form}`);
  const question = await run.waitFor(kindIs("question"), "the question");
  await run.waitFor(done, "the turn ending on the question");
  const disposition = await run.handle.answer("a1", answer);
  await run.waitFor((e) => dones(run.events).length === 2 && e.kind === "done", "the answered turn's done");
  await run.handle.close();
  const logged = run.logged().find((l) => l.elicitation === form);
  return { run, question, disposition, answered: logged?.answer };
}

describe("an ACP agent's elicitation", () => {
  it("advertises form elicitation and not URL elicitation", async () => {
    const run = await runAgent(place, { name: "elicitcaps" });
    await run.waitFor(kindIs("identity"), "the identity");
    await run.handle.close();
    const init = run.logged().find((l) => l.initialize)?.initialize as Record<string, unknown>;
    expect((init.clientCapabilities as Record<string, unknown>).elicitation).toEqual({ form: {} });
  });

  it("asks a oneOf as a question with its titles as options, ends the turn awaiting input, and accepts the chosen const", async () => {
    const { run, question, disposition, answered } = await askedThenAnswered("elicitpick", "pick", "Postgres");
    expect(question).toEqual({
      kind: "question",
      question: "Which database?",
      options: ["Postgres", "SQLite"],
      recommended: "SQLite",
    });
    expect(dones(run.events)[0]).toMatchObject({ cause: "awaiting-input" });
    expect(disposition).toMatchObject({ disposition: "started" });
    expect(answered).toEqual({ action: "accept", content: { question_0: "pg" } });
    // The agent went on from the answer, in the turn the answer opened.
    expect(dones(run.events)[1]).toMatchObject({ cause: "clean" });
    expect(run.events.filter(kindIs("message")).at(-1)).toMatchObject({ text: JSON.stringify(answered) });
  });

  it("puts an answer that is none of the options into the form's free-text companion", async () => {
    const { answered } = await askedThenAnswered("elicitother", "pick", "MariaDB");
    expect(answered).toEqual({ action: "accept", content: { question_0_custom: "MariaDB" } });
  });

  it("asks a boolean as yes/no and answers true or false", async () => {
    const { question, answered } = await askedThenAnswered("elicitbool", "confirm", "no");
    expect(question).toMatchObject({ question: "Delete the build folder?", options: ["yes", "no"] });
    expect(answered).toEqual({ action: "accept", content: { ok: false } });
  });

  it("asks a string as free text and answers with the text as said", async () => {
    const { question, answered } = await askedThenAnswered("elicittext", "text", "fix/login-race");
    expect(question).toMatchObject({ options: [] });
    expect(answered).toEqual({ action: "accept", content: { name: "fix/login-race" } });
  });

  it("declines a form it cannot ask, with an error event saying why, and the turn goes on without a question", async () => {
    const run = await runAgent(place, { name: "elicitnum" });
    await run.handle.send("s1", "ask number");
    await run.waitFor(done, "the turn's done");
    await run.handle.close();
    expect(run.events.find(kindIs("question"))).toBeUndefined();
    expect(
      run.events.find((e) => e.kind === "error" && e.message.includes('"count" is of type integer')),
    ).toBeDefined();
    expect(run.logged().find((l) => l.elicitation === "number")?.answer).toEqual({ action: "decline" });
    expect(run.events.find(done)).toMatchObject({ cause: "clean" });
  });

  it("asks one question at a time: a second elicitation while one waits is declined with why", async () => {
    const run = await runAgent(place, { name: "elicittwice" });
    await run.handle.send("s1", "ask-twice");
    await run.waitFor(kindIs("question"), "the first question");
    await run.waitFor(done, "the turn ending on it");
    // The turn ends on the first at once; the second may reach hmux (and be refused) only after that done.
    await run.waitFor(
      (e) => e.kind === "error" && e.message.includes("one is already waiting"),
      "the second one declined",
    );
    expect(run.events.filter(kindIs("question"))).toHaveLength(1);
    await run.handle.answer("a1", "one-branch");
    await run.waitFor((e) => dones(run.events).length === 2 && e.kind === "done", "the answered turn's done");
    await run.handle.close();
    const answers = Object.fromEntries(
      run
        .logged()
        .filter((l) => l.elicitation)
        .map((l) => [l.elicitation, l.answer]),
    );
    expect(answers).toEqual({
      text: { action: "accept", content: { name: "one-branch" } },
      confirm: { action: "decline" },
    });
  });

  it("keeps a question waiting like any other: an interrupt is refused (no turn runs) and the later answer still reaches the agent", async () => {
    const run = await runAgent(place, { name: "elicitwait" });
    await run.handle.send("s1", "ask text");
    await run.waitFor(done, "the turn ending on the question");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(run.handle.snapshot().lifecycle).toBe("awaiting-input");
    const outcome = await run.handle.command({ id: "c1", command: "interrupt", reason: "the test tries" });
    expect(outcome).toMatchObject({ result: "refused", refused: { code: "TOO_LATE" } });
    await run.handle.answer("a1", "later");
    await run.waitFor((e) => dones(run.events).length === 2 && e.kind === "done", "the answered turn's done");
    await run.handle.close();
    expect(run.logged().find((l) => l.elicitation === "text")?.answer).toEqual({
      action: "accept",
      content: { name: "later" },
    });
  });
});
