import { afterEach, describe, expect, it } from "vitest";
import { StartupInterrupt } from "../../../src/cli/startup-interrupt.js";
import { until } from "../../helpers/until.js";

const guards: StartupInterrupt[] = [];
afterEach(() => {
  for (const g of guards.splice(0)) g.disarm();
});

function guard() {
  const said: string[] = [];
  const exits: number[] = [];
  const g = new StartupInterrupt({ command: "hmux demo", say: (l) => said.push(l), exit: (c) => exits.push(c) });
  guards.push(g);
  return { g, said, exits };
}

describe("StartupInterrupt", () => {
  it("a Ctrl-C in the start-up window undoes what started, latest first, then exits 130", async () => {
    const { g, said, exits } = guard();
    const undone: string[] = [];
    g.onStop(() => void undone.push("server"));
    g.onStop(async () => void undone.push("model"));
    g.onStop(() => void undone.push("sessions"));
    process.emit("SIGINT");
    await until(() => exits.length > 0);
    expect(undone).toEqual(["sessions", "model", "server"]);
    expect(exits).toEqual([130]);
    expect(said.join("")).toContain("hmux demo: interrupted (Ctrl-C) while starting");
  });

  it("one failing undo step does not keep the others from running; TERM exits 143", async () => {
    const { g, exits } = guard();
    const undone: string[] = [];
    g.onStop(() => void undone.push("model"));
    g.onStop(() => {
      throw new Error("the server is gone");
    });
    process.emit("SIGTERM");
    await until(() => exits.length > 0);
    expect(undone).toEqual(["model"]);
    expect(exits).toEqual([143]);
  });

  it("once disarmed (the TUI is up), a signal is no longer its business", () => {
    const before = process.listenerCount("SIGINT");
    const { g } = guard();
    expect(process.listenerCount("SIGINT")).toBe(before + 1);
    g.disarm();
    expect(process.listenerCount("SIGINT")).toBe(before);
  });
});
