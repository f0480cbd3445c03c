/**
 * The variables codex takes its own OpenAI credentials from (codex 0.171.0's binary reads these
 * names). With --endpoint codex talks to the "hmux" provider, which reads only
 * HMUX_ENDPOINT_API_KEY (endpoint.ts); these are withheld so no OpenAI key reaches that server
 * or the endpoint's agent.
 */
export const credentialEnv: readonly string[] = ["OPENAI_API_KEY", "CODEX_API_KEY", "CODEX_ACCESS_TOKEN"];
