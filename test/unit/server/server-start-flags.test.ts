/** The server a client starts runs with the server's Node flags, each once, before its entry point. */
import { afterEach, describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS, serverStartCommand } from "../../../src/server/ensure-server.js";

const own = [...process.execArgv];
afterEach(() => {
  process.execArgv.splice(0, process.execArgv.length, ...own);
});

const named = (args: readonly string[], flag: string) => args.filter((a) => a.split("=")[0] === flag.split("=")[0]);

describe("the server's start command", () => {
  it("gives the server each of its Node flags once, ahead of the entry point", () => {
    const { args } = serverStartCommand([], {});
    const entry = args.indexOf(process.argv[1]!);
    for (const flag of SERVER_NODE_FLAGS) {
      expect(named(args, flag)).toEqual([flag]);
      expect(args.indexOf(flag)).toBeLessThan(entry);
    }
  });

  it("keeps a flag this process was started with instead of adding a second one", () => {
    for (const flag of SERVER_NODE_FLAGS) process.execArgv.push(`${flag.split("=")[0]}=8`);
    const { args } = serverStartCommand([], {});
    for (const flag of SERVER_NODE_FLAGS) expect(named(args, flag)).toEqual([`${flag.split("=")[0]}=8`]);
  });
});
