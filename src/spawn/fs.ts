import { chmod, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname } from "node:path";
import type { FileSystemPort } from "../core/exec/ports.js";
import { makePrivateDir, makePrivateTempDir } from "../files/private-dir.js";

/** The real file system behind the execution layer's port: folders 0700, files 0600 unless a mode is asked for. */
export const nodeFileSystem: FileSystemPort = {
  async writeFile(path, content, mode = 0o600) {
    makePrivateDir(dirname(path));
    await writeFile(path, content, { encoding: "utf8", mode });
    await chmod(path, mode); // the umask may have narrowed it, and a file already there keeps its old mode
  },
  async mkdir(path) {
    makePrivateDir(path);
  },
  makeTempDir: async (prefix) => makePrivateTempDir(tmpdir(), prefix),
  async removeDir(path) {
    await rm(path, { recursive: true, force: true });
  },
};
