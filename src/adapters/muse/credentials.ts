/**
 * Muse logs in through its own service and documents no credential variable; it takes no
 * --endpoint either (its descriptor refuses one), so there is nothing to withhold.
 */
export const credentialEnv: readonly string[] = [];
