#!/usr/bin/env bash
# Builds and runs the libpq baseline of a read's round trips (round-trips.c) against a server
# ServiceBenchmark filled: run.sh POSTGRES-URL [USER]. Needs libpq-dev (which
# scripts/install-dependencies.sh installs: the storage reads through libpq) and a C compiler
# (the Swift toolchain's clang).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${TMPDIR:-/tmp}/proactive-libpq-round-trips"
cc -O2 -o "$out" "$here/round-trips.c" -I"$(pg_config --includedir 2>/dev/null || echo /usr/include/postgresql)" -lpq
exec "$out" "$@"
