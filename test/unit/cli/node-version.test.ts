import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { atLeast, minimumNode, nodeVersionProblem } from "../../../bin/node-version.js";
import { HMUX, REPO } from "./cli-harness.js";

const ENGINES = (JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { engines: { node: string } }).engines
  .node;

/** Runs bin/hmux.js on this Node, but with `process.versions.node` reporting `version` from the very start. */
function hmuxOn(version: string, ...args: string[]) {
  const fake = `data:text/javascript,Object.defineProperty(process.versions,"node",{value:${JSON.stringify(version)}})`;
  return spawnSync(process.execPath, ["--import", fake, HMUX, ...args], { encoding: "utf8", timeout: 15_000 });
}

describe("the Node version hmux needs", () => {
  it("package.json asks for Node 22.19 or newer (pi 1.x's own floor)", () => {
    expect(atLeast("22.19.0", minimumNode(ENGINES))).toBe(true);
    expect(atLeast("22.18.9", minimumNode(ENGINES))).toBe(false);
  });

  it("compares versions part by part, numerically", () => {
    expect(atLeast("v22.19.0", [22, 19, 0])).toBe(true);
    expect(atLeast("22.100.0", [22, 19, 0])).toBe(true);
    expect(atLeast("23.0.0", [22, 19, 0])).toBe(true);
    expect(atLeast("22.9.5", [22, 19, 0])).toBe(false);
    expect(atLeast("20.20.2", [22, 0, 0])).toBe(false);
    expect(minimumNode(">=22")).toEqual([22, 0, 0]);
    expect(() => minimumNode("^22")).toThrow(/engines\.node/);
  });

  it("a new enough Node has no problem; an old one is told the version it needs", () => {
    expect(nodeVersionProblem("22.23.3", ">=22.19.0")).toBeNull();
    const problem = nodeVersionProblem("v20.20.2", ">=22.19.0");
    expect(problem).toContain("22.19.0 or newer");
    expect(problem).toContain("this is Node.js 20.20.2");
  });

  it("hmux started on an older Node exits 2 naming the version it needs, before loading anything else", () => {
    const r = hmuxOn("20.20.2", "--version");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`needs Node.js ${minimumNode(ENGINES).join(".")} or newer`);
    expect(r.stderr).toContain("this is Node.js 20.20.2");
    expect(r.stdout).toBe("");
  });

  it("hmux runs on the Node the project installs", () => {
    expect(atLeast(process.versions.node, minimumNode(ENGINES))).toBe(true);
    const r = hmuxOn(process.versions.node, "--version");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
});
