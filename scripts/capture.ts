/**
 * `npm run capture [-- <harness|case> …]`: re-records test/fixtures/live/<harness>/<case>.ndjson
 * from the real pinned binaries against the embedded scripted model, so recorded-stream tests
 * follow a version bump. Each harness directory also gets manifest.json: the pinned version,
 * the exact argv, exit status and what the server saw per case.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtinRegistry } from "../src/adapters/registry.js";
import { startModelServer } from "../src/scripted-model/server.js";
import { isolate, killAll, type LiveHarness, REPO_ROOT, runCli, turnArgs } from "../test/live/helpers/isolated-cli.js";

interface CaptureCase {
  readonly name: string;
  readonly prompt: string;
}

const CASES: readonly CaptureCase[] = [
  { name: "text", prompt: "Say hello. [[say:Hello from the script.]]" },
  { name: "tool", prompt: "Run it. [[bash:echo hi]]" },
  { name: "thinking", prompt: "Think first. [[think:Weighing the options.]] [[say:Decided.]]" },
  { name: "question", prompt: "Ask me. [[ask:Which database?|postgres|sqlite]]" },
  { name: "auth-401", prompt: "[[fail:401]]" },
  { name: "rate-limit-429", prompt: "[[fail:429]]" },
  { name: "server-500", prompt: "[[fail:500]]" },
  { name: "overloaded-529", prompt: "[[fail:529]]" },
  { name: "drop", prompt: "[[fail:drop]]" },
];
const STABLE_PORT = 8787;
const HARNESSES: readonly LiveHarness[] = ["claude", "codex", "pi"];
const EXTRA: Readonly<Record<LiveHarness, readonly string[]>> = {
  claude: ["--allowedTools", "Bash"],
  codex: [],
  pi: [],
};

async function captureOne(harness: LiveHarness, c: CaptureCase, outDir: string) {
  const server = await startModelServer({});
  const run = isolate(harness, server.url);
  try {
    const args = turnArgs(harness, c.prompt, EXTRA[harness]);
    const result = await runCli(harness, args, run, 60_000);
    // Stable temp paths and port, so a re-capture's diff shows what the harness changed.
    const stable = (line: string) =>
      line
        .replaceAll(run.root, "/tmp/hmux-capture")
        .replaceAll(run.root.replaceAll("/", "-"), "-tmp-hmux-capture")
        .replaceAll(`127.0.0.1:${server.port}`, `127.0.0.1:${STABLE_PORT}`);
    writeFileSync(join(outDir, `${c.name}.ndjson`), result.lines.map((l) => `${stable(l)}\n`).join(""));
    return {
      case: c.name,
      argv: [harness, ...args],
      exitCode: result.code,
      signal: result.signal,
      timedOut: result.timedOut,
      ms: result.ms,
      lines: result.lines.length,
      requests: server.requests().map((q) => ({
        method: q.method,
        path: q.path,
        outcome: q.outcome,
        rule: q.rule,
        replyIndex: q.replyIndex,
        status: q.status,
      })),
    };
  } finally {
    await server.close();
    run.cleanup();
  }
}

/** The installed binary must be the pinned one, or the fixtures would be labelled wrongly. */
async function checkVersion(harness: LiveHarness): Promise<string | null> {
  const run = isolate(harness, "http://127.0.0.1:9");
  try {
    const result = await runCli(harness, ["--version"], run, 30_000);
    const seen = `${result.lines.join(" ")} ${result.stderr}`;
    const pinned = builtinRegistry.get(harness).pinned.version;
    return seen.includes(pinned)
      ? null
      : `${harness}: installed binary reports "${seen.trim().slice(0, 120)}", pinned is ${pinned} (src/adapters/${harness}/pinned.ts); run npm ci`;
  } finally {
    run.cleanup();
  }
}

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const harnesses = HARNESSES.filter(
    (h) => !filters.some((f) => HARNESSES.includes(f as LiveHarness)) || filters.includes(h),
  );
  const caseFilter = filters.filter((f) => !HARNESSES.includes(f as LiveHarness));
  const unknown = caseFilter.filter((f) => !CASES.some((c) => c.name === f));
  if (unknown.length) {
    process.stderr.write(
      `capture: unknown case ${unknown.join(", ")}; cases: ${CASES.map((c) => c.name).join(", ")}\n`,
    );
    process.exitCode = 2;
    return;
  }
  const cases = CASES.filter((c) => caseFilter.length === 0 || caseFilter.includes(c.name));
  for (const harness of harnesses) {
    const mismatch = await checkVersion(harness);
    if (mismatch) {
      process.stderr.write(`capture: ${mismatch}\n`);
      process.exitCode = 1;
      continue;
    }
    const outDir = join(REPO_ROOT, "test", "fixtures", "live", harness);
    mkdirSync(outDir, { recursive: true });
    const entries = [];
    for (const c of cases) {
      const entry = await captureOne(harness, c, outDir);
      process.stdout.write(
        `${harness}/${c.name}: exit ${entry.exitCode}, ${entry.lines} lines, ${entry.requests.length} requests, ${entry.ms} ms\n`,
      );
      entries.push(entry);
    }
    const manifest = {
      harness,
      version: builtinRegistry.get(harness).pinned.version,
      npmPackage: builtinRegistry.get(harness).binary.npmPackage,
      capturedAt: new Date().toISOString(),
      cases: entries,
    };
    writeFileSync(join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  }
}

main()
  .catch((err: unknown) => {
    process.stderr.write(`capture: ${(err as Error).stack ?? String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(killAll);
