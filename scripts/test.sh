#!/usr/bin/env bash
# The test command: installs what is needed, builds with warnings as errors, runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh --test
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build
