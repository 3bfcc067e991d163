#!/usr/bin/env bash
# A bounded soak of the daemon under mixed load, sampled every 10 s: see docs/reliability.md.
#   Benchmarks/Soak/run.sh [seconds, default 600] [warm-up seconds, default 60]
# Load on loopback, all at once for the whole run: suggestions over every surface (wrk, in 10 s
# slices: one p50/p99 per sample), donations (10 documents per request), searches, and live
# subscribers connecting, subscribing and leaving. Every 10 s: the daemon's RSS, open file
# descriptors, WAL size and the slice's latency. At the end: errors, and whether RSS stayed
# within 10 % of its level after the warm-up (exit 1 if not, or on any error).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/Benchmarks/Soak"
load="$root/Benchmarks/DaemonLoad"
# Every surface, as the shell asks them (the load benchmark's list).
surfaces="$load/surfaces.txt"
seconds="${1:-600}"
warmup="${2:-60}"
"$root/scripts/install-dependencies.sh" --bench >&2
(cd "$root" && swift build -c release --product proactive >&2)
bin="$root/.build/release/proactive"
work="$(mktemp -d)"
pid=""
loads=()
trap 'kill "$pid" ${loads[*]:-} 2>/dev/null || true; rm -rf "$work"' EXIT
store="$work/store.sqlite"
export PROACTIVE_STORE="$store"

python3 "$load/seed.py" > "$work/seed.ndjson"
"$bin" donate "$work/seed.ndjson" > /dev/null
system=$("$bin" token create --system)
app=$("$bin" token create --app com.example.load)
SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=yes,interactive=no}" "$bin" serve --port 0 --log-level warning > "$work/serve.out" 2> "$work/serve.err" &
pid=$!
until grep -q listening "$work/serve.out"; do sleep 0.2; done
url=$(sed -n 's/.*\(http:[^ ]*\)\/$/\1/p' "$work/serve.out" | head -1)
echo "daemon $url (pid $pid), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ), ${seconds}s, warm-up ${warmup}s"

cat > "$work/searches.txt" <<PATHS
/v1/search?q=load&limit=20
/v1/search?q=place%201&limit=20
/v1/search?q=caf&limit=5
/v1/search?q=document&limit=50
PATHS

env TOKEN="$app" BATCH=10 ID_SPACE=20000 wrk -t1 -c2 -d"${seconds}s" -s "$load/donate.lua" "$url" > "$work/donate.out" &
loads=($!)
env TOKEN="$app" PATHS_FILE="$work/searches.txt" wrk -t1 -c2 -d"${seconds}s" -s "$load/rotate.lua" "$url" \
  > "$work/search.out" &
loads+=($!)
python3 "$here/live_churn.py" "$url" "$system" "$seconds" 4 > "$work/live.out" 2>&1 &
loads+=($!)

ms() { awk '{v=$1; if (v ~ /us$/) {sub(/us$/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms$/,"",v)} else if (v ~ /s$/) {sub(/s$/,"",v); v*=1000}; printf "%.2f", v}'; }
echo "t_s,rss_kb,anon_kb,threads,fds,wal_bytes,suggest_req_s,p50_ms,p99_ms,errors"
errors_total=0
samples="$work/samples.csv"
: > "$samples"
for ((t = 10; t <= seconds; t += 10)); do
  env TOKEN="$system" PATHS_FILE="$surfaces" wrk -t1 -c4 -d10s --latency -s "$load/rotate.lua" "$url" \
    > "$work/slice.out" 2>&1 || true
  if ! kill -0 "$pid" 2>/dev/null; then
    # A daemon that died is the soak's worst finding: say so with what it printed (Swift's
    # backtrace, when it trapped or crashed), before the work directory goes.
    wait "$pid" && status=0 || status=$?
    echo "soak: FAIL: the daemon died at about ${t}s (exit status $status); its log ends:"
    tail -60 "$work/serve.err"
    exit 1
  fi
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  # The heap's share of RSS (the rest maps the binary, libraries and shared memory).
  anon=$(awk '/^Anonymous:/ {print $2}' "/proc/$pid/smaps_rollup")
  threads=$(awk '/^Threads:/ {print $2}' "/proc/$pid/status")
  fds=$(ls "/proc/$pid/fd" | wc -l)
  wal=$(stat -c %s "$store-wal" 2>/dev/null || echo 0)
  rps=$(awk '/Requests\/sec/ {print $2}' "$work/slice.out")
  p50=$(awk '$1 == "50%" {print $2}' "$work/slice.out" | ms)
  p99=$(awk '$1 == "99%" {print $2}' "$work/slice.out" | ms)
  errs=$(awk '/Non-2xx|Socket errors/ {n += 1} END {print n + 0}' "$work/slice.out")
  errors_total=$((errors_total + errs))
  echo "$t,$rss,$anon,$threads,$fds,$wal,$rps,$p50,$p99,$errs" | tee -a "$samples"
done
wait "${loads[@]}" 2>/dev/null || true
echo
grep -h "Requests/sec\|Non-2xx\|Socket errors" "$work/donate.out" | sed 's/^/donations: /' || true
grep -h "Requests/sec\|Non-2xx\|Socket errors" "$work/search.out" | sed 's/^/searches: /' || true
cat "$work/live.out"
{ grep -c . "$work/serve.err" || true; } | sed 's/^/daemon log lines at warning or above: /'
python3 - "$samples" "$warmup" "$errors_total" "$work/donate.out" "$work/search.out" "$work/live.out" <<'PY'
import sys, re
samples = [list(map(float, l.split(","))) for l in open(sys.argv[1]) if l.strip()]
warmup = float(sys.argv[2])
errors = int(sys.argv[3])
for path in sys.argv[4:6]:
    text = open(path).read()
    if "Non-2xx" in text or "Socket errors" in text:
        errors += 1
        print("errors in", path)
live = open(sys.argv[6]).read()
failed = int(re.search(r"(\d+) failed", live).group(1)) if re.search(r"(\d+) failed", live) else 1
errors += failed
after = [s for s in samples if s[0] >= warmup]
base = after[0][1]
peak = max(s[1] for s in after)
end = after[-1][1]
end_anon = after[-1][2]
fds = [s[4] for s in after]
p99 = sorted(s[8] for s in after)
print(f"RSS after warm-up {base:.0f} kB, peak {peak:.0f} kB, end {end:.0f} kB: end/after-warm-up {end / base:.3f}")
print(f"open descriptors after warm-up {fds[0]:.0f}, max {max(fds):.0f}, end {fds[-1]:.0f}")
print(f"heap (anonymous) after warm-up {after[0][2]:.0f} kB, end {end_anon:.0f} kB")
print(f"threads after warm-up {after[0][3]:.0f}, max {max(s[3] for s in after):.0f}, end {after[-1][3]:.0f}")
print(f"WAL size max {max(s[5] for s in samples):.0f} bytes, end {samples[-1][5]:.0f}")
print(f"suggestions p99 per 10 s: median {p99[len(p99) // 2]:.2f} ms, worst {p99[-1]:.2f} ms")
ok = errors == 0 and end <= base * 1.10 and fds[-1] <= fds[0] + 8
print("soak:", "PASS" if ok else "FAIL", f"({errors} errors)")
sys.exit(0 if ok else 1)
PY
