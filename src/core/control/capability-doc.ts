/**
 * Renders the capability table as the Markdown in docs/control.md, from the rows it is handed
 * (the registry's, in registration order). A unit test compares the doc with this output, so
 * the doc cannot drift from the rows the code uses.
 */

import { type ChannelCapabilities, type CommandDelivery, FACET_NAMES } from "./capabilities.js";
import { COMMAND_NAMES } from "./machine-types.js";

type Rows = readonly ChannelCapabilities[];

const mark = (d: CommandDelivery) =>
  d.status === "delivered" ? "yes" : d.status === "unverified" ? "unverified" : "no";
const cell = (text: string) => text.replace(/\|/g, "\\|");

export function renderCommandTable(rows: Rows): string {
  const head = `| channel | ${COMMAND_NAMES.join(" | ")} |`;
  const rule = `|---|${COMMAND_NAMES.map(() => "---").join("|")}|`;
  const lines = rows.map((row) => `| \`${row.id}\` | ${COMMAND_NAMES.map((c) => mark(row.commands[c])).join(" | ")} |`);
  return [head, rule, ...lines].join("\n");
}

export function renderFacetTable(rows: Rows): string {
  const head = `| channel | ${FACET_NAMES.join(" | ")} |`;
  const rule = `|---|${FACET_NAMES.map(() => "---").join("|")}|`;
  const lines = rows.map((row) => {
    const f = row.facets;
    return `| \`${row.id}\` | ${FACET_NAMES.map((n) => `${f[n].value ? "yes" : "no"}${f[n].basis === "assumed" ? "*" : ""}`).join(" | ")} |`;
  });
  return [head, rule, ...lines].join("\n");
}

/** One section per channel: how each command travels and the evidence for every fact. */
export function renderChannelDetails(rows: Rows): string {
  const out: string[] = [];
  for (const row of rows) {
    out.push(`### \`${row.id}\` — ${row.harness}: ${cell(row.mode)}`, "");
    out.push(
      `Coverage: **${row.coverage.value}** — ${row.coverage.note}. Harness decision timeout: ${row.harnessTimeoutMs === null ? "none (waits)" : `${row.harnessTimeoutMs} ms`}.`,
    );
    if (row.postures.length > 0)
      out.push(
        `Postures: ${row.postures.map((p) => `\`${p}\``).join(", ")}; shadowing a check: ${row.shadowingPostures.map((p) => `\`${p}\``).join(", ") || "none"}.`,
      );
    out.push("", "| command | how | evidence |", "|---|---|---|");
    for (const c of COMMAND_NAMES) {
      const d = row.commands[c];
      const how =
        d.status === "delivered"
          ? d.via
          : d.status === "unverified"
            ? `unverified: ${d.via} — ${d.why}`
            : `refused: ${d.why}`;
      out.push(
        `| \`${c}\` | ${cell(how)} | ${d.evidence.source}, ${d.evidence.version}, ${d.evidence.date}: ${cell(d.evidence.ref)} |`,
      );
    }
    out.push("", "| facet | value | basis | evidence | note |", "|---|---|---|---|---|");
    for (const n of FACET_NAMES) {
      const f = row.facets[n];
      out.push(
        `| ${n} | ${f.value ? "yes" : "no"} | ${f.basis} | ${f.evidence.source}, ${f.evidence.version}, ${f.evidence.date}: ${cell(f.evidence.ref)} | ${cell(f.note ?? "")} |`,
      );
    }
    out.push("");
  }
  return out.join("\n");
}

/** The whole generated block of docs/control.md. */
export function renderCapabilityBlock(rows: Rows): string {
  return [
    "#### Commands each channel delivers",
    "",
    renderCommandTable(rows),
    "",
    "#### Facets",
    "",
    renderFacetTable(rows),
    "",
    "#### Each channel in detail",
    "",
    renderChannelDetails(rows),
  ].join("\n");
}
