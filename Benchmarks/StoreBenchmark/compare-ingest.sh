#!/usr/bin/env bash
# Ingest the same NDJSON file with several `proactive` binaries, alternating, each into a fresh
# store: the time `proactive donate` takes and the store's size (with its WAL).
#   Benchmarks/StoreBenchmark/compare-ingest.sh FILE ROUNDS BINARY...
set -euo pipefail
file=$1 rounds=$2
shift 2
for round in $(seq "$rounds"); do
  for binary in "$@"; do
    dir=$(mktemp -d)
    start=$(date +%s.%N)
    "$binary" donate --store "$dir/p.sqlite" "$file" > /dev/null
    end=$(date +%s.%N)
    size=$(du -cb "$dir"/p.sqlite* | tail -1 | cut -f1)
    echo "$binary round $round: $(echo "$end - $start" | bc) s, $size bytes, load $(cut -d' ' -f1 /proc/loadavg)"
    rm -rf "$dir"
  done
done
