import { defineConfig } from "vitest/config";
import { runningNodeProblem } from "./bin/node-version.js";

// The tests and every process they start (hmux, the harnesses, tsx under tmux) run on this Node; on an older one
// they fail in scattered, misleading ways, so refuse at once. `npm test` and `npx vitest` use node_modules/.bin/node.
const tooOld = runningNodeProblem();
if (tooOld) throw new Error(`${tooOld} (vitest was started on ${process.execPath})`);

// Two projects: fast unit/component tests, and the live suite that drives the real
// claude, codex and pi binaries against the embedded scripted model on 127.0.0.1.
export default defineConfig({
  test: {
    // bin/hmux.js runs the compiled dist/: build it first so no test spawns a stale build.
    globalSetup: ["test/build-dist.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts", "test/unit/**/*.test.tsx"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "live",
          include: ["test/live/**/*.test.ts", "test/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // Each case spawns a real CLI; two cores, so keep concurrency modest.
          maxConcurrency: 3,
          poolOptions: { forks: { maxForks: 2, minForks: 1 } },
          pool: "forks",
        },
      },
    ],
  },
});
