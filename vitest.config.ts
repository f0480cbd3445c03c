import { defineConfig } from "vitest/config";

// Two projects: fast unit/component tests, and the live suite that drives the real
// claude, codex and pi binaries against the embedded scripted model on 127.0.0.1.
export default defineConfig({
  test: {
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
