import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { FileSystemPort } from "../core/exec/ports.js";

/** The real file system behind the execution layer's port. */
export const nodeFileSystem: FileSystemPort = {
  async writeFile(path, content, mode) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content, mode === undefined ? "utf8" : { encoding: "utf8", mode });
    if (mode !== undefined) await chmod(path, mode); // the umask may have narrowed it
  },
  async mkdir(path) {
    await mkdir(path, { recursive: true });
  },
  makeTempDir: (prefix) => mkdtemp(join(tmpdir(), prefix)),
  async removeDir(path) {
    await rm(path, { recursive: true, force: true });
  },
};
