/**
 * The floor under the approval bench: the same fake harness on the same kind of pipes, answered
 * by the least a client can do — split stdout on "\n", JSON.parse, write the allow line — with
 * no hmux in between. hmux's own share of a round trip is its number minus this one; on a
 * loaded machine both tails move together, which this row makes visible.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

export type FloorHarness = "claude" | "codex" | "pi";

interface FloorRound {
  readonly pattern: "sequential" | "burst";
  readonly count: number;
}

function startLine(harness: FloorHarness, text: string, i: number): string {
  switch (harness) {
    case "claude":
      return JSON.stringify({ type: "user", message: { role: "user", content: text } });
    case "codex":
      return JSON.stringify({
        id: `floor-turn-${i}`,
        method: "turn/start",
        params: { threadId: "thr-fake", input: [{ type: "text", text }] },
      });
    case "pi":
      return JSON.stringify({ id: `floor-prompt-${i}`, type: "prompt", message: text });
  }
}

/** The allow line for a request record, or null when the record is not a request. */
function answer(harness: FloorHarness, msg: Record<string, unknown>): string | null {
  switch (harness) {
    case "claude": {
      const request = msg.request as { subtype?: string; input?: unknown } | undefined;
      if (msg.type !== "control_request" || request?.subtype !== "can_use_tool") return null;
      return JSON.stringify({
        type: "control_response",
        response: {
          subtype: "success",
          request_id: msg.request_id,
          response: { behavior: "allow", updatedInput: request.input },
        },
      });
    }
    case "codex":
      return msg.method === "item/commandExecution/requestApproval"
        ? JSON.stringify({ id: msg.id, result: { decision: "accept" } })
        : null;
    case "pi":
      return msg.type === "extension_ui_request"
        ? JSON.stringify({ type: "extension_ui_response", id: msg.id, value: '{"decision":"allow"}' })
        : null;
  }
}

function isTurnEnd(harness: FloorHarness, msg: Record<string, unknown>): boolean {
  return harness === "claude"
    ? msg.type === "result"
    : harness === "codex"
      ? msg.method === "turn/completed"
      : msg.type === "agent_end";
}

/** Runs the rounds against the fake with a bare responder; returns the fake's own result file. */
export async function measureFloor(
  fakePath: string,
  harness: FloorHarness,
  rounds: readonly FloorRound[],
): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), `hmux-bench-floor-${harness}-`));
  const outFile = join(dir, "fake-result.json");
  const child = spawn(process.execPath, [fakePath], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HMUX_FAKE_HARNESS: harness, HMUX_FAKE_OUT: outFile },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
    let turnEnded: (() => void) | null = null;
    lines.on("line", (line) => {
      const msg = JSON.parse(line) as Record<string, unknown>;
      const reply = answer(harness, msg);
      if (reply !== null) child.stdin.write(`${reply}\n`);
      else if (isTurnEnd(harness, msg)) turnEnded?.();
    });
    for (const [i, round] of rounds.entries()) {
      const done = new Promise<void>((resolve) => (turnEnded = resolve));
      child.stdin.write(`${startLine(harness, `${round.pattern} ${round.count}`, i)}\n`);
      await done;
    }
    child.stdin.end();
    const code = await exited;
    if (code !== 0) throw new Error(`the fake ${harness} harness exited ${code}`);
    return JSON.parse(readFileSync(outFile, "utf8")) as unknown;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}
