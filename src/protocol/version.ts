import { PROTOCOL } from "./name.js";
import type { Login } from "./requests.js";

/** Why a client of another version may not log in, naming both; null when they match. */
export function versionProblem(login: Pick<Login, "protocol" | "version">, server: { version: string }): string | null {
  if (login.protocol !== PROTOCOL)
    return `this server speaks ${PROTOCOL} (hmux ${server.version}); the client speaks ${login.protocol} (hmux ${login.version})`;
  if (login.version !== server.version)
    return `the running server is hmux ${server.version}; this client is hmux ${login.version}`;
  return null;
}
