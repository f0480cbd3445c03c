/**
 * The TUI's process is started again with the TUI's Node flags (bin/hmux.js), every command that
 * opens the TUI and no other, and the server a TUI starts keeps the server's own flags.
 */
import { describe, expect, it } from "vitest";
import { opensTui, TUI_NODE_FLAGS, tuiRelaunchArgs, withoutTuiFlags } from "../../../src/cli/tui-node-flags.js";
import { SERVER_NODE_FLAGS, serverStartCommand } from "../../../src/server/ensure-server.js";

const argv = (...args: string[]) => ["/usr/bin/node", "/opt/hmux/bin/hmux.js", ...args];
const flagName = (flag: string) => flag.split("=")[0]!;

describe("which command lines open the TUI", () => {
  it.each([
    [[]],
    [["tui"]],
    [["tui", "claude", "--theme", "light"]],
    [["attach", "-t", "w"]],
    [["demo"]],
    [["native", "claude"]],
    [["shell"]],
    [["--host", "box"]],
    [["--host", "server"]],
    [["--native", "claude"]],
  ])("%j opens it", (args) => expect(opensTui(args)).toBe(true));

  it.each([
    [["ls"]],
    [["decode", "x.ndjson"]],
    [["--help"]],
    [["attach", "--help"]],
    [["-V"]],
    [["help", "attach"]],
    [["server", "--foreground"]],
    [["--host", "box", "ls"]],
  ])("%j does not", (args) => expect(opensTui(args)).toBe(false));
});

describe("the relaunch", () => {
  it("starts the TUI again with its flags ahead of the entry point and the same arguments", () => {
    const again = tuiRelaunchArgs(argv("attach", "-t", "w"), ["--enable-source-maps"]);
    expect(again).toEqual(["--enable-source-maps", ...TUI_NODE_FLAGS, "/opt/hmux/bin/hmux.js", "attach", "-t", "w"]);
  });

  it("is not needed once the process has the flags, nor for a command that opens no TUI", () => {
    expect(tuiRelaunchArgs(argv("attach"), [...TUI_NODE_FLAGS])).toBeNull();
    expect(tuiRelaunchArgs(argv("ls"), [])).toBeNull();
  });

  it("keeps a flag of the same name the person started hmux with, turned off included", () => {
    const off = TUI_NODE_FLAGS.map((f) => f.replace(/^--/, "--no-"));
    expect(tuiRelaunchArgs(argv(), off)).toBeNull();
    expect(
      tuiRelaunchArgs(
        argv(),
        TUI_NODE_FLAGS.map((f) => `${f}=1`),
      ),
    ).toBeNull();
  });
});

describe("the server a TUI starts", () => {
  it("runs with the server's flags, not the TUI's", () => {
    const { args } = serverStartCommand([], {}, withoutTuiFlags(["--enable-source-maps", ...TUI_NODE_FLAGS]));
    for (const flag of SERVER_NODE_FLAGS) expect(args.filter((a) => flagName(a) === flagName(flag))).toEqual([flag]);
    for (const flag of TUI_NODE_FLAGS) expect(args).not.toContain(flag);
    expect(args).toContain("--enable-source-maps");
  });
});
