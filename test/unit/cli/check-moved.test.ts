import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMovedInstalls } from "../../../src/spawn/moved-packages.js";
import { PINNED_VERSIONS } from "../../helpers/builtin-harnesses.js";
import { REPO, Sandbox } from "./cli-harness.js";

const OLD = "@mariozechner/pi-coding-agent";
const NEW = "@earendil-works/pi-coding-agent";
const MOVE = { from: OLD, to: NEW, toVersion: PINNED_VERSIONS.pi.version };

/** An install of the old pi package under `modules`, whose cli prints its version like pi does. */
function oldPi(modules: string): string {
  const dir = join(modules, ...OLD.split("/"));
  mkdirSync(join(dir, "dist"), { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: OLD, version: "0.73.1", bin: { pi: "dist/cli.js" } }),
  );
  const cli = join(dir, "dist", "cli.js");
  writeFileSync(cli, `#!${process.execPath}\nconsole.log("0.73.1");\n`);
  chmodSync(cli, 0o755);
  return cli;
}

/** A global npm prefix with the old package installed and its `pi` linked into bin/, as `npm i -g` leaves it. */
function globalPrefix(root: string): { bin: string; cli: string } {
  const bin = join(root, "bin");
  mkdirSync(bin, { recursive: true });
  const cli = oldPi(join(root, "lib", "node_modules"));
  symlinkSync(cli, join(bin, "pi"));
  return { bin, cli };
}

describe("finding installs of pi's old package", () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "hmux-moved-"));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("the pinned pi is the new package, and the old name is known as its former one", () => {
    expect(PINNED_VERSIONS.pi.npmPackage).toBe(NEW);
    expect(PINNED_VERSIONS.pi.formerNpmPackages).toContain(OLD);
  });

  it("a global install on PATH is found through its link and fixed with npm -g", () => {
    const g = globalPrefix(join(root, "global"));
    const found = findMovedInstalls([MOVE], {
      binaryName: "pi",
      pathVar: `/nonexistent:${g.bin}`,
      roots: [],
      hmuxRoot: REPO,
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ via: "path", version: "0.73.1", from: OLD, to: NEW });
    expect(found[0]!.fix).toBe(`npm uninstall -g ${OLD} && npm install -g ${NEW}@${MOVE.toVersion}`);
    expect(found[0]!.message).toContain(`moved to ${NEW}`);
  });

  it("a project's node_modules install is fixed in that project", () => {
    const project = join(root, "project");
    oldPi(join(project, "node_modules"));
    const found = findMovedInstalls([MOVE], { binaryName: "pi", pathVar: "", roots: [project], hmuxRoot: REPO });
    expect(found).toEqual([expect.objectContaining({ via: "node_modules", version: "0.73.1" })]);
    expect(found[0]!.fix).toBe(`cd ${project} && npm uninstall ${OLD} && npm install ${NEW}@${MOVE.toVersion}`);
  });

  it("an old package left in hmux's own node_modules is fixed by npm ci there", () => {
    const hmux = join(root, "hmux-checkout");
    oldPi(join(hmux, "node_modules"));
    const found = findMovedInstalls([MOVE], { binaryName: "pi", pathVar: "", roots: [hmux], hmuxRoot: hmux });
    expect(found.map((m) => m.fix)).toEqual([`cd ${hmux} && npm ci`]);
  });

  it("the same install reached both ways is reported once; nothing old, nothing reported", () => {
    const prefix = join(root, "both");
    const g = globalPrefix(prefix);
    const search = { binaryName: "pi", pathVar: g.bin, roots: [join(prefix, "lib")], hmuxRoot: REPO };
    expect(findMovedInstalls([MOVE], search)).toHaveLength(1);
    expect(findMovedInstalls([MOVE], { binaryName: "pi", pathVar: "/usr/bin", roots: [root], hmuxRoot: REPO })).toEqual(
      [],
    );
  });
});

describe("hmux check and pi's package move", () => {
  let box: Sandbox;
  let global: { bin: string; cli: string };
  beforeAll(() => {
    box = new Sandbox();
    global = globalPrefix(join(box.root, "npm-global"));
  });
  afterAll(() => box.cleanup());

  it("an old pi on PATH is reported as moved, with the command that fixes it", async () => {
    const r = await box.run(["check"], { PATH: `${global.bin}:${box.env.PATH}` });
    expect(r.stdout).toContain(`moved  pi: ${OLD} 0.73.1 at`);
    expect(r.stdout).toContain(`has moved to ${NEW}; fix: npm uninstall -g ${OLD} && npm install -g ${NEW}@`);
  }, 30_000);

  it("when hmux itself would run the old package, pi's status is moved and check exits 1", async () => {
    const r = await box.run(["check", "--json"], { HMUX_PI_BIN: global.cli });
    expect(r.code).toBe(1);
    const report = r.lines[0] as {
      drift: boolean;
      harnesses: { harness: string; status: string; moved?: unknown[] }[];
    };
    expect(report.drift).toBe(true);
    const pi = report.harnesses.find((h) => h.harness === "pi");
    expect(pi).toMatchObject({ status: "moved", installed: "0.73.1" });
    expect(pi?.moved).toEqual([expect.objectContaining({ from: OLD, to: NEW, via: "binary" })]);
  }, 30_000);
});
