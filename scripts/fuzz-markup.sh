#!/usr/bin/env bash
# Fuzzes the ProactiveMarkup extractor with libFuzzer (coverage-guided, with AddressSanitizer).
#
#   scripts/fuzz-markup.sh [SECONDS]     # default 60
#
# Builds Fuzz/ (a package that depends on the repository's ProactiveMarkup library product, or on
# the package named by PROACTIVE_PACKAGE_PATH), then runs the MarkupFuzzer for SECONDS from the seed
# pages in Fuzz/Seeds (plus the schema.org examples when ../shared/data/schemaorg-examples.jsonl is
# present). The corpus grows in Fuzz/Corpus and is reused by later runs; a crashing, timing-out or
# memory-hungry input is written to Fuzz/Artifacts and the script exits non-zero.
# Environment: FUZZ_JOBS (parallel workers, default 1), FUZZ_FLAGS (extra libFuzzer flags).
set -euo pipefail

seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
fuzz="$root/Fuzz"
cd "$fuzz"

swift build -c debug --product MarkupFuzzer \
    -Xswiftc -sanitize=fuzzer,address
binary="$(swift build -c debug --show-bin-path)/MarkupFuzzer"

mkdir -p Corpus Artifacts
cp -n Seeds/*.html Corpus/ 2>/dev/null || true
examples="$root/../shared/data/schemaorg-examples.jsonl"
if [ -f "$examples" ] && [ ! -e Corpus/.examples-added ]; then
    # Every snippet of schema.org's examples that holds markup, one seed file each.
    python3 - "$examples" Corpus <<'PY'
import json, sys, hashlib, pathlib
out = pathlib.Path(sys.argv[2])
for line in open(sys.argv[1], encoding="utf-8"):
    example = json.loads(line)
    for key in ("microdata", "rdfa", "jsonld"):
        text = example.get(key) or ""
        if "<" in text or "{" in text:
            name = "example-" + hashlib.sha1(text.encode()).hexdigest()[:16] + ".html"
            (out / name).write_text(text, encoding="utf-8")
PY
    touch Corpus/.examples-added
fi

echo "fuzz-markup: running $binary for ${seconds}s on $(ls Corpus | wc -l) corpus files"
# -timeout: one input taking more than 10 s is a finding; -rss_limit_mb: more than 2 GB is a finding.
# With FUZZ_JOBS > 1 libFuzzer runs that many worker processes, each logging to Fuzz/fuzz-N.log.
parallel=()
if [ "${FUZZ_JOBS:-1}" -gt 1 ]; then parallel=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS"); fi
# shellcheck disable=SC2086
"$binary" Corpus \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    "${parallel[@]}" -artifact_prefix="$fuzz/Artifacts/" -print_final_stats=1 ${FUZZ_FLAGS:-}
