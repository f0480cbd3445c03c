/**
 * The variables claude takes its own Anthropic credentials from. Pointed at a custom endpoint
 * (ANTHROPIC_BASE_URL) claude sends whichever of them is set to that server —
 * ANTHROPIC_AUTH_TOKEN as `Authorization: Bearer`, ANTHROPIC_API_KEY as `x-api-key` — so with
 * --endpoint hmux withholds them all and hands claude only the key named for the endpoint
 * (endpoint.ts). The names are the ones claude 2.1.332's binary reads.
 */
export const credentialEnv: readonly string[] = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "CLAUDE_CODE_OAUTH_TOKEN",
  "CLAUDE_CODE_OAUTH_REFRESH_TOKEN",
];
