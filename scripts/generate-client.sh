#!/usr/bin/env bash
# Generates the typed client (Sources/ProactiveClient/Generated) from openapi.yaml with
# swift-openapi-generator, built from its own package (scripts/openapi-generator) so the
# library's users never build it. `--check` generates into a temporary directory and fails when
# the committed code differs (CI runs that): change openapi.yaml, run this script, commit both.
#
# The script records what it generated from in $tool/generated.sha256: the SHA-256 of
# openapi.yaml, of the generator's package and configuration, and of the generated files.
# `--check` trusts a record that still matches every one of them (the code is what this
# description generated, untouched since) and skips building the generator (70–100 s of a
# fresh CI run); any change to one of them, or `--check --full`, generates and compares.
set -euo pipefail
cd "$(dirname "$0")/.."
tool=scripts/openapi-generator
target=Sources/ProactiveClient/Generated
record="$tool/generated.sha256"
inputs=(openapi.yaml "$tool/Package.swift" "$tool/openapi-generator-config.yaml" "$target/Types.swift" "$target/Client.swift")
if [[ "${1:-}" == "--check" && "${2:-}" != "--full" && -f "$record" ]] && sha256sum --check --status "$record" 2>/dev/null \
    && [[ "$(awk '{ print $2 }' "$record" | tr '\n' ' ')" == "${inputs[*]} " ]]; then
    echo "generate-client: $target is what openapi.yaml generated (unchanged since: $record)"
    exit 0
fi
swift build --package-path "$tool" --product swift-openapi-generator >/dev/null
generator="$(swift build --package-path "$tool" --show-bin-path)/swift-openapi-generator"
raw="$(mktemp -d)"
output="$target"
if [[ "${1:-}" == "--check" ]]; then output="$(mktemp -d)"; fi
trap 'rm -rf "$raw"; [[ "$output" == "$target" ]] || rm -rf "$output"' EXIT
# The generator's log goes to stderr; any warning about the description fails the script.
log="$("$generator" generate openapi.yaml --config "$tool/openapi-generator-config.yaml" \
    --output-directory "$raw" 2>&1)"
if grep -qi "warning" <<<"$log"; then
    echo "$log" | grep -i warning >&2
    echo "generate-client: swift-openapi-generator warns about openapi.yaml" >&2
    exit 1
fi
# The generator writes the types in eight files with the same imports; the namespace files
# declare nothing that uses them, which Swift 6.3 warns about (the generator silences it only
# from Swift 6.4 on). One Types.swift with those imports once uses them all: same code, no warning.
header() { awk '/^(\/\/|#if|#endif|@diagnose|.*import )/ { print; next } { exit }' "$1"; }
body() { awk 'started || !/^(\/\/|#if|#endif|@diagnose|.*import )/ { started = 1; print }' "$1"; }
mkdir -p "$output"
rm -f "$output"/*.swift
# The generated code keeps the generator's format (swift format skips it).
{
    echo "// swift-format-ignore-file"
    header "$raw/Types.swift"
    for part in Types Types+Components Types+Components+Schemas Types+Components+Parameters \
        Types+Components+RequestBodies Types+Components+Responses Types+Components+Headers \
        Types+Operations; do
        body "$raw/$part.swift"
    done
} >"$output/Types.swift"
{
    echo "// swift-format-ignore-file"
    cat "$raw/Client.swift"
} >"$output/Client.swift"
if [[ "${1:-}" == "--check" ]]; then
    if ! diff -ru "$target" "$output" >/dev/null; then
        diff -ru "$target" "$output" | head -40 >&2 || true
        echo "generate-client: $target is not what openapi.yaml generates; run scripts/generate-client.sh and commit it" >&2
        exit 1
    fi
    echo "generate-client: $target matches openapi.yaml"
else
    sha256sum "${inputs[@]}" >"$record"
fi
