/**
 * A native pane has no ambient defaults: the registry, the environment its harness starts from, the
 * launch ports and the pty are each handed in by whoever composes it (the server's native rows),
 * so a pane can never be planned with the built-in registry or this process's environment behind
 * its composer's back. tsc holds the types (`npm test` and land run it): each call below that omits
 * one must not compile.
 */
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { realLaunchPorts } from "../../../src/main/launch-ports.js";
import { planNativeLaunch } from "../../../src/main/native-launch.js";

const env = { PATH: "/bin", HOME: "/nonexistent-home" };
const launch = realLaunchPorts(env, builtinRegistry);

describe("a native pane's plan", () => {
  it("takes no registry, environment or launch ports of its own: each must be handed in", () => {
    const shell = { kind: "shell", cwd: "/" } as const;
    // @ts-expect-error the registry is required
    expect(() => planNativeLaunch(shell, { hostEnv: env, launch })).not.toThrow();
    // @ts-expect-error the environment is required
    expect(() => planNativeLaunch(shell, { registry: builtinRegistry, launch })).not.toThrow();
    // @ts-expect-error the launch ports are required
    expect(() => planNativeLaunch(shell, { hostEnv: env, registry: builtinRegistry })).toThrow();
    // @ts-expect-error the folder is required
    expect(() => planNativeLaunch({ kind: "shell" }, { hostEnv: env, registry: builtinRegistry, launch })).toThrow();
    expect(planNativeLaunch(shell, { hostEnv: env, registry: builtinRegistry, launch })).toBeUndefined();
  });
});
