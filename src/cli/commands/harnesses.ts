/**
 * `hmux harnesses`: every harness, whether it is installed, and its installed and pinned versions;
 * then every harness module the config registers that is not in force, with its file and why.
 */
import { versionRows } from "../../main/versions.js";
import type { CommandRuntime } from "../command-line.js";

export async function harnessesAction(run: CommandRuntime, flags: { json?: boolean }): Promise<void> {
  const { output, registry, env } = await run.context();
  const rows = await versionRows({ registry, env });
  const refused = registry.refused.map((r) => ({
    harness: r.harness,
    status: "refused" as const,
    file: r.file,
    reason: r.reason,
  }));
  if (flags.json) {
    for (const row of [...rows, ...refused]) output.out(`${JSON.stringify(row)}\n`);
    return;
  }
  const table = [
    ["harness", "installed", "pinned", "status", "binary"],
    ...rows.map((r) => [
      r.harness,
      r.installed ?? "—",
      r.pinned,
      r.status,
      r.executable ? `${r.executable} (${r.source})` : (r.detail ?? ""),
    ]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  for (const row of table)
    output.out(`${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ")}\n`);
  if (refused.length === 0) return;
  output.out("\nrefused harness modules (the others above still work):\n");
  for (const r of refused) output.out(`  ${r.harness ?? "(config)"}  ${r.file}\n    ${r.reason}\n`);
}
