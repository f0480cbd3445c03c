// Which Node hmux needs, read from package.json's `engines` so the requirement is stated once.
// Plain JavaScript with no newer syntax: it must run on the old Node it refuses.
import { readFileSync } from "node:fs";

/** The minimum version in an `engines.node` range of the form ">=X[.Y[.Z]]" (the only form package.json uses). */
export function minimumNode(range) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(String(range).trim());
  if (!match) throw new Error(`package.json engines.node must be ">=X.Y.Z", got ${JSON.stringify(range)}`);
  return [Number(match[1]), Number(match[2] || 0), Number(match[3] || 0)];
}

/** True when `version` ("22.19.0" or "v22.19.0") is at least `minimum`. */
export function atLeast(version, minimum) {
  const parts = String(version).replace(/^v/, "").split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    const have = parts[i] || 0;
    if (have !== minimum[i]) return have > minimum[i];
  }
  return true;
}

/** A sentence naming the version needed, or null when this Node is new enough. */
export function nodeVersionProblem(version, range) {
  const minimum = minimumNode(range);
  if (atLeast(version, minimum)) return null;
  const needed = minimum.join(".");
  return (
    `hmux needs Node.js ${needed} or newer; this is Node.js ${String(version).replace(/^v/, "")}. ` +
    `Install Node ${minimum[0]}, or run \`npx hmux\` in the hmux checkout: \`npm ci\` puts Node ${minimum[0]} in its node_modules.`
  );
}

/** The problem for the running Node against this package's `engines.node`. */
export function runningNodeProblem() {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return nodeVersionProblem(process.versions.node, pkg.engines.node);
}
