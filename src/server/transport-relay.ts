/**
 * `hmux server --stdio`: the far end of a remote client. It runs on the server's machine
 * (started by `ssh user@box hmux server --stdio`) and joins its stdin and stdout to this user's
 * server socket there, starting the server when none runs.
 *
 * The one thing it adds is the token: the client's first line is a login without one; the
 * relay reads the token file on this machine and puts it in before the line reaches the
 * server. So the token never crosses the ssh connection and the client never needs the
 * remote's files; what lets the client in is ssh's own login as this user, who could read the
 * token anyway. Everything else — the version check, the requests, the events — is the
 * server's, byte for byte. When stdin ends (the ssh connection dropped), the relay ends its
 * socket, which the server sees as a client leaving: a detach. When the server goes, the
 * relay exits, and ssh with it.
 */
import type { Socket } from "node:net";
import type { Readable, Writable } from "node:stream";
import type * as z from "zod/mini";
import { describeIssues } from "../protocol/issues.js";
import type { OutgoingMessage } from "../protocol/messages.js";
import { RelayLoginSchema } from "../protocol/requests.js";
import { isServerError, ServerError } from "./errors.js";
import { MAX_LOGIN_BYTES } from "./hub.js";

export interface RelayOptions {
  readonly input: Readable;
  readonly output: Writable;
  /** Opens this user's server socket, starting the server when none runs. */
  readonly connect: () => Promise<Socket>;
  /** The running server's token, read after `connect` so it belongs to the server that accepted. */
  readonly readToken: () => string;
  readonly log?: (line: string) => void;
}

/** Relays until either side ends; the exit code: 0 after a relayed session, 2 when it never reached the server. */
export async function relayStdio(options: RelayOptions): Promise<number> {
  const { input, output } = options;
  output.on("error", () => undefined); // ssh gone: the socket's end below does the rest
  const first = await firstLine(input);
  if (first.kind !== "line") return refuse(output, new ServerError("bad-request", first.why));
  const login = parseLogin(first.line);
  if (login instanceof ServerError) return refuse(output, login);
  let socket: Socket;
  let token: string;
  try {
    socket = await options.connect();
    token = options.readToken();
  } catch (err) {
    return refuse(output, isServerError(err) ? err : new ServerError("unreachable", String(err)));
  }
  options.log?.(`relaying a client of hmux ${login.version}`);
  return new Promise<number>((resolve) => {
    socket.on("error", () => undefined);
    socket.write(`${JSON.stringify({ ...login, token })}\n`);
    if (first.rest.length) socket.write(first.rest);
    input.pipe(socket);
    socket.pipe(output, { end: false });
    socket.once("close", () => {
      input.unpipe(socket);
      input.pause();
      output.end(() => resolve(0));
    });
  });
}

type FirstLine = { kind: "line"; line: string; rest: Buffer } | { kind: "none"; why: string };

/** The first line of stdin (at most MAX_LOGIN_BYTES), and whatever came after it in the same reads. */
function firstLine(input: Readable): Promise<FirstLine> {
  return new Promise((resolve) => {
    let buffered = Buffer.alloc(0);
    const done = (result: FirstLine) => {
      input.removeListener("data", onData);
      input.removeListener("end", onEnd);
      input.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const nl = buffered.indexOf(0x0a);
      if (nl !== -1 && nl <= MAX_LOGIN_BYTES)
        return done({ kind: "line", line: buffered.subarray(0, nl).toString("utf8"), rest: buffered.subarray(nl + 1) });
      if (buffered.length > MAX_LOGIN_BYTES)
        done({ kind: "none", why: `the login line is longer than ${MAX_LOGIN_BYTES} bytes` });
    };
    const onEnd = () => done({ kind: "none", why: "the input ended before a login line" });
    input.on("data", onData);
    input.once("end", onEnd);
  });
}

function parseLogin(line: string): z.infer<typeof RelayLoginSchema> | ServerError {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return new ServerError("bad-request", "the first line through `hmux server --stdio` must be a JSON login");
  }
  const parsed = RelayLoginSchema.safeParse(value);
  if (!parsed.success) return new ServerError("bad-request", `the login: ${describeIssues(parsed.error.issues)}`);
  const { token: _dropped, ...login } = parsed.data;
  return login;
}

/** Says why on stdout, as the server would (one error line), so the client gets a typed error. */
function refuse(output: Writable, error: ServerError): Promise<number> {
  const line = `${JSON.stringify({ kind: "error", error: error.toBody() } satisfies OutgoingMessage)}\n`;
  return new Promise((resolve) => output.end(line, () => resolve(2)));
}
