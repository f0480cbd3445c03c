// Types for compile-cache.js (plain JavaScript: bin/ runs before anything is compiled).
export function compileCacheDir(env?: NodeJS.ProcessEnv, home?: string): string;
export function privateCacheDir(dir: string, uid?: number): string | null;
export function enableHmuxCompileCache(env?: NodeJS.ProcessEnv): Promise<void>;
