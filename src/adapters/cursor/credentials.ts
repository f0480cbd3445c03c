/**
 * Cursor's own API key variable. Cursor takes no --endpoint (its descriptor refuses one), so
 * nothing is ever withheld in practice; the fact is declared like every harness's.
 */
export const credentialEnv: readonly string[] = ["CURSOR_API_KEY"];
