/**
 * The node:fs side of reading a config file that may have come with a cloned repository, so may
 * be anything (a FIFO, /dev/zero, a huge file, a dangling symlink, a loop): the bounded,
 * descriptor-checked read of src/files/bounded-read.ts, its refusal told as a ConfigFileRefusal.
 */
import { ConfigFileRefusal } from "../core/config/errors.js";
import type { ConfigReader } from "../core/config/load.js";
import { entryExists, FileRefusal, readBoundedText } from "../files/bounded-read.js";

/** 1 MiB: a hand-written config is a few KB; this leaves room for long system prompts. */
export const CONFIG_FILE_MAX_BYTES = 1024 * 1024;

/** Whether anything sits at `path`, a dangling or looping symlink included, so it gets reported. */
export const configEntryExists = entryExists;

export function readConfigText(path: string, maxBytes: number = CONFIG_FILE_MAX_BYTES): string {
  try {
    return readBoundedText(path, maxBytes);
  } catch (err) {
    if (err instanceof FileRefusal) throw new ConfigFileRefusal(err.kind, err.reason);
    throw err;
  }
}

/** The reader every config load goes through (run, session, TUI, new, server, inspect). */
export const nodeConfigReader: ConfigReader = { exists: configEntryExists, readText: (path) => readConfigText(path) };
