/**
 * `hmux harnesses`: every harness, whether it is installed, and its installed and pinned versions;
 * then every harness module the config registers that is not in force, with its file and why.
 */
import type { Command } from "commander";
import { versionRows } from "../../main/versions.js";
import type { CliContext } from "../context.js";

export function registerDeferred(program: Command, context: () => Promise<CliContext>): void {
  program
    .command("harnesses")
    .description("list harnesses with installed and pinned versions, and any harness module the config refused")
    .option("--json", "one JSON object per harness")
    .action(async (flags: { json?: boolean }) => {
      const { output, registry, env } = await context();
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
    });
}
