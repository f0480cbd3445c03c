/**
 * Where `execvp` would find a program: a name with a slash is taken as a path (relative to the
 * child's cwd), a bare name is looked up on the child's PATH. Errors carry the errno code
 * spawnErrorText words (ENOENT, EACCES).
 */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";

export type Resolved = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly error: Error };

function errno(code: "ENOENT" | "EACCES", message: string): Error {
  return Object.assign(new Error(message), { code });
}

function check(path: string): "ok" | "ENOENT" | "EACCES" {
  try {
    if (!statSync(path).isFile()) return "EACCES";
    accessSync(path, constants.X_OK);
    return "ok";
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EACCES" ? "EACCES" : "ENOENT";
  }
}

export function resolveExecutable(file: string, pathVariable: string | undefined, cwd: string): Resolved {
  if (file.includes("/")) {
    const full = isAbsolute(file) ? file : resolve(cwd, file);
    const found = check(full);
    return found === "ok" ? { ok: true, path: full } : { ok: false, error: errno(found, `${file}: ${found}`) };
  }
  let denied = false;
  for (const dir of (pathVariable ?? "").split(delimiter)) {
    // An empty PATH entry means the current directory, as execvp reads it.
    const full = join(dir === "" ? cwd : isAbsolute(dir) ? dir : resolve(cwd, dir), file);
    const found = check(full);
    if (found === "ok") return { ok: true, path: full };
    if (found === "EACCES") denied = true;
  }
  return { ok: false, error: errno(denied ? "EACCES" : "ENOENT", `${file}: not found on PATH`) };
}
