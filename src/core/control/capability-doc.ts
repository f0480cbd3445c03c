/**
 * Renders the capability table as the Markdown in docs/control.md. A unit test compares the
 * doc with this output, so the doc cannot drift from the table the code uses.
 */

import { type CommandDelivery, FACET_NAMES } from "./capabilities.js";
import { CHANNEL_TABLE } from "./capability-table.js";
import { CHANNEL_IDS, COMMAND_NAMES } from "./machine-types.js";

const mark = (d: CommandDelivery) =>
  d.status === "delivered" ? "yes" : d.status === "unverified" ? "unverified" : "no";
const cell = (text: string) => text.replace(/\|/g, "\\|");

export function renderCommandTable(): string {
  const head = `| channel | ${COMMAND_NAMES.join(" | ")} |`;
  const rule = `|---|${COMMAND_NAMES.map(() => "---").join("|")}|`;
  const rows = CHANNEL_IDS.map(
    (id) => `| \`${id}\` | ${COMMAND_NAMES.map((c) => mark(CHANNEL_TABLE[id].commands[c])).join(" | ")} |`,
  );
  return [head, rule, ...rows].join("\n");
}

export function renderFacetTable(): string {
  const head = `| channel | ${FACET_NAMES.join(" | ")} |`;
  const rule = `|---|${FACET_NAMES.map(() => "---").join("|")}|`;
  const rows = CHANNEL_IDS.map((id) => {
    const f = CHANNEL_TABLE[id].facets;
    return `| \`${id}\` | ${FACET_NAMES.map((n) => `${f[n].value ? "yes" : "no"}${f[n].basis === "assumed" ? "*" : ""}`).join(" | ")} |`;
  });
  return [head, rule, ...rows].join("\n");
}

/** One section per channel: how each command travels and the evidence for every fact. */
export function renderChannelDetails(): string {
  const out: string[] = [];
  for (const id of CHANNEL_IDS) {
    const row = CHANNEL_TABLE[id];
    out.push(`### \`${id}\` — ${row.harness}: ${cell(row.mode)}`, "");
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
export function renderCapabilityBlock(): string {
  return [
    "#### Commands each channel delivers",
    "",
    renderCommandTable(),
    "",
    "#### Facets",
    "",
    renderFacetTable(),
    "",
    "#### Each channel in detail",
    "",
    renderChannelDetails(),
  ].join("\n");
}
