/**
 * A native pane has no ambient defaults: the environment its harness starts from and what launch()
 * runs on (the registry in force, its launch ports) are handed in by whoever composes it (the
 * server's native rows), so a pane can never be planned with the built-in registry or this
 * process's environment behind its composer's back. tsc holds the types (`npm test` and land run
 * it): each call below that omits one must not compile.
 */
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { createAppContext } from "../../../src/main/context.js";
import { planNativeLaunch } from "../../../src/main/native-launch.js";

const env = { PATH: "/bin", HOME: "/nonexistent-home" };
const ports = createAppContext({ env, registry: builtinRegistry });

describe("a native pane's plan", () => {
  it("takes no environment, registry or launch ports of its own: each must be handed in", () => {
    const shell = { kind: "shell", cwd: "/" } as const;
    // @ts-expect-error what launch() runs on (the registry, its launch ports) is required
    expect(() => planNativeLaunch(shell, { hostEnv: env })).toThrow();
    // @ts-expect-error the environment is required
    expect(() => planNativeLaunch(shell, { ports })).not.toThrow();
    // @ts-expect-error the folder is required
    expect(() => planNativeLaunch({ kind: "shell" }, { hostEnv: env, ports })).toThrow();
    expect(planNativeLaunch(shell, { hostEnv: env, ports })).toBeUndefined();
  });
});
