/** `hmux harnesses`: every harness, whether it is installed, and its installed and pinned versions. */
import type { Command } from "commander";
import { processOutput } from "../render/output.js";
import { versionRows } from "./versions.js";

export function register(program: Command): void {
  program
    .command("harnesses")
    .description("list harnesses with installed and pinned versions")
    .option("--json", "one JSON object per harness")
    .action(async (flags: { json?: boolean }) => {
      const output = processOutput();
      const rows = await versionRows();
      if (flags.json) {
        for (const row of rows) output.out(`${JSON.stringify(row)}\n`);
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
    });
}
