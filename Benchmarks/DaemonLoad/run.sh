#!/usr/bin/env bash
# The daemon under load (wrk), and memory over a soak: see docs/benchmarks.md.
#   Benchmarks/DaemonLoad/run.sh [seconds per run, default 30] [soak seconds, default 300]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/Benchmarks/DaemonLoad"
duration="${1:-30}"
soak="${2:-300}"
"$root/scripts/install-dependencies.sh" --bench
(cd "$root" && swift build -c release --product proactive >&2)
bin="$root/.build/release/proactive"
work="$(mktemp -d)"
pid=""
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
store="$work/store.sqlite"
export PROACTIVE_STORE="$store"

# A store with 10,000 places and two weeks of usage (launches, headphones, a radio, messages).
python3 "$here/seed.py" > "$work/seed.ndjson"
"$bin" donate "$work/seed.ndjson" >/dev/null
system=$("$bin" token create --system)
app=$("$bin" token create --app com.example.load)

start() {
  "$bin" serve --port 0 --log-level warning "$@" > "$work/serve.out" &
  pid=$!
  until grep -q listening "$work/serve.out"; do sleep 0.2; done
  url=$(sed -n 's/.*\(http:[^ ]*\)\/$/\1/p' "$work/serve.out" | head -1)
  echo "daemon $url (pid $pid, $*), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
}
stop() { kill "$pid"; wait "$pid" || true; }
rss() { awk '/VmRSS/ {print $2}' "/proc/$pid/status"; }

# Every surface, as the shell asks them.
surfaces="$here/surfaces.txt"

run() { echo; echo "## $1"; shift; "$@"; }
start
run "suggestions, every surface, lists reused while nothing changes (default; wrk -t2 -c32)" \
  env TOKEN="$system" PATHS_FILE="$surfaces" wrk -t2 -c32 -d"${duration}s" --latency -s "$here/rotate.lua" "$url"
stop
start --suggestion-reuse 0
run "suggestions, every surface, every list computed (--suggestion-reuse 0; wrk -t2 -c32)" \
  env TOKEN="$system" PATHS_FILE="$surfaces" wrk -t2 -c32 -d"${duration}s" --latency -s "$here/rotate.lua" "$url"
stop
start
run "donations, one document per request (wrk -t2 -c32)" \
  env TOKEN="$app" BATCH=1 wrk -t2 -c32 -d"${duration}s" --latency -s "$here/donate.lua" "$url"
run "donations, 100 documents per NDJSON request (wrk -t2 -c4)" \
  env TOKEN="$app" BATCH=100 wrk -t2 -c4 -d"${duration}s" --latency -s "$here/donate.lua" "$url"

echo; echo "## soak: ${soak}s of suggestions and donations together; RSS (kB) every 30 s"
echo "start: $(rss)"
env TOKEN="$system" PATHS_FILE="$surfaces" wrk -t1 -c8 -d"${soak}s" -s "$here/rotate.lua" "$url" > "$work/soak1.out" &
w1=$!
env TOKEN="$app" BATCH=10 wrk -t1 -c2 -d"${soak}s" -s "$here/donate.lua" "$url" > "$work/soak2.out" &
w2=$!
for ((t = 30; t <= soak; t += 30)); do sleep 30; echo "${t}s: $(rss)"; done
wait $w1 $w2
grep -h "Requests/sec" "$work/soak1.out" "$work/soak2.out" | sed 's/^/soak /'
echo "end: $(rss)"
