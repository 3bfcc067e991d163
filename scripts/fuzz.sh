#!/usr/bin/env bash
# Fuzzes Proactive's parsers of outside input with libFuzzer (coverage-guided, AddressSanitizer).
#
#   scripts/fuzz.sh TARGET [SECONDS]         # one target, default 60 s
#   scripts/fuzz.sh --all [SECONDS]          # every target, SECONDS each, one per core at a time
#   scripts/fuzz.sh --list                   # the targets
#   scripts/fuzz.sh --build                  # only build the fuzzer
#
# Targets (Fuzz/Sources/ProactiveFuzzer/FuzzTarget.swift): markup, donation, query, search,
# directions, phone, reminder, request, envelope.
#
# Builds Fuzz/ (a package depending on this repository's products, or on the package named by
# PROACTIVE_PACKAGE_PATH) with -sanitize=fuzzer,address, then runs ProactiveFuzzer for SECONDS
# from the target's committed seeds (Fuzz/Seeds/TARGET, plus the schema.org examples for markup
# when ../shared/data/schemaorg-examples.jsonl is present) and its dictionary
# (Fuzz/Dictionaries/TARGET.dict, when there is one). The corpus grows in Fuzz/Corpus/TARGET and is
# reused by later runs; a crashing, timing-out or memory-hungry input is written to
# Fuzz/Artifacts/TARGET-… and the script exits non-zero.
# Environment: FUZZ_PARALLEL (--all: targets run at a time, default the number of cores),
# FUZZ_JOBS (parallel workers of one target, default 1), FUZZ_FLAGS (extra libFuzzer flags, e.g.
# -runs=1000000 for a fixed number of inputs), FUZZ_CONFIGURATION (debug, the default, or release:
# optimized, still with every precondition and AddressSanitizer, several times more inputs a second
# for the long runs; its first build takes longer).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
fuzz="$root/Fuzz"
targets=(markup donation query search directions phone reminder request envelope)

case "${1:-}" in
--list) printf '%s\n' "${targets[@]}"; exit 0 ;;
--all)
    failed=()
    # Built once for every target (each run alone installs and builds, which costs seconds).
    "$0" --build
    FUZZ_BINARY="$(cd "$fuzz" && swift build -c "${FUZZ_CONFIGURATION:-debug}" --show-bin-path)/ProactiveFuzzer"
    export FUZZ_BINARY
    # FUZZ_PARALLEL targets at a time (default: the number of cores), each logging to
    # Fuzz/fuzz-TARGET.log, printed in order once it ends.
    parallel_targets=${FUZZ_PARALLEL:-$(nproc 2>/dev/null || echo 1)}
    logs=$(mktemp -d)
    pids=()
    for i in "${!targets[@]}"; do
        if [ "$i" -ge "$parallel_targets" ]; then
            # Waits for the target started parallel_targets runs before this one.
            wait "${pids[$((i - parallel_targets))]}" || true
        fi
        ( "$0" "${targets[$i]}" "${2:-60}" >"$logs/${targets[$i]}.log" 2>&1; echo $? >"$logs/${targets[$i]}.status" ) &
        pids+=($!)
    done
    wait
    for target in "${targets[@]}"; do
        cat "$logs/$target.log" >&2
        [ "$(cat "$logs/$target.status" 2>/dev/null)" = 0 ] || failed+=("$target")
    done
    rm -rf "$logs"
    # Last, so that the end of a long log says it.
    if [ ${#failed[@]} -gt 0 ]; then
        echo "fuzz: findings in ${failed[*]} (their inputs are in Fuzz/Artifacts, printed above)" >&2
        exit 1
    fi
    echo "fuzz: every target ran without a finding" >&2
    exit 0
    ;;
--build) ;;
"" | -*) echo "usage: scripts/fuzz.sh TARGET|--all|--list [SECONDS]" >&2; exit 2 ;;
esac
target="$1"
seconds="${2:-60}"
if [[ "$target" != --build && ! " ${targets[*]} " == *" $target "* ]]; then
    echo "fuzz: unknown target '$target'; one of: ${targets[*]}" >&2
    exit 2
fi

configuration="${FUZZ_CONFIGURATION:-debug}"
case "$configuration" in debug | release) ;; *) echo "fuzz: FUZZ_CONFIGURATION is debug or release" >&2; exit 2 ;; esac
if [ -n "${FUZZ_BINARY:-}" ] && [ -x "$FUZZ_BINARY" ]; then
    # Built by --all for every target.
    binary="$FUZZ_BINARY"
    cd "$fuzz"
