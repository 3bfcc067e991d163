#!/usr/bin/env bash
# Runs schemathesis 4.32.5 (installed on first use into a venv, default
# .build/schemathesis; PROACTIVE_SCHEMATHESIS_VENV to choose another) against a live daemon
# on a fresh store and a free loopback port, with every check, using scripts/schemathesis.toml.
# Exits non-zero on any failure. Usage: scripts/check-api-conformance.sh [PROACTIVE_BINARY]
# (default .build/debug/proactive, which must be built).
set -euo pipefail
cd "$(dirname "$0")/.."
version=4.32.5
binary=${1:-.build/debug/proactive}
venv=${PROACTIVE_SCHEMATHESIS_VENV:-.build/schemathesis}

scripts/pip-venv.sh "$venv" schemathesis "$version"

work=$(mktemp -d /tmp/proactive-schemathesis.XXXXXX)
daemon=""
cleanup() {
  [ -n "$daemon" ] && kill "$daemon" 2>/dev/null && wait "$daemon" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

token=$("$binary" token create --system --store "$work/store.sqlite" | tail -n 1)
"$binary" serve --store "$work/store.sqlite" --port 0 >"$work/serve.log" 2>&1 &
daemon=$!
# The daemon prints the address it listens on.
url=""
for _ in $(seq 1 100); do
  url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/serve.log" | head -n 1 || true)
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || {
  cat "$work/serve.log" >&2
  echo "check-api-conformance: the daemon did not start" >&2
  exit 1
}
echo "schemathesis $version against $url" >&2
"$venv/bin/st" --config-file scripts/schemathesis.toml run openapi.yaml --url "$url" \
  --header "Authorization: Bearer $token" --workers 1 --seed 1 --no-color
