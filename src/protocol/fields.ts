/**
 * The bounded words the requests are made of: every string a client may send has a length limit,
 * so no request can make the server hold (or echo back) more than a line's worth.
 */
import * as z from "zod/mini";

/** What a client may put in `req`: short, so a reply never echoes a flood back. */
export const MAX_REQ_CHARS = 64;
export const req = () => z.string().check(z.minLength(1), z.maxLength(MAX_REQ_CHARS));
/** A session target: its name, its id, or a unique prefix of its id. */
export const target = () => z.string().check(z.minLength(1), z.maxLength(128));
/** A session name: a plain word, so it prints in a table and types on a command line. */
export const SESSION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const sessionName = () =>
  z
    .string()
    .check(
      z.regex(
        SESSION_NAME,
        "a name is letters, digits, '.', '_' and '-', starting with a letter or digit (at most 64)",
      ),
    );
export const absolutePath = () =>
  z.string().check(z.startsWith("/", "cwd must be an absolute path"), z.maxLength(4096));
/** A bounded non-empty string. */
export const word = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
/** A terminal size a pane may ask for. */
export const cols = () => z.int().check(z.gte(2), z.lte(1000));
export const rows = () => z.int().check(z.gte(1), z.lte(1000));
/** Keys typed into a native session: at most a large paste per request. */
export const MAX_WRITE_CHARS = 256 * 1024;
/** A first prompt: a long paste, not a file. */
export const MAX_PROMPT_CHARS = 256 * 1024;
