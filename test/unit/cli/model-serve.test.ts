import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HMUX, Sandbox } from "./cli-harness.js";

let box: Sandbox;
beforeAll(() => {
  box = new Sandbox();
});
afterAll(() => box.cleanup());

describe("hmux model serve in the background: the README recipe works", () => {
  it("--url-file holds the address once the server listens, and the request log wants the printed token", async () => {
    const file = join(box.root, "model.url");
    const server = spawn(process.execPath, [HMUX, "model", "serve", "--port", "0", "--url-file", file], {
      cwd: box.root,
      env: box.env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    server.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    try {
      const deadline = Date.now() + 20_000;
      while (!existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const url = readFileSync(file, "utf8").trim();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${url}/v1/models`)).status).toBe(200);
      expect((await fetch(`${url}/_hmux/requests`)).status).toBe(401);
      while (!/Bearer (\w+)/.test(stderr) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const token = /Bearer (\w+)/.exec(stderr)?.[1];
      expect((await fetch(`${url}/_hmux/requests`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
        200,
      );
    } finally {
      server.kill("SIGTERM");
    }
  }, 40_000);
});
