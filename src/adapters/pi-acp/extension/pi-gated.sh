#!/bin/sh
# pi as pi-acp starts it (PI_ACP_PI_COMMAND), with hmux's confirm gate loaded: pi-acp passes pi's
# arguments but no extension. pi runs on the node running pi-acp, its parent (hmux's own node:
# pi needs a newer one than a system node may be); HMUX_PI_CLI is pi's JS entry.
here=$(dirname "$0")
node=$(readlink "/proc/$PPID/exe" 2>/dev/null) || node=node
exec "$node" "$HMUX_PI_CLI" -e "$here/hmux-confirm-gate.ts" "$@"
