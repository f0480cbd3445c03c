// Types for node-version.js (plain JavaScript so it runs on the old Node it refuses).
export function minimumNode(range: string): [number, number, number];
export function atLeast(version: string, minimum: readonly number[]): boolean;
export function nodeVersionProblem(version: string, range: string): string | null;
export function runningNodeProblem(): string | null;
