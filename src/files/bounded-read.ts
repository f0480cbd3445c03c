/**
 * Reading a small text file that may have come with a cloned repository, so may be anything: a
 * FIFO (an open would block forever), a device such as /dev/zero (a read never ends), a huge
 * file, a dangling symlink or a symlink loop. The file is opened once, non-blocking; the opened
 * descriptor (not the path, which could be swapped) is checked to be a regular file no larger
 * than the bound; and at most bound+1 bytes are ever read, so a file that grows after the check
 * is refused too. Config files and `.worktreeinclude` are read through here; each caller turns
 * the refusal into its own typed error, naming the path.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readlinkSync, readSync, type Stats } from "node:fs";
import { dirname, resolve } from "node:path";
import { HmuxError } from "../core/hmux-error.js";

export type FileRefusalKind = "unreadable" | "not-a-file" | "too-large";

const CODE_OF_KIND = { unreadable: "unreadable-file", "not-a-file": "not-a-file", "too-large": "too-large" } as const;

/** Why a file was not read, in words that follow its path: "it is a FIFO, not a regular file". */
export class FileRefusal extends HmuxError {
  constructor(
    readonly kind: FileRefusalKind,
    readonly reason: string,
  ) {
    super(CODE_OF_KIND[kind], reason);
    this.name = "FileRefusal";
  }
}

/** Whether anything sits at `path`, a dangling or looping symlink included, so it gets reported. */
export function entryExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The file's text (UTF-8), or a FileRefusal: not a regular file, larger than `maxBytes`, or not there. */
export function readBoundedText(path: string, maxBytes: number): string {
  refuseDeviceLink(path);
  const fd = openNonBlocking(path);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new FileRefusal("not-a-file", `it is ${kindOf(stats)}, not a regular file`);
    if (stats.size > maxBytes) throw tooLarge(maxBytes);
    const bytes = readAtMost(fd, maxBytes + 1);
    if (bytes.length > maxBytes) throw tooLarge(maxBytes);
    return bytes.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

function openNonBlocking(path: string): number {
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer that never comes.
    return openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ELOOP") throw new FileRefusal("unreadable", "it is a symlink loop");
    if (code === "ENOENT") throw new FileRefusal("unreadable", danglingReason(path));
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
      throw new FileRefusal("not-a-file", `it is a symlink to ${target}, not to a regular file`);
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

function tooLarge(maxBytes: number): FileRefusal {
  return new FileRefusal("too-large", `it is larger than ${maxBytes} bytes (${sizeInWords(maxBytes)})`);
}

function sizeInWords(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`;
}

function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSocket()) return "a socket";
  if (stats.isDirectory()) return "a directory";
  return "not a regular file";
}
