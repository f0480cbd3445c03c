#!/usr/bin/env node
/**
 * Run a command inside a fresh network namespace that has only loopback, so a test run proves
 * that nothing connects anywhere but 127.0.0.1 (anything else fails at once with ENETUNREACH).
 *
 *   node scripts/netns-run.mjs <command> [args…]
 *
 * Needs root and `unshare` (util-linux). Brings `lo` up with `ip` when present. Without them
 * it runs the command directly and says so on stderr. HMUX_NO_NETNS=1 skips the namespace.
 * Exits with the command's exit code (128+signal when it was killed).
 *
 * The command sees this checkout's node_modules/.bin first on its PATH, as under `npm run`, so it and
 * every `node` it starts run on the Node that `npm ci` installed, whichever Node started this script.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

const command = process.argv.slice(2);
if (command.length === 0) {
  process.stderr.write("usage: node scripts/netns-run.mjs <command> [args…]\n");
  process.exit(2);
}

const localBin = fileURLToPath(new URL("../node_modules/.bin", import.meta.url));
const pathDirs = (process.env.PATH ?? "").split(delimiter).filter((dir) => dir && dir !== localBin);
process.env.PATH = [localBin, ...pathDirs].join(delimiter);

function which(name) {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      /* keep looking */
    }
  }
  for (const dir of ["/usr/sbin", "/sbin", "/usr/bin", "/bin"]) {
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      /* keep looking */
    }
  }
  return null;
}

function exitWith(result) {
  if (result.error) {
    process.stderr.write(`netns-run: cannot start ${result.error.path ?? command[0]}: ${result.error.message}\n`);
    process.exit(127);
  }
  if (result.signal) {
    const signals = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
    process.exit(128 + (signals[result.signal] ?? 1));
  }
  process.exit(result.status ?? 1);
}

function runDirectly(reason) {
  process.stderr.write(`netns-run: ${reason}; running without a loopback-only network namespace\n`);
  exitWith(spawnSync(command[0], command.slice(1), { stdio: "inherit" }));
}

if (process.env.HMUX_NO_NETNS === "1") runDirectly("HMUX_NO_NETNS=1");
if (process.env.HMUX_IN_NETNS === "1") exitWith(spawnSync(command[0], command.slice(1), { stdio: "inherit" }));
if (typeof process.getuid !== "function" || process.getuid() !== 0) runDirectly("not root");
const unshare = which("unshare");
if (!unshare) runDirectly("`unshare` not found");

// Probe first: some containers forbid new namespaces even to root.
const probe = spawnSync(unshare, ["-n", "true"], { stdio: "ignore" });
if (probe.status !== 0) runDirectly("`unshare -n` is not permitted here");

const ip = which("ip");
// In a new namespace lo exists but is down; without `ip`, loopback may still be down and
// 127.0.0.1 unreachable, so say so rather than fail mysteriously.
const bringUp = ip ? `"${ip}" link set lo up || exit 97; ` : "";
if (!ip) process.stderr.write("netns-run: `ip` not found; loopback may be down inside the namespace\n");
process.stderr.write("netns-run: running inside a network namespace that has only loopback\n");
exitWith(
  spawnSync(unshare, ["-n", "sh", "-c", `${bringUp}HMUX_IN_NETNS=1 exec "$@"`, "netns-run", ...command], {
    stdio: "inherit",
  }),
);
