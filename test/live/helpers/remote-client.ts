/**
 * A client that connects to `argv[2]`'s server over ssh, says so, and then waits: a test kills
 * it with SIGKILL to see that its ssh goes with it. Run with tsx.
 */
import { reachRemoteServer } from "../../../src/cli/server-client.js";
import { systemClock } from "../../../src/main/system-clock.js";
import { createPipeSpawner } from "../../../src/spawn/pipes.js";

const host = process.argv[2] ?? "box";
const client = await reachRemoteServer(
  { env: process.env, clock: systemClock, spawners: { pipe: () => createPipeSpawner() } },
  host,
);
process.stdout.write(`connected to pid ${client.hello.pid}\n`);
setInterval(() => undefined, 60_000);
