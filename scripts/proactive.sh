#!/usr/bin/env bash
# The run command: installs what is needed, builds the release CLI, and runs it with the
# given arguments, e.g. `scripts/proactive.sh donate examples/restaurant.ndjson`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-dependencies.sh"
(cd "$root" && swift build -c release --product proactive >&2)
exec "$root/.build/release/proactive" "$@"
