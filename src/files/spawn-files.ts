/**
 * What a planned spawn needs on disk before it starts: its dirs (the isolated HOME and each
 * harness's config dir) made 0700, then its files written 0600 (or the mode a file asks for, as a
 * hook script asks to be executable). Every caller of a planner lays its plan out through this, so
 * none can write the files and forget the dirs: codex refuses to start when its CODEX_HOME is
 * missing, and a plan's files need not lie in every dir it names.
 */
import { chmodSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { makePrivateDir } from "./private-dir.js";

export interface SpawnLayout {
  readonly dirs?: readonly string[];
  readonly files: readonly { readonly path: string; readonly content: string; readonly mode?: number }[];
}

export function layOutSpawn(layout: SpawnLayout): void {
  for (const dir of layout.dirs ?? []) makePrivateDir(dir);
  for (const file of layout.files) {
    makePrivateDir(dirname(file.path));
    const mode = file.mode ?? 0o600;
    writeFileSync(file.path, file.content, { mode });
    chmodSync(file.path, mode); // writeFileSync's mode applies only to a file it creates, and through the umask
  }
}
