#!/usr/bin/env bash
# The test command: installs what is needed, builds with warnings as errors, starts a throwaway
# PostgreSQL cluster on a free loopback port (every storage test runs on SQLite and on
# PostgreSQL), runs every test, and stops the cluster.
set -euo pipefail
cd "$(dirname "$0")/.."
# Runs a step and says how long it took (CI's budget is 30 minutes).
phase() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  echo "test.sh: $name took $((SECONDS - start)) s (at $SECONDS s)" >&2
}
phase "the dependencies" scripts/install-dependencies.sh --test
# The OpenAPI description must be valid OpenAPI 3 (openapi-spec-validator).
scripts/check-openapi.sh
# The typed client (Sources/ProactiveClient/Generated) is what openapi.yaml generates.
scripts/generate-client.sh --check
# The format (.swift-format), as `swift format -i -r Sources Tests Benchmarks` leaves it.
swift format lint --strict -r Sources Tests Benchmarks
phase "the build" swift build --build-tests -Xswiftc -warnings-as-errors
swift build --product proactive -Xswiftc -warnings-as-errors
# The fuzzer is a package of its own built with sanitizers, about as long to build as the main
# one: it builds in the background at the lowest CPU and I/O priority, in the time the checks
# and tests below leave idle (DocC, schemathesis and the tests' servers wait much of theirs),
# and scripts/fuzz.sh finds it built (it builds again, and reports, if this failed).
background=()
cleanup() {
  for job in "${background[@]}"; do kill "$job" 2>/dev/null || true; done
  if [ -n "${cluster:-}" ]; then scripts/postgres-cluster.sh stop "$cluster" >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT
low_priority=(nice -n 19)
if command -v ionice >/dev/null; then low_priority+=(ionice -c 3); fi
(cd Fuzz && exec "${low_priority[@]}" swift build --product ProactiveFuzzer -Xswiftc -sanitize=fuzzer,address \
  >build.log 2>&1) &
fuzz_build=$!
background+=("$fuzz_build")
# The public API against its checked-in baseline (api/): a public change must be deliberate.
phase "the API check" scripts/check-api.sh
# The DocC documentation of the public modules, warnings as errors (swift-docc-plugin), and
# the landing page's and the donating article's samples in a fresh package depending on this
# one, side by side: DocC's conversion leaves a core idle most of the time, which the sample
# package's build of its dependencies takes (CI stays under 30 minutes on two cores).
docs_log=$(mktemp)
scripts/check-docs.sh >"$docs_log" 2>&1 &
docs=$!
background+=("$docs")
phase "the sample package" scripts/check-sample-package.sh
docs_status=0
wait "$docs" || docs_status=$?
cat "$docs_log" >&2
rm -f "$docs_log"
if [ "$docs_status" -ne 0 ]; then exit "$docs_status"; fi
# The daemon against its OpenAPI description: schemathesis, every check, zero failures.
phase "schemathesis" scripts/check-api-conformance.sh .build/debug/proactive
# The Python device of the Handoff interoperability test (pyhpke, with PyPI cryptography).
scripts/pip-venv.sh .build/handoff-interop pyhpke 0.6.5
export PROACTIVE_INTEROP_PYTHON=$PWD/.build/handoff-interop/bin/python
cluster=$(mktemp -d /tmp/proactive-test-pg.XXXXXX)
PROACTIVE_TEST_POSTGRES=$(scripts/postgres-cluster.sh start "$cluster")
export PROACTIVE_TEST_POSTGRES
echo "PostgreSQL for the tests: $PROACTIVE_TEST_POSTGRES" >&2
# The service and Handoff acceptance tests (several daemons, live clients, a database outage, a
# relay) run on their own after the rest: on two cores the parallel suite can starve their live
# clients for half a minute.
phase "the tests" swift test --skip-build --skip ServiceTests --skip HandoffAcceptanceTests
phase "the service tests" swift test --skip-build --filter 'ServiceTests|HandoffAcceptanceTests'
# Every fuzz target (libFuzzer + AddressSanitizer, Fuzz/) for a few seconds from its committed
# seeds: a parser that crashes or breaks an invariant fails CI (long runs: docs/reliability.md).
fuzz_wait=$SECONDS
wait "$fuzz_build" || true
echo "test.sh: the fuzzer's build took $((SECONDS - fuzz_wait)) s more after the tests" >&2
phase "fuzzing" scripts/fuzz.sh --all "${PROACTIVE_FUZZ_SECONDS:-10}"
