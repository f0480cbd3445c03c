import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { ansiCodesToString, diffAnsiCodes, styledCharsFromTokens, tokenize } from "@alcalzone/ansi-tokenize";
import { Box, renderToString, Text } from "ink";
import type { ReactNode } from "react";
import sliceAnsi from "slice-ansi";
import stringWidth from "string-width";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ComposeKit,
  Compositor,
  enableCompositor,
  type Frame,
  STYLE_LIMIT,
} from "../../../src/ui/render/compositor.js";
import { FakePort } from "./fake-port.js";
import { KEYS, mount } from "./harness.js";

// Ink's Output class, loaded as Ink loads it (its package exports only the entry point).
const require = createRequire(import.meta.url);
const outputUrl = pathToFileURL(join(dirname(require.resolve("ink")), "output.js")).href;

interface OutputClass {
  prototype: { get(): Frame; inkGet?(): Frame };
  new (options: { width: number; height: number }): OutputInstance;
}
interface OutputInstance {
  width: number;
  height: number;
  operations: unknown[];
  write(x: number, y: number, text: string, options: { transformers: ((s: string, i: number) => string)[] }): void;
  clip(clip: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
  unclip(): void;
  get(): Frame;
}

const kit = {
  sliceAnsi,
  stringWidth,
  tokenize,
  styledCharsFromTokens,
  diffAnsiCodes,
  ansiCodesToString,
} as unknown as ComposeKit;

let Output: OutputClass;
let inkGet: () => Frame;
let originalGet: () => Frame;
/** Every frame Ink produced while installed, beside the compositor's. */
const compared: { ink: Frame; ours: Frame }[] = [];
let compositor = new Compositor(kit);
let fellBack = 0;

beforeAll(async () => {
  Output = ((await import(outputUrl)) as { default: OutputClass }).default;
  // If another file amended this Ink (boundInkCaches), its own get is kept as inkGet; Ink's
  // frames must come from it, so no composer may be registered.
  enableCompositor(false);
  originalGet = Output.prototype.get;
  inkGet = Output.prototype.inkGet ?? Output.prototype.get;
  Output.prototype.get = function (this: OutputInstance) {
    const ink = inkGet.call(this);
    const ours = compositor.compose({
      width: this.width,
      height: this.height,
      operations: this.operations,
      inkGet: () => {
        fellBack++;
        return ink;
      },
    });
    compared.push({ ink, ours });
    return ink;
  };
});

afterAll(() => {
  Output.prototype.get = originalGet;
});

/** Runs `render`, and expects every frame Ink composed during it to be the compositor's too. */
async function sameFrames(render: () => unknown): Promise<number> {
  compared.length = 0;
  fellBack = 0;
  await render();
  for (const { ink, ours } of compared) {
    expect(ours.height).toBe(ink.height);
    expect(ours.output.split("\n")).toEqual(ink.output.split("\n"));
  }
  expect(fellBack).toBe(0);
  return compared.length;
}

const red = (s: string): string => `\u001b[31m${s}\u001b[39m`;
const bold = (s: string): string => `\u001b[1m${s}\u001b[22m`;
const dim = (s: string): string => `\u001b[2m${s}\u001b[22m`;
const onBlue = (s: string): string => `\u001b[44m${s}\u001b[49m`;
const rgb = (s: string): string => `\u001b[38;2;255;136;0m${s}\u001b[39m`;
const link = (s: string): string => `\u001b]8;;https://example.com\u0007${s}\u001b]8;;\u0007`;

const SAMPLES = [
  "plain ascii text that runs on and on past the edge of its box",
  "漢字とかなの混じった行 wide",
  "emoji 🚀 skin 👍🏽 flag 🇯🇵 family 👨‍👩‍👧 keycap 1️⃣",
  "combining e\u0301 and a\u0308 and Hangul 한국어",
  `${red("red")} ${bold("bold")} ${dim(`dim ${red("nested red")} dim`)} ${onBlue("on blue")} ${rgb("truecolor")}`,
  `${bold(`${dim("bold+dim")} still bold`)} \u001b[4munder\u001b[24m \u001b[7minverse\u001b[27m ${link("a link")}`,
  `${red("漢字🚀")} ${onBlue("wide on blue 字")}\u001b[0m reset`,
  "box ─│╭╮ arrows ↑↓ ellipsis … check ✓ bullet ●",
];

function Scene({ step, columns }: { step: number; columns: number }): ReactNode {
  const lines = Array.from({ length: 14 }, (_, i) => `${i + step} ${SAMPLES[(i + step) % SAMPLES.length]}`);
  return (
    <Box flexDirection="column" width={columns}>
      <Text>{`header ${step} ${SAMPLES[step % SAMPLES.length]}`}</Text>
      <Box flexDirection="row">
        <Box borderStyle="round" width={Math.floor(columns / 2)} height={9} overflow="hidden" flexDirection="column">
          <Text>{lines.join("\n")}</Text>
        </Box>
        <Box borderStyle="double" width={Math.ceil(columns / 2)} height={9} overflowY="hidden" flexDirection="column">
          <Text wrap="truncate-end">{lines.slice(step % 5).join("\n")}</Text>
          <Box overflow="hidden" width={7} height={2} borderStyle="single">
            <Text>{SAMPLES[(step + 1) % SAMPLES.length]}</Text>
          </Box>
        </Box>
      </Box>
      <Box borderStyle="bold" height={5} overflowX="hidden">
        <Text wrap="wrap">{SAMPLES.slice(0, 3 + (step % 3)).join(" ")}</Text>
      </Box>
      {/* An overlay drawn over the panes, its edges landing inside wide characters. */}
      <Box position="absolute" marginLeft={3 + (step % 4)} marginTop={2 + (step % 3)} width={17} height={5}>
        <Box borderStyle="classic" width={17} height={5} flexDirection="column" overflow="hidden">
          <Text>{`overlay ${step} 字字字字字`}</Text>
          <Text>{red(SAMPLES[(step + 2) % SAMPLES.length]!)}</Text>
        </Box>
      </Box>
      {/* Starting above the frame (Ink drops all of it), and left of it and wider than it. */}
      <Box position="absolute" marginTop={-1} width={columns}>
        <Text>{`above the frame ${step}\nstill dropped`}</Text>
      </Box>
      <Box position="absolute" marginTop={12} marginLeft={-2 - (step % 2)} width={columns + 6}>
        <Text>{`${"<".repeat(3)}字 off the edges ${step} 🚀🚀 ${">".repeat(columns)}`}</Text>
      </Box>
    </Box>
  );
}

describe("the compositor makes Ink's frames exactly", () => {
  it("wide characters, emoji, styles, clipping boxes, borders and overlays, frame after frame", async () => {
    compositor = new Compositor(kit);
    const frames = await sameFrames(() => {
      for (let step = 0; step < 24; step++) renderToString(<Scene step={step} columns={60} />, { columns: 60 });
      for (const columns of [41, 80, 23]) renderToString(<Scene step={3} columns={columns} />, { columns });
    });
    expect(frames).toBe(27);
  });

  it("the TUI's own frames: streaming panes, an approval and the help overlay", async () => {
    compositor = new Compositor(kit);
    const frames = await sameFrames(async () => {
      const ports = [new FakePort(), new FakePort(), new FakePort()];
      const m = await mount({ ports, columns: 90, rows: 26 });
      for (let i = 0; i < 30; i++) {
        for (const [n, p] of ports.entries())
          p.emit({ kind: "message", role: "assistant", text: `${n}:${i} ${SAMPLES[(i + n) % SAMPLES.length]}` });
        if (i % 5 === 0) await m.flush();
      }
      ports[1]!.emit({
        kind: "approval-request",
        call: { callId: "c", tool: "Bash", input: { command: "ls 漢字 🚀" }, openedAt: 0, deadlineAt: null },
      });
      await m.flush();
      await m.type("?");
      await m.type(KEYS.escape);
      m.unmount();
    });
    expect(frames).toBeGreaterThan(5);
  });

  it("random writes, clips and overlaps, on a frame reused from the last", () => {
    compositor = new Compositor(kit);
    // mulberry32: a small seeded generator whose low bits are as random as its high ones.
    let seed = 7;
    const rand = (n: number): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
    const pieces = [...SAMPLES, "", " ", "x", "字", "🚀", red(" "), onBlue("   "), "tab\tand\u0007bell"];
    // Ink's own transformers only add styles; one that adds text shows lines skipped outside a clip stay skipped.
    const transformers = [(s: string) => s, (s: string, i: number) => (i % 2 ? bold(s) : s), (s: string) => `${s}»`];
    for (let frame = 0; frame < 150; frame++) {
      const width = 20 + rand(4);
      const height = 6 + rand(3);
      const out = new Output({ width, height });
      for (let op = 0; op < 12; op++) {
        const kind = rand(6);
        if (kind === 0) {
          const x1 = rand(width) - 2;
          const y1 = rand(height) - 1;
          const vertical = rand(3) > 0;
          const horizontal = rand(3) > 0;
          out.clip({
            ...(horizontal ? { x1, x2: x1 + rand(width) } : {}),
            ...(vertical ? { y1, y2: y1 + rand(height) } : {}),
          });
        } else if (kind === 1) out.unclip();
        else {
          const text = Array.from({ length: 1 + rand(4) }, () => pieces[rand(pieces.length)]!.slice(rand(8))).join(
            "\n",
          );
          out.write(rand(width + 8) - 4, rand(height + 4) - 2, text, { transformers: [transformers[rand(3)]!] });
        }
      }
      compared.length = 0;
      out.get();
      const { ink, ours } = compared[0]!;
      expect(ours, `frame ${frame}`).toEqual(ink);
    }
  });

  it("past the style limit every style is numbered afresh and the frames stay Ink's", async () => {
    compositor = new Compositor(kit);
    const colour = (n: number): string => `\u001b[38;2;${n % 256};${(n >> 8) % 256};7m#\u001b[39m`;
    let drawn = 0;
    const frames = await sameFrames(() => {
      for (let frame = 0; drawn <= STYLE_LIMIT * 1.5; frame++) {
        const rows = Array.from({ length: 6 }, (_, r) =>
          Array.from({ length: 40 }, (_, c) => colour(frame * 240 + r * 40 + c)).join(""),
        );
        drawn += 240;
        // The first row stays the same, so a row kept from the last frame meets the renumbering.
        renderToString(<Text>{[colour(1).repeat(40), ...rows].join("\n")}</Text>, { columns: 40 });
      }
    });
    expect(frames).toBeGreaterThan(STYLE_LIMIT / 240);
  });
});
