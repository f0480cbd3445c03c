/**
 * A harness's name, as the core carries it. Which names exist is decided by the registry
 * (src/adapters/registry.ts), and a name from outside is checked against it at the boundary,
 * so the core holds no list of harnesses and compares no harness name.
 */
export type HarnessName = string;
