/**
 * A clone of this repository is all a reader has: every fact a comment, an evidence string or a
 * document leans on must be in the repository (docs/ holds the harness and control facts) or
 * stated in place, and no comment may name a milestone code instead of the thing itself.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { anchorsOf, brokenDocLinks, commentsOf, findInFile, repositoryFiles } from "./scan.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SELF = ["test/unit/citations/scan.ts", "test/unit/citations/citations.test.ts"];
const FILES = [...repositoryFiles(ROOT, ["src", "test", "docs", "scripts", "bench"]), "README.md"].filter(
  (f) => !SELF.includes(f),
);
const read = (file: string) => readFileSync(`${ROOT}${file}`, "utf8");
const show = (fs: { file: string; line: number; why: string; text: string }[]) =>
  fs.map((f) => `${f.file}:${f.line} ${f.why}: ${f.text}`);

describe("citations stay inside the repository", () => {
  it("scans the source, tests and docs (the walk is not empty)", () => {
    expect(FILES.filter((f) => f.startsWith("src/adapters/")).length).toBeGreaterThan(10);
    expect(FILES.filter((f) => f.startsWith("test/unit/")).length).toBeGreaterThan(10);
    expect(FILES).toContain("docs/harness-facts.md");
    expect(FILES).toContain("test/unit/decode/hcn-fixtures/ORIGIN.md");
    expect(FILES.some((f) => f.startsWith("test/unit/decode/hcn-fixtures/harnesses/"))).toBe(false);
  });

  it("no file cites a document outside the repository or a milestone code", () => {
    expect(show(FILES.flatMap((file) => findInFile(file, read(file))))).toEqual([]);
  });

  it("every docs/<file>.md#anchor citation lands on an existing heading", () => {
    expect(show(FILES.flatMap((file) => brokenDocLinks(file, read(file), ROOT)))).toEqual([]);
  });
});

describe("the citation checker", () => {
  it("reports an outside document cited in a comment or an evidence string", () => {
    const code = [
      "/** Shapes: live-drive.md §2. */",
      'const LIVE = ev("probe", "2.1.197", "research/control.md §1.11");',
      'const SPEC = ev("doc", "x", "spec 004 per-harness table");',
      "// see ../shared/fixtures/hcn",
    ].join("\n");
    expect(findInFile("src/x.ts", code).map((f) => f.line)).toEqual([1, 2, 3, 4, 4]);
  });

  it("reports a milestone code in a comment, but not in code", () => {
    const code = ["/** Adapts H7's SessionHandle. */", 'const key = "H7";', "// owned by H3 now"].join("\n");
    expect(findInFile("src/x.ts", code).map((f) => f.line)).toEqual([1, 3]);
  });

  it("finds comments inside JSX and after a regex literal", () => {
    const code = ["const r = /\\/\\//;", "// after H2", "const el = <Box>{/* H8 */}</Box>;"].join("\n");
    expect(commentsOf("src/x.tsx", code).map((c) => c.line)).toEqual([2, 3]);
  });

  it("accepts in-repository citations", () => {
    const code = 'const LIVE = ev("probe", "2.1.197", "docs/harness-facts.md#claude-approvals");';
    expect(findInFile("src/x.ts", code)).toEqual([]);
  });

  it("computes anchors the way GitHub does", () => {
    expect([...anchorsOf("## claude approvals\n### `claude-control` — claude: x\n")]).toEqual([
      "claude-approvals",
      "claude-control--claude-x",
    ]);
  });

  it("reports a citation of a heading that does not exist", () => {
    const broken = brokenDocLinks("src/x.ts", "// docs/harness-facts.md#no-such-heading", ROOT);
    expect(broken.map((f) => f.why)).toEqual(["docs/harness-facts.md has no heading #no-such-heading"]);
  });
});
