/** How hmux runs OpenSSH: a byte pipe that never prompts, and a destination ssh can never read as an option. */
import { describe, expect, it } from "vitest";
import { sshDestinationProblem, sshRelayArgv } from "../../../src/spawn/ssh.js";

describe("ssh relay argv", () => {
  it("never prompts, has no tty or escape character, and puts the host after `--`", () => {
    const argv = sshRelayArgv("me@box");
    expect(argv[0]).toBe("ssh");
    expect(argv).toContain("-T");
    expect(argv.join(" ")).toContain("-e none");
    expect(argv.join(" ")).toContain("-o BatchMode=yes");
    expect(argv.slice(-3)).toEqual(["--", "me@box", "hmux server --stdio"]);
  });

  it("the user's ssh command and options come first, and the remote hmux may be a path there", () => {
    const argv = sshRelayArgv("box", { ssh: "/opt/ssh  -F /tmp/cfg", remoteHmux: "~/bin/hmux" });
    expect(argv.slice(0, 3)).toEqual(["/opt/ssh", "-F", "/tmp/cfg"]);
    expect(argv.at(-1)).toBe("~/bin/hmux server --stdio");
    // hmux's options still come before the destination, so the user's config cannot turn BatchMode off
    expect(argv.indexOf("BatchMode=yes")).toBeLessThan(argv.indexOf("box"));
  });
});

describe("ssh destination", () => {
  it.each(["box", "me@box", "me@box.example.org", "user_1@10.0.0.7", "me@[::1]", "alias-from-config"])(
    "%s is a destination",
    (host) => expect(sshDestinationProblem(host)).toBeNull(),
  );

  it.each([
    ["-oProxyCommand=touch /tmp/x", "option"],
    ["", "empty"],
    ["me@box;rm -rf ~", "not [user@]host"],
    ["me@-box", "not [user@]host"],
    ["box name", "not [user@]host"],
    ["a".repeat(300), "longer"],
  ])("%s is refused (%s)", (host, why) => {
    expect(sshDestinationProblem(host)).toContain(why);
  });
});
