#!/usr/bin/env bash
# Builds the DocC documentation of the public modules (their catalogs are
# Sources/<Module>/<Module>.docc) with swift-docc-plugin, warnings as errors: exits 1 when DocC,
# the plugin or the build it runs reports any warning (a symbol link that does not resolve, an
# undocumented parameter, …), naming each, and 0 when every module is clean. SwiftPM's notes
# about unhandled files of dependencies (.build/checkouts) are not ours to fix and are ignored.
# The archives go to .build/docs (PROACTIVE_DOCS_OUTPUT to choose another directory).
# Usage: scripts/check-docs.sh [TARGET…] (default: Proactive ProactiveModel ProactiveMarkup
# ProactiveServer)
set -euo pipefail
cd "$(dirname "$0")/.."
output=${PROACTIVE_DOCS_OUTPUT:-.build/docs}
if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=(Proactive ProactiveModel ProactiveMarkup ProactiveServer ProactiveClient ProactiveHandoff ProactiveRelay)
fi
mkdir -p "$output"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Whether a log holds a warning or an error (exit 0 if it does): any line with `warning:` or
# `error:`, except SwiftPM's "found N file(s) which are unhandled" when every file it lists is
# in a dependency's checkout.
has_diagnostics() {
  awk '
    function flush() { if (pending && !dependency) found = 1; pending = 0 }
    /^warning: .*found [0-9]+ file\(s\) which are unhandled/ { flush(); pending = 1; dependency = 1; next }
    pending && /^    / { if ($0 !~ /\/\.build\/checkouts\//) dependency = 0; next }
    { flush() }
    /(^|: )(warning|error): / { found = 1 }
    END { flush(); exit found ? 0 : 1 }
  ' "$1"
}

# One run of the plugin for every target (it builds them in dependency order): 35–40 s on two
# cores once the modules are built, against 55 s for one run per target. Each archive is
# <output>/<target>.doccarchive (the plugin moves a lone target's archive to the path given).
arguments=()
for target in "${targets[@]}"; do arguments+=(--target "$target"); done
destination=$output
if [ ${#targets[@]} -eq 1 ]; then destination=$output/${targets[0]}.doccarchive; fi
start=$SECONDS
status=0
swift package --disable-sandbox generate-documentation "${arguments[@]}" --warnings-as-errors \
  --output-path "$destination" >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ] || has_diagnostics "$log"; then
  # The log without the build's progress lines.
  grep -v '^\[[0-9]*/[0-9]*\]' "$log" >&2 || true
  echo "check-docs: not clean (exit status $status): ${targets[*]}" >&2
  exit 1
fi
echo "check-docs: clean in $((SECONDS - start)) s: ${targets[*]} → $output"
