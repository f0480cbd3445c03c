/**
 * A harness that exists only in the tests: the whole cost of adding one to hmux is this folder
 * (facts, binary facts, a planner, a session, a native pane, a decoder, a channel row — the last three
 * borrowed from claude, whose protocol the fake CLI speaks) and a `registryWith([mimic])` where the app is composed.
 */
import { fileURLToPath } from "node:url";
import type { HarnessModule } from "../../../src/adapters/adapter.js";
import { planWith } from "../../../src/core/argv/plan.js";
import { modelFlags, NOTHING_RENDERED } from "../../../src/core/argv/render-common.js";
import { withExtras } from "../../../src/core/classify.js";
import { mimicControl } from "./capabilities.js";
import { createMimicDecoder } from "./decoder.js";
import { descriptor, MIMIC_VERSION } from "./descriptor.js";
import { session } from "./session.js";

/** The fake CLI this folder ships; it runs under hmux's own node, as pi's JS entry does. */
export const MIMIC_SCRIPT = fileURLToPath(new URL("./mimic-cli.mjs", import.meta.url));

export const mimic: HarnessModule = {
  name: descriptor.name,
  descriptor,
  pinned: { version: MIMIC_VERSION, basis: "vendor-docs", note: "the fake CLI beside this file is its own reference" },
  binary: {
    npmPackage: null,
    platformPackages: [],
    installHint: "mimic ships with the tests: test/support/fake-harness/mimic-cli.mjs",
    locateInPackage: (site) => ({
      found: { executable: site.nodePath, prefixArgs: [MIMIC_SCRIPT], source: "node-wrapper" },
      notes: [],
    }),
  },
  // The fake CLI reads no credential; one declared anyway shows --endpoint withholding it.
  credentialEnv: ["MIMIC_API_KEY"],
  matchers: withExtras(),
  createDecoder: createMimicDecoder,
  planTurn: (request, peers) =>
    planWith(descriptor, peers, request, (ctx) => ({ ...NOTHING_RENDERED, flags: modelFlags(ctx, false) })),
  session,
  native: {
    hooks: false,
    interruptKey: "\u0003",
    plan: (input) => ({ flags: input.model ? ["--model", input.model] : [], env: {}, files: [] }),
  },
  channels: [mimicControl],
};
