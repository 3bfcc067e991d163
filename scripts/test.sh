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
# The format (.swift-format), as `swift format -i -r Sources Tests Benchmarks Fuzz/Sources` leaves it.
swift format lint --strict -r Sources Tests Benchmarks Fuzz/Sources
phase "the build" swift build --build-tests -Xswiftc -warnings-as-errors
swift build --product proactive -Xswiftc -warnings-as-errors
# Jobs run beside a step (DocC), stopped if the script ends early, and the PostgreSQL cluster.
background=()
cleanup() {
  for job in "${background[@]}"; do kill "$job" 2>/dev/null || true; done
  if [ -n "${cluster:-}" ]; then scripts/postgres-cluster.sh stop "$cluster" >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT
# The public API against its checked-in baseline (api/): a public change must be deliberate.
phase "the API check" scripts/check-api.sh
# The DocC documentation of the public modules, warnings as errors (swift-docc-plugin), beside
# schemathesis: DocC's conversion leaves a core idle most of the time. Every sample of the
# catalogs runs verbatim in a DocumentationSampleTests suite against the public API alone;
# scripts/check-sample-package.sh, which builds the landing page's and the donating article's
# samples in a fresh package (every dependency built a second time), is for a change of the
# products, by hand.
docs_log=$(mktemp)
docs_start=$SECONDS
scripts/check-docs.sh >"$docs_log" 2>&1 &
docs=$!
background+=("$docs")
# The daemon against its OpenAPI description: schemathesis, every check, zero failures.
phase "schemathesis" scripts/check-api-conformance.sh .build/debug/proactive
docs_status=0
wait "$docs" || docs_status=$?
cat "$docs_log" >&2
rm -f "$docs_log"
if [ "$docs_status" -ne 0 ]; then exit "$docs_status"; fi
echo "test.sh: DocC took $((SECONDS - docs_start)) s (at $SECONDS s)" >&2
# The Python device of the Handoff interoperability test (pyhpke, with PyPI cryptography).
scripts/pip-venv.sh .build/handoff-interop pyhpke 0.6.5
export PROACTIVE_INTEROP_PYTHON=$PWD/.build/handoff-interop/bin/python
cluster=$(mktemp -d /tmp/proactive-test-pg.XXXXXX)
PROACTIVE_TEST_POSTGRES=$(scripts/postgres-cluster.sh start "$cluster")
export PROACTIVE_TEST_POSTGRES
PROACTIVE_TEST_POSTGRES_SOCKET=$(scripts/postgres-cluster.sh socket-url "$cluster")
export PROACTIVE_TEST_POSTGRES_SOCKET
echo "PostgreSQL for the tests: $PROACTIVE_TEST_POSTGRES" >&2
# The service and Handoff acceptance tests (several daemons, live clients, a database outage, a
# relay) run on their own after the rest: on two cores the parallel suite can starve their live
# clients for half a minute.
phase "the tests" swift test --skip-build --skip ServiceTests --skip HandoffAcceptanceTests
phase "the service tests" swift test --skip-build --filter 'ServiceTests|HandoffAcceptanceTests'
# The fuzz targets' committed seeds ran with the tests (SeedReplayTests). The fuzzer itself
# (libFuzzer + AddressSanitizer, every dependency built again: about 8 minutes of two cores) is
# scripts/fuzz.sh, run by hand and in long runs (docs/reliability.md), not in CI's 30 minutes.
