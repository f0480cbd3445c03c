/**
 * The node:fs side of reading a config file that may have come with a cloned repository, so
 * may be anything: a FIFO (an open would block forever), a device such as /dev/zero (a read
 * never ends), a huge file, a dangling symlink or a symlink loop. The file is opened once,
 * non-blocking; the opened descriptor (not the path, which could be swapped) is checked to be
 * a regular file no larger than the bound; and at most bound+1 bytes are ever read, so a file
 * that grows after the check is refused too.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readlinkSync, readSync, type Stats } from "node:fs";
import { dirname, resolve } from "node:path";
import { ConfigFileRefusal } from "../core/config/errors.js";
import type { ConfigReader } from "../core/config/load.js";

/** 1 MiB: a hand-written config is a few KB; this leaves room for long system prompts. */
export const CONFIG_FILE_MAX_BYTES = 1024 * 1024;

/** Whether anything sits at `path`, a dangling or looping symlink included, so it gets reported. */
export function configEntryExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

export function readConfigText(path: string, maxBytes: number = CONFIG_FILE_MAX_BYTES): string {
  refuseDeviceLink(path);
  const fd = openConfig(path);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) {
      throw new ConfigFileRefusal("not-a-file", `it is ${kindOf(stats)}, not a regular file`);
    }
    if (stats.size > maxBytes) throw tooLarge(maxBytes);
    const bytes = readAtMost(fd, maxBytes + 1);
    if (bytes.length > maxBytes) throw tooLarge(maxBytes);
    return bytes.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** The reader every config load goes through (run, session, TUI, new, server, inspect). */
export const nodeConfigReader: ConfigReader = { exists: configEntryExists, readText: (path) => readConfigText(path) };

function openConfig(path: string): number {
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer that never comes.
    return openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ELOOP") throw new ConfigFileRefusal("unreadable", "it is a symlink loop");
    if (code === "ENOENT") throw new ConfigFileRefusal("unreadable", danglingReason(path));
    throw err;
  }
}

/** Symlink hops followed before giving up (the kernel's own limit is 40); the open then says ELOOP. */
const MAX_HOPS = 40;

/**
 * A link into /dev or /proc (/dev/stdin, /proc/self/fd/0) reads whatever this process was handed,
 * which may be a regular file by then: refused by where it points, not by what it finds there.
 */
function refuseDeviceLink(path: string): void {
  let current = path;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    let target: string;
    try {
      if (!lstatSync(current).isSymbolicLink()) return;
      target = resolve(dirname(current), readlinkSync(current));
    } catch {
      return; // gone or unreadable: the open says why
    }
    if (/^\/(dev|proc)\//.test(target)) {
      throw new ConfigFileRefusal("not-a-file", `it is a symlink to ${target}, not to a regular file`);
    }
    current = target;
  }
}

function danglingReason(path: string): string {
  try {
    return `it is a symlink to ${readlinkSync(path)}, which does not exist`;
  } catch {
    return "it does not exist";
  }
}

function readAtMost(fd: number, limit: number): Buffer {
  const buffer = Buffer.alloc(limit);
  let filled = 0;
  while (filled < limit) {
    const got = readSync(fd, buffer, filled, limit - filled, null);
    if (got === 0) break;
    filled += got;
  }
  return buffer.subarray(0, filled);
}

function tooLarge(maxBytes: number): ConfigFileRefusal {
  return new ConfigFileRefusal("too-large", `it is larger than ${maxBytes} bytes (${maxBytes / 1024 / 1024} MiB)`);
}

function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSocket()) return "a socket";
  if (stats.isDirectory()) return "a directory";
  return "not a regular file";
}
