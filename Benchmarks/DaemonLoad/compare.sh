#!/usr/bin/env bash
# Computed suggestion lists (--suggestion-reuse 0) of two `proactive` binaries, side by side:
# the same seeded store and the same wrk load, each binary in turn, three rounds, so that a
# noisy machine affects both alike. See docs/benchmarks.md ("The daemon under load").
#   Benchmarks/DaemonLoad/compare.sh BEFORE AFTER [seconds per run, default 20]
# SURFACES=FILE asks the paths of FILE instead of every surface (e.g. one line: one surface).
# e.g. build a commit's binary with `git worktree` or `git checkout REV -- Sources`, copy
# .build/release/proactive away, and compare it with the current one.
set -euo pipefail
if [ $# -lt 2 ]; then echo "usage: $0 BEFORE AFTER [seconds]" >&2; exit 2; fi
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/Benchmarks/DaemonLoad"
before="$(realpath "$1")"
after="$(realpath "$2")"
duration="${3:-20}"
"$root/scripts/install-dependencies.sh" --bench
work="$(mktemp -d)"
pid=""
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
python3 "$here/seed.py" > "$work/seed.ndjson"
# Each binary seeds a store of its own: a store one writes may hold formats the other cannot
# read (or reads more cheaply), so one shared store compares other work than a user's.
declare -A token
for side in before after; do
  binary="$before"; [ "$side" = after ] && binary="$after"
  PROACTIVE_STORE="$work/$side.sqlite" "$binary" donate "$work/seed.ndjson" > /dev/null
  token[$side]=$(PROACTIVE_STORE="$work/$side.sqlite" "$binary" token create --system 2>/dev/null)
done
ticks=$(getconf CLK_TCK)
# The daemon's CPU time so far (user + system), in clock ticks: steadier than requests/s on a
# shared machine.
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
echo "computed suggestion lists, wrk -t2 -c32 -d${duration}s, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
for round in 1 2 3; do
  for side in before after; do
    binary="$before"; [ "$side" = after ] && binary="$after"
    PROACTIVE_STORE="$work/$side.sqlite" "$binary" serve --port 0 --log-level warning --suggestion-reuse 0 \
      > "$work/serve.out" 2>&1 &
    pid=$!
    until grep -q listening "$work/serve.out"; do sleep 0.2; done
    url=$(sed -n 's/.*\(http:[^ ]*\)\/$/\1/p' "$work/serve.out" | head -1)
    cpu0=$(cpu "$pid")
    out=$(TOKEN="${token[$side]}" PATHS_FILE="${SURFACES:-$here/surfaces.txt}" wrk -t2 -c32 -d"${duration}s" --latency \
      -s "$here/rotate.lua" "$url")
    cpu1=$(cpu "$pid")
    requests=$(echo "$out" | awk '/requests in/ {print $1}')
    echo "round $round $side: $(echo "$out" | awk '/Requests\/sec/ {print $2}') requests/s," \
      "p50 $(echo "$out" | awk '/ 50%/ {print $2}'), p99 $(echo "$out" | awk '/ 99%/ {print $2}')," \
      "daemon CPU $(( (cpu1 - cpu0) * 1000000 / ticks / requests )) µs a request"
    kill "$pid"; wait "$pid" || true
  done
done
