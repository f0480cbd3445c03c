import { mkdirSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { BlockingClock } from "../../../src/core/exec/ports.js";
import { WorkspaceRegistry } from "../../../src/workspace/registry.js";

/** A blocking clock whose sleep only moves its time on: the lock's wait takes no real time. */
class SteppedClock implements BlockingClock {
  readonly slept: number[] = [];
  constructor(public time: number) {}
  now(): number {
    return this.time;
  }
  sleepSync(ms: number): void {
    this.slept.push(ms);
    this.time += ms;
  }
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function registryAt(clock: BlockingClock): { registry: WorkspaceRegistry; lock: string } {
  const dir = mkdtempSync(join(tmpdir(), "hmux-registry-lock-"));
  dirs.push(dir);
  const path = join(dir, "workspaces.json");
  return { registry: new WorkspaceRegistry({}, clock, path), lock: `${path}.lock` };
}

describe("the workspace registry's lock", () => {
  it("waits on its clock for a lock another hmux holds and gives up after 5 s of that clock, naming the lock", () => {
    const clock = new SteppedClock(Date.parse("2026-12-03T08:00:00Z"));
    const { registry, lock } = registryAt(clock);
    mkdirSync(lock);
    // The lock was just taken, by the clock's reckoning: it is live, not stale.
    utimesSync(lock, clock.time / 1000, clock.time / 1000);
    expect(() => registry.update(() => undefined)).toThrow(/is locked by another hmux/);
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5_000);
    expect(clock.slept.every((ms) => ms === 25)).toBe(true);
  });

  it("breaks a lock older than 30 s by its clock (a writer that died) without waiting", () => {
    const clock = new SteppedClock(Date.parse("2026-12-03T08:00:00Z"));
    const { registry, lock } = registryAt(clock);
    mkdirSync(lock);
    const old = (clock.time - 31_000) / 1000;
    utimesSync(lock, old, old);
    expect(registry.update(() => "written")).toBe("written");
    expect(clock.slept).toEqual([]);
  });
});
