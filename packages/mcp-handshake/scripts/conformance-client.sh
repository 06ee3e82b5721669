#!/usr/bin/env bash
# Runs the MCP conformance suite's client mode against mcp-handshake's `inspect`.
# Usage: scripts/conformance-client.sh /path/to/node22   (the suite needs Node >= 22)
# The harness starts a scenario server and runs: <command> <server-url>, so the URL lands
# as inspect's argument. `--era auto` is the default path: server/discover, then the
# fallback to initialize 2025-11-25 that this scenario checks.
set -euo pipefail
NODE22="${1:?usage: $0 /path/to/node22}"
PKG="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT="$(cd "$PKG/../.." && pwd)"
[ -f "$PKG/dist/cli.js" ] || { echo "build first: npm run build -w mcp-handshake" >&2; exit 1; }
# The suite lives in scripts/install-hosts.mjs's cache (it needs Node >= 22, so it is no devDependency);
# --where prints its entry file or says how to install it.
SUITE="$(node "$PKG/scripts/install-hosts.mjs" --where conformance)"
# The suite writes results/ into the current directory: keep it out of the work tree.
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
"$NODE22" "$SUITE" client --command "\"$NODE22\" \"$PKG/dist/cli.js\" inspect --era auto" --scenario "${2:-initialize}"
