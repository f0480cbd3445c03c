/**
 * The ACP SDK, loaded when the first ACP session starts rather than when hmux does: every command
 * builds the registry, and the SDK with its schemas costs ~150 ms to load, which a `hmux ls` must
 * not pay for an agent it does not run.
 */
export type AcpSdk = typeof import("@agentclientprotocol/sdk");

let loading: Promise<AcpSdk> | null = null;

export function loadAcpSdk(): Promise<AcpSdk> {
  loading ??= import("@agentclientprotocol/sdk");
  return loading;
}
