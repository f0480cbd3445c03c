/** scripts/netns-run.mjs: the loopback-only namespace `npm test` runs the live suite in. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { atLeast, minimumNode } from "../../bin/node-version.js";
import { REPO_ROOT } from "./helpers/isolated-cli.js";

const SCRIPT = join(REPO_ROOT, "scripts", "netns-run.mjs");
const canUnshare = process.getuid?.() === 0 && spawnSync("unshare", ["-n", "true"]).status === 0;
const inNamespaceAlready = process.env.HMUX_IN_NETNS === "1";

/** Starts a loopback server, fetches it, then tries an outside address; prints both results. */
const PROBE = `
const http = require("node:http");
const srv = http.createServer((q, s) => s.end("loopback-ok")).listen(0, "127.0.0.1", async () => {
  const own = await (await fetch("http://127.0.0.1:" + srv.address().port)).text();
  let outside = "reachable";
  try { await fetch("http://192.0.2.1/", { signal: AbortSignal.timeout(3000) }); } catch (e) { outside = e.cause?.code ?? e.name; }
  console.log(own + " " + outside);
  srv.close();
});`;

function run(env: Record<string, string>, ...command: string[]) {
  return spawnSync(process.execPath, [SCRIPT, ...command], {
    encoding: "utf8",
    env: { ...process.env, HMUX_IN_NETNS: "", ...env },
  });
}

describe("netns-run", () => {
  it("passes the command's exit code through", () => {
    expect(run({ HMUX_NO_NETNS: "1" }, process.execPath, "-e", "process.exit(7)").status).toBe(7);
  });

  it("with HMUX_NO_NETNS=1 runs the command directly and says so", () => {
    const r = run({ HMUX_NO_NETNS: "1" }, process.execPath, "-e", "console.log('ran')");
    expect(r.stdout.trim()).toBe("ran");
    expect(r.stderr).toContain("running without a loopback-only network namespace");
  });

  it("the command's `node` is the one npm ci installed, even when the caller's PATH has only the system's", () => {
    const r = run({ HMUX_NO_NETNS: "1", PATH: "/usr/bin:/bin" }, "node", "-p", "process.versions.node");
    expect(r.status, r.stderr).toBe(0);
    const engines = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { engines: { node: string } })
      .engines.node;
    expect(atLeast(r.stdout.trim(), minimumNode(engines)), `node ${r.stdout.trim()} for ${engines}`).toBe(true);
  });

  it.runIf(canUnshare || inNamespaceAlready)(
    "inside the namespace loopback works and any other address is unreachable",
    () => {
      // Under `npm test` this suite already runs in the namespace: probe it directly.
      const r = inNamespaceAlready
        ? spawnSync(process.execPath, ["-e", PROBE], { encoding: "utf8" })
        : run({}, process.execPath, "-e", PROBE);
      expect(r.stdout.trim(), r.stderr).toBe("loopback-ok ENETUNREACH");
    },
  );
});
