/**
 * `hmux check [--json]`: drift between each installed harness and the version hmux is
 * verified against. Exit 1 when any installed harness differs from its pin; a harness that
 * is not installed is reported, not counted as drift.
 */
import { versionRows } from "../../main/versions.js";
import type { CommandRuntime } from "../command-line.js";
import { processOutput } from "../render/output.js";

export async function checkAction(run: CommandRuntime, flags: { json?: boolean }): Promise<void> {
  const context = await run.context();
  const output = processOutput();
  const rows = await versionRows({ registry: context.registry, env: context.env });
  const drifted = rows.filter((r) => r.status === "drift" || r.status === "moved");
  if (flags.json) {
    output.out(`${JSON.stringify({ drift: drifted.length > 0, harnesses: rows })}\n`);
  } else {
    for (const r of rows) {
      const line =
        r.status === "match"
          ? `ok     ${r.harness} ${r.installed}`
          : r.status === "moved"
            ? `MOVED  ${r.harness}: ${r.installed ?? "?"} comes from a package that has moved (see below); pinned ${r.pinned}`
            : r.status === "drift"
              ? `DRIFT  ${r.harness}: installed ${r.installed}, pinned ${r.pinned} (re-verify, then bump src/adapters/${r.harness}/pinned.ts and package.json together)`
              : r.status === "not-installed"
                ? `skip   ${r.harness}: not installed (pinned ${r.pinned})`
                : `?      ${r.harness}: installed version unknown${r.installed ? ` (${r.installed})` : ""}; pinned ${r.pinned}${r.detail ? ` — ${r.detail}` : ""}`;
      output.out(`${line}\n`);
      for (const m of r.moved ?? []) output.out(`moved  ${r.harness}: ${m.message}\n`);
    }
  }
  process.exitCode = drifted.length > 0 ? 1 : 0;
}
