/**
 * opencode (opencode-ai), driven by `opencode acp` through the ACP kind. Its own config asks for
 * every shell call, edit and web fetch (OPENCODE_PERMISSION, set always: its default for bash is
 * to run); with --endpoint it reads an `hmux` provider from the isolated HOME and is kept off the
 * network at start (models.dev, plugins, LSP downloads), docs/acp-agents.md.
 */
import { acpHarness } from "../acp-kind/kind.js";
import { opencodeChannel, PROBE_DATE, probe } from "./capabilities.js";

const PACKAGE = "opencode-ai";
const PERMISSION = { bash: "ask", edit: "ask", webfetch: "ask", external_directory: "ask" };
const CONFIG = {
  $schema: "https://opencode.ai/config.json",
  model: "hmux/{{model}}",
  small_model: "hmux/{{model}}",
  autoupdate: false,
  share: "disabled",
  provider: {
    hmux: {
      npm: "@ai-sdk/openai-compatible",
      name: "hmux endpoint",
      options: { baseURL: "{{openaiBaseUrl}}", apiKey: "{{apiKey}}" },
      models: { "{{model}}": { name: "{{model}}" } },
    },
  },
};

export const opencode = acpHarness({
  name: "opencode",
  displayName: "OpenCode (ACP)",
  command: ["opencode", "acp"],
  env: { OPENCODE_PERMISSION: JSON.stringify(PERMISSION), OPENCODE_DISABLE_AUTOUPDATE: "1" },
  endpoint: {
    defaultModel: "hmux-model",
    env: {
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
      OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
      OPENCODE_DISABLE_SHARE: "1",
      OPENCODE_DISABLE_CLAUDE_CODE: "1",
      OPENCODE_DISABLE_EXTERNAL_SKILLS: "1",
    },
    configFile: { path: ".config/opencode/opencode.json", template: JSON.stringify(CONFIG, null, 2) },
  },
  pinned: {
    version: "1.18.33",
    basis: "npm-devDependency",
    note: "run from its platform package's binary (opencode-ai's postinstall stays off)",
    probedOn: PROBE_DATE,
  },
  binary: {
    npmPackage: PACKAGE,
    platformPackages: [],
    installHint: `run \`npm ci\` in the harnessmux folder, or \`npm i -g ${PACKAGE}\``,
    locateInPackage(site) {
      // The platform package's binary first: opencode-ai's own bin is that binary only once its
      // postinstall linked it, and hmux installs with that postinstall off.
      const platform = site.platform === "win32" ? "windows" : site.platform;
      for (const variant of ["", "-baseline", "-musl", "-baseline-musl"]) {
        const program = site.probe.join(site.modules, `opencode-${platform}-${site.arch}${variant}`, "bin", "opencode");
        if (site.probe.isExecutable(program))
          return { found: { executable: program, prefixArgs: [], source: "platform-binary" }, notes: [] };
      }
      const launcher = site.probe.join(site.modules, PACKAGE, "bin", "opencode.exe");
      return site.probe.isExecutable(launcher)
        ? { found: { executable: launcher, prefixArgs: [], source: "pinned-package" }, notes: [] }
        : { found: null, notes: [] };
    },
  },
  credentialEnv: ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENCODE_API_KEY"],
  evidence: probe,
  channel: opencodeChannel,
  // Its cold start is the slowest of the pinned agents: 4 s to its session on an idle 2-core
  // machine, 33 s (initialize after 22 s) at load ~12 on 2026-12-03; the core default (60 s) leaves
  // too little room for a busier one.
  limits: { handshakeMs: 120_000 },
});