else
    # The Debian packages the package links (libphonenumber, libxml2, ICU, SQLite), on a fresh machine.
    "$root/scripts/install-dependencies.sh"
    cd "$fuzz"
    # The linker's warnings about AddressSanitizer's local symbols fill screens: the log keeps them.
    if ! swift build -c "$configuration" --product ProactiveFuzzer -Xswiftc -sanitize=fuzzer,address > build.log 2>&1; then
        grep -v "Cannot export local symbol" build.log | tail -40 >&2
        echo "fuzz: the fuzzer did not build (Fuzz/build.log)" >&2
        exit 1
    fi
    binary="$(swift build -c "$configuration" --show-bin-path)/ProactiveFuzzer"
fi
if [ "$target" = --build ]; then exit 0; fi

corpus="Corpus/$target"
mkdir -p "$corpus" Artifacts
cp -n "Seeds/$target"/* "$corpus/" 2>/dev/null || true
examples="$root/../shared/data/schemaorg-examples.jsonl"
if [ "$target" = markup ] && [ -f "$examples" ] && [ ! -e "$corpus/.examples-added" ]; then
    # Every snippet of schema.org's examples that holds markup, one seed file each.
    python3 - "$examples" "$corpus" <<'PY'
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
    touch "$corpus/.examples-added"
fi
dictionary=()
if [ -f "Dictionaries/$target.dict" ]; then dictionary=(-dict="Dictionaries/$target.dict"); fi

echo "fuzz: $target for ${seconds}s on $(ls "$corpus" | wc -l) corpus files" >&2
# -timeout: one input taking more than 10 s is a finding; -rss_limit_mb: more than 2 GB is a finding.
# With FUZZ_JOBS > 1 libFuzzer runs that many worker processes, each logging to Fuzz/fuzz-N.log.
parallel=()
if [ "${FUZZ_JOBS:-1}" -gt 1 ]; then parallel=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS"); fi
# LeakSanitizer per input: on for markup (it found a real cycle there); off for the targets that
# keep an engine, a server or Swift arrays in globals, whose bridged pointers LeakSanitizer
# cannot see through (every report was such a global). The soak benchmark watches memory there.
leaks=(-detect_leaks=0)
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
if [ "$target" = markup ]; then leaks=(); unset ASAN_OPTIONS; fi
# Swift's own crash backtracer would read memory AddressSanitizer guards: ASan reports instead.
export SWIFT_BACKTRACE=enable=no
limits=(-timeout=10 -rss_limit_mb=2048)
marker="$(mktemp)"
status=0
# shellcheck disable=SC2086
FUZZ_TARGET="$target" "$binary" "$corpus" "${dictionary[@]}" \
    -max_total_time="$seconds" "${limits[@]}" -max_len=65536 \
    "${parallel[@]}" "${leaks[@]}" -artifact_prefix="$fuzz/Artifacts/$target-" -print_final_stats=1 \
    ${FUZZ_FLAGS:-} || status=$?
[ "$status" -eq 0 ] && { rm -f "$marker"; exit 0; }
# A finding: each input it wrote, shown, and run again alone. A crash, a broken invariant or a
# leak fails. A timeout or memory finding that passes alone under the same limits was the machine
# stalling (libFuzzer's timeout is wall-clock; a shared CI host can pause a process for seconds):
# it is reported and does not fail the run. No input written is a failure of the run itself.
confirmed=0
found=0
while IFS= read -r -d '' artifact; do
    found=1
    echo "fuzz: $target found $artifact ($(wc -c < "$artifact") bytes):" >&2
    { head -c 2048 "$artifact" | od -A d -c | head -40; } >&2 || true
    case "$(basename "$artifact")" in
    "$target"-timeout-* | "$target"-oom-* | "$target"-slow-unit-*)
        if FUZZ_TARGET="$target" "$binary" "${limits[@]}" "${leaks[@]}" "$artifact" > /dev/null 2>&1; then
            echo "fuzz: $target: $(basename "$artifact") passes when run alone (a stalled machine), not counted" >&2
            continue
        fi
        ;;
    esac
    confirmed=1
done < <(find "$fuzz/Artifacts" -maxdepth 1 -type f -name "$target-*" -newer "$marker" -print0)
rm -f "$marker"
if [ "$found" -eq 0 ]; then
    echo "fuzz: $target exited with status $status and wrote no input" >&2
    exit 1
fi
if [ "$confirmed" -eq 1 ]; then
    echo "fuzz: $target: a finding (above), the inputs kept in Fuzz/Artifacts" >&2
    exit 1
fi
exit 0
