/**
 * Records real claude / codex / pi streams against hmux's scripted model on 127.0.0.1, so the
 * decoders are tested on what the installed CLIs actually print (not only on hcn's recordings).
 * Run: npx tsx test/unit/decode/captures/capture.ts   (writes <harness>/<case>.{ndjson,stderr,meta.json})
 * Each harness runs in a throwaway HOME; nothing leaves loopback.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startModelServer } from "../../../../src/scripted-model/server.js";
import { PINNED_VERSIONS } from "../../../helpers/builtin-harnesses.js";
import { isolate, killAll, type LiveHarness, runCli, turnArgs } from "../../../live/helpers/isolated-cli.js";

interface Case {
  readonly name: string;
  readonly prompt: string;
  readonly extra?: readonly string[];
  readonly readme?: boolean;
}

const CASES: readonly Case[] = [
  { name: "text", prompt: "Say hello. [[say:Hello from the script.]]" },
  { name: "tool", prompt: "Run it. [[bash:echo capture-ok]]" },
  { name: "think", prompt: "Think first. [[think:pondering the wire]] [[say:done thinking]]" },
  { name: "question", prompt: "Show me what you can do.", readme: true },
  { name: "fail-401", prompt: "[[fail:401]]" },
  { name: "fail-429", prompt: "[[fail:429]]" },
  { name: "fail-500", prompt: "[[fail:500]]" },
  { name: "fail-529", prompt: "[[fail:529]]" },
  { name: "fail-drop", prompt: "[[fail:drop]]" },
];

// Each pinned version records into its own folder, so a bump adds streams beside the older versions' ones.
const VERSIONS: Record<LiveHarness, string> = {
  claude: PINNED_VERSIONS.claude.version,
  codex: PINNED_VERSIONS.codex.version,
  pi: PINNED_VERSIONS.pi.version,
};
const EXTRA: Record<LiveHarness, readonly string[]> = {
  claude: ["--include-partial-messages", "--allowedTools", "Bash", "Read", "Write", "Edit"],
  codex: [],
  pi: [],
};

async function main(): Promise<void> {
  const only = process.argv[2] as LiveHarness | undefined;
  for (const harness of (only ? [only] : ["claude", "codex", "pi"]) as LiveHarness[]) {
    const dir = join(import.meta.dirname, `${harness}-${VERSIONS[harness]}`);
    mkdirSync(dir, { recursive: true });
    for (const c of [
      ...CASES,
      ...(harness === "claude" ? [{ name: "denied", prompt: "Create it. [[bash:touch /opt/hmux-denied.txt]]" }] : []),
    ]) {
      const server = await startModelServer({});
      const run = isolate(harness, server.url);
      try {
        if ("readme" in c && c.readme) writeFileSync(join(run.cwd, "README.md"), "# demo project\n");
        const extra = c.name === "denied" ? ["--include-partial-messages"] : EXTRA[harness];
        const r = await runCli(harness, turnArgs(harness, c.prompt, extra), run, 60_000);
        const scrub = (s: string) =>
          s.split(run.root).join("/tmp/hmux-capture").split(server.url).join("http://127.0.0.1:PORT");
        writeFileSync(join(dir, `${c.name}.ndjson`), scrub(`${r.lines.join("\n")}\n`));
        writeFileSync(join(dir, `${c.name}.stderr`), scrub(r.stderr));
        writeFileSync(
          join(dir, `${c.name}.meta.json`),
          `${JSON.stringify(
            {
              harness,
              version: VERSIONS[harness],
              case: c.name,
              prompt: c.prompt,
              exitCode: r.code,
              signal: r.signal,
              timedOut: r.timedOut,
              capturedAt: new Date().toISOString().slice(0, 10),
            },
            null,
            2,
          )}\n`,
        );
        console.log(harness, c.name, r.code, r.signal, r.timedOut, `${r.ms}ms`, `${r.lines.length} lines`);
      } finally {
        await server.close();
        run.cleanup();
      }
    }
  }
  killAll();
}

await main();
