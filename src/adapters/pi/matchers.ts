/**
 * pi wording beyond the shared set (docs/harness-facts.md#pi-failures, test/unit/decode/hcn-fixtures/harnesses/pi-noauth.stderr). A "401 invalid x-api-key" errorMessage is classed by its leading status and the shared invalid-key wording.
 * Placed before core/classify.ts SHARED_MATCHERS (first match wins); the decoder, the registry
 * and the descriptor's limit/auth facts all read this one object.
 */
import type { MatcherSet } from "../../core/classify.js";

const PI_KEY_VARIABLES: Readonly<Record<string, string>> = {
  anthropic: "ANTHROPIC_API_KEY",
  openai: "OPENAI_API_KEY",
  google: "GEMINI_API_KEY",
  openrouter: "OPENROUTER_API_KEY",
  groq: "GROQ_API_KEY",
  xai: "XAI_API_KEY",
  mistral: "MISTRAL_API_KEY",
  deepseek: "DEEPSEEK_API_KEY",
};

export const PI_MATCHERS: Partial<MatcherSet> = {
  // "No API key found for <provider>." (pi's auth-guidance); the variable pi reads per provider
  // is pi-ai's env-api-keys table. A provider not listed gets the generic hint.
  auth: [
    ...Object.entries(PI_KEY_VARIABLES).map(([provider, variable]) => ({
      pattern: `No API key found for ${provider}\\b(?!-)`,
      kind: "not-logged-in" as const,
      hint: `set ${variable} in the environment hmux runs in, or run \`pi\`, then \`/login\` in it`,
    })),
    {
      pattern: "No API key found for",
      kind: "not-logged-in",
      hint: "set the provider's API key variable (pi's docs/providers.md lists them), or run `pi`, then `/login` in it",
    },
  ],
  // pi reports a connection cut mid-response as the fetch error "terminated": bare on 0.73.1, with
  // its cause on 1.6.0 ("terminated: other side closed (UND_ERR_SOCKET)"); captured against the
  // scripted model, test/unit/decode/captures/pi-{0.73.1,1.6.0}/fail-drop.
  transport: [{ pattern: "^terminated(?:$|: )" }, { pattern: "UND_ERR_SOCKET|other side closed" }],
};
