/**
 * mimic as a harness plugin (docs/harness-plugins.md): a harness that exists only in the tests,
 * built from the API hmux hands its plugins and nothing else of hmux's (its imports from src/ are
 * types, erased when Node loads this file). Its CLI is the fake one beside this file, which speaks
 * Claude Code's stream-json protocol, so its decoder, control row and session bridge are the API's
 * stream-json kit under mimic's name. A config file registers it as
 * `"harnesses": {"mimic": {"module": ".../mimic-plugin.ts"}}`; the in-code tests take the same
 * module through adapter.ts.
 */
import { fileURLToPath } from "node:url";
import type { HarnessModule, HarnessOptionSpec, ProcessSessionSupport } from "../../../src/adapters/adapter.js";
import type { HarnessPluginApi } from "../../../src/adapters/plugin-api.js";
import type { SessionRenderer } from "../../../src/core/argv/harness-plan.js";

export const MIMIC_VERSION = "1.0.0";

/** The fake CLI this folder ships; it runs under hmux's own node, as pi's JS entry does. */
export const MIMIC_SCRIPT = fileURLToPath(new URL("./mimic-cli.mjs", import.meta.url));

const UUID = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

/** mimic's facts: its CLI is the script beside this file, so every fact's evidence is that script. */
function mimicDescriptor(api: HarnessPluginApi, name: string) {
  const { defineDescriptor, evidence, fact, optionFact } = api.facts;
  const script = evidence(
    "doc",
    "2026-12-01",
    MIMIC_VERSION,
    "test/support/fake-harness/mimic-cli.mjs (the fake CLI itself: its header states its argv and stream)",
  );
  const matchers = api.matchers.descriptorMatchers();
  return defineDescriptor({
    name,
    displayName: name === "mimic" ? "Mimic (a test's fake CLI)" : `Mimic as ${name} (a test's fake CLI)`,
    binary: fact("mimic", script),
    verifiedAgainst: fact(MIMIC_VERSION, script),
    versionSource: fact({ kind: "installed-probe", command: ["mimic", "--version"] }, script),
    launch: fact(
      {
        prefix: ["-p"],
        streamFlags: ["--output-format", "stream-json", "--verbose"],
        promptStyle: "after-separator",
        stdinPrompt: null,
      },
      script,
    ),
    resume: fact(
      { prefix: ["-p", "--resume", "{id}"], idShape: { pattern: UUID, flags: "" }, onMissing: "error" },
      script,
    ),
    resumeLast: fact(null, script),
    sessionStore: fact(null, script),
    sessionMode: fact(
      {
        argv: [
          "-p",
          "--input-format",
          "stream-json",
          "--output-format",
          "stream-json",
          "--verbose",
          "--permission-prompt-tool",
          "stdio",
        ],
        channel: "claude-stream-json",
      },
      script,
    ),
    transport: fact(
      {
        headlessTurn: "pipe",
        session: "pipe",
        interactive: "pty",
        why: "a JSON protocol on pipes, like the CLI it mimics",
      },
      script,
    ),
    models: fact(
      { flag: "--model", aliases: {}, known: ["mimic-1"], accepts: { kind: "known-only" }, nativeDefault: "mimic-1" },
      script,
    ),
    efforts: fact(null, script),
    tools: fact(
      { map: { shell: "Bash" }, selection: "none", builtins: ["Bash"], includeFlag: null, excludeFlag: null },
      script,
    ),
    limitMatchers: fact(matchers.limit, script),
    authMatchers: fact(matchers.auth, script),
    autonomy: fact(null, script),
    memory: fact({ kind: "no-built-in-memory" }, script),
    stdin: fact("close", script),
    endpoint: fact(null, script),
    capabilities: fact({ vision: false, images: false, streaming: "message" }, script),
    options: {
      model: optionFact("--model", script),
      escalateQuestions: optionFact("prompt preamble", script),
      timeoutSeconds: optionFact("hmux wall clock", script),
      stallSeconds: optionFact("hmux idle budget", script),
    },
    hints: fact({}, script),
  });
}

/** mimic's own setting, as a config-registered harness declares one: `--<name>-greeting`, `harnessOptions.<name>.greeting`. */
function mimicOptions(api: HarnessPluginApi): readonly HarnessOptionSpec[] {
  const z = api.schema;
  return [
    {
      key: "greeting",
      describe: "the word mimic's reply opens with, rendered as --greeting",
      value: z.string().check(z.regex(/^[A-Za-z]+$/)),
      cli: "string",
      allowed: "one word of letters",
    },
  ];
}

/** `--greeting <word>` when the launch set mimic's own setting. */
function greetingFlags(name: string, options: { readonly harnessOptions?: object }): string[] {
  const section = (options.harnessOptions as Record<string, { greeting?: string } | undefined> | undefined)?.[name];
  return section?.greeting !== undefined ? ["--greeting", section.greeting] : [];
}

/** One process speaking the stream-json control protocol, through the kit's bridge on mimic's own row. */
function mimicSession(api: HarnessPluginApi, descriptor: HarnessModule["descriptor"]): ProcessSessionSupport {
  const kit = api.streamJson;
  const capabilities = kit.sessionCapabilities(kit.controlRow(descriptor.name));
  return {
    kind: "process",
    capabilities,
    // Its session argv renders the greeting too, so a one-shot turn gated through it keeps it.
    carries: [`${descriptor.name}.greeting`],
    createBridge: (request) =>
      kit.createSessionBridge(
        capabilities,
        kit.createDecoder(descriptor.name, { requestedSessionId: request.resume || request.sessionId }),
      ),
  };
}

/** Its session's flags after the mode argv: the id it adopts or resumes, and the model. */
function mimicSessionFlags(descriptor: HarnessModule["descriptor"]): SessionRenderer {
  return ({ request, input }) => ({
    flags: [
      ...(input.resume ? ["--resume", input.resume] : ["--session-id", input.sessionId]),
      ...(request.options.model ? [descriptor.models.value.flag, request.options.model] : []),
      ...greetingFlags(descriptor.name, request.options),
    ],
  });
}

/** The harness under `name`: a second plugin (twin-plugin.mjs) registers the same fake CLI as another harness. */
export function mimicHarness(api: HarnessPluginApi, name: string): HarnessModule {
  const descriptor = mimicDescriptor(api, name);
  const session = mimicSession(api, descriptor);
  const { planHarness, isolationOnly, modelFlags, nothingRendered } = api.argv;
  const sessionFlags = mimicSessionFlags(descriptor);
  return {
    name: descriptor.name,
    descriptor,
    pinned: {
      version: MIMIC_VERSION,
      basis: "vendor-docs",
      note: "the fake CLI beside this file is its own reference",
    },
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
    matchers: api.matchers.withExtras(),
    createDecoder: (context) => api.streamJson.createDecoder(descriptor.name, context),
    plan: (request, peers) =>
      planHarness(descriptor, peers, request, {
        environment: isolationOnly,
        turn: (ctx) => ({
          ...nothingRendered,
          flags: [...modelFlags(ctx, false), ...greetingFlags(descriptor.name, ctx.request.options)],
        }),
        session: sessionFlags,
      }),
    session,
    native: {
      hooks: false,
      interruptKey: "\u0003",
      plan: (input) => ({ flags: input.model ? ["--model", input.model] : [], env: {}, files: [] }),
    },
    channels: [session.capabilities.channel],
    options: mimicOptions(api),
  };
}

export default function mimicPlugin(api: HarnessPluginApi): HarnessModule {
  return mimicHarness(api, "mimic");
}
