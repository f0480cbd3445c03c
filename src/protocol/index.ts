/**
 * The hmux server's wire contract, `hmux.server/1`, defined once: every request, reply and
 * server-pushed message is a zod schema here, and its TypeScript type is that schema's `z.infer`.
 * The server validates each request with these schemas and builds each reply as its op's payload
 * type; every client (src/server/client.ts, the CLI's commands, src/tui-client/*) parses what it
 * reads with the same schemas.
 *
 * NDJSON over the server's Unix socket (or an ssh relay to it). The first line a client sends is
 * a login (the token from the server's 0600 token file, the client's hmux version and protocol);
 * the server answers `hello` or an `error` and hangs up. After it, every line is one request with
 * a caller-chosen `req` and gets exactly one `reply` with the same `req` (`ok: true` plus the op's
 * payload, or `ok: false` plus a typed error). Besides replies the server pushes `event` lines (a
 * session's event wire, for the sessions this client attached), `control` lines (their control
 * state), `output` lines (a native session's raw pty bytes, base64) and `table` lines (a session
 * was created, changed or removed: every client sees the same table). An `input` request carries
 * one line of `hmux session`'s stdin to a session, so a decision from any client settles a call
 * once and the others get TOO_LATE from the session itself.
 *
 * Written with zod/mini rather than the whole of zod: the two share one core (a mini schema nests
 * in a classic one, as the restore records do), but `hmux ls` and `hmux attach` are clients a
 * script calls in a loop, and the whole of zod (one ~760 KB module that cannot be tree-shaken)
 * more than doubled their start-up; the build vendors only the part of zod/mini hmux uses
 * (scripts/build.mjs, held by test/unit/cli/lazy-loading.test.ts). Failures are worded by
 * issues.ts, not by zod's locale, which zod/mini does not load.
 *
 * Every schema a client reads with is wrapped in `z.lazy`, so it is built at its first use, not at
 * import: `hmux ls` reads a hello, a reply envelope and one payload, and building all of them at
 * import cost it about 6 ms of CPU, a fifth of starting Node (held by
 * test/unit/server/client-schemas-built-on-use.test.ts). The requests stay built at import: only
 * the server reads them, and it reads the op table off their union at start.
 *
 * Objects a client reads strip fields they do not declare (a server of another version is refused
 * at login, so none is expected); the hub tests check that nothing the server sends is stripped
 * (test/unit/server/wire-check.ts), so a field added on one side only fails a test.
 */
export * from "./control.js";
export * from "./error-body.js";
export * from "./error-codes.js";
export * from "./fields.js";
export * from "./frozen.js";
export * from "./harness-offer.js";
export * from "./inbox.js";
export * from "./issues.js";
export * from "./messages.js";
export * from "./name.js";
export * from "./plan.js";
export * from "./read-line.js";
export * from "./replies.js";
export * from "./requests.js";
export * from "./session-row.js";
export * from "./version.js";
