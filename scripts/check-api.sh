#!/usr/bin/env bash
# The public API guard: the public symbols of each library product, with their declarations,
# compared with the baseline checked in under api/ (one sorted text file per module). A public
# change must be deliberate: when it is, run `scripts/check-api.sh --update` and commit api/.
# Exits 1 with the difference when the API changed without the baseline.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(Proactive ProactiveModel ProactiveMarkup ProactiveStorage ProactiveSQLite ProactivePostgres ProactiveServer ProactiveTesting ProactiveClient ProactiveHandoff ProactiveRelay)
update=false
[ "${1:-}" = "--update" ] && update=true

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The same compiler flags as the test build (scripts/test.sh), so nothing is rebuilt.
if ! swift package -Xswiftc -warnings-as-errors dump-symbol-graph --minimum-access-level public --skip-inherited-docs >"$log" 2>&1; then
  cat "$log" >&2
  echo "check-api: dump-symbol-graph failed" >&2
  exit 1
fi
graphs=$(grep -o '/[^ ]*symbolgraph' "$log" | tail -n 1)
[ -d "$graphs" ] || {
  cat "$log" >&2
  echo "check-api: no symbol graphs found" >&2
  exit 1
}
current=$(mktemp -d)
trap 'rm -f "$log"; rm -rf "$current"' EXIT
python3 - "$graphs" "$current" "${modules[@]}" <<'PY'
import json, os, sys
graphs, out, modules = sys.argv[1], sys.argv[2], sys.argv[3:]
for module in modules:
    lines = set()
    for name in os.listdir(graphs):
        # The module's own graph and its extensions of other modules' types.
        if name != f"{module}.symbols.json" and not name.startswith(f"{module}@"):
            continue
        graph = json.load(open(os.path.join(graphs, name)))
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            path = ".".join(symbol.get("pathComponents", []))
            declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            declaration = " ".join(declaration.split())
            lines.add(f"{symbol['kind']['identifier']} {path}: {declaration}")
        for relation in graph.get("relationships", []):
            if relation.get("kind") == "conformsTo":
                source = relation["source"]
                target = relation.get("targetFallback") or relation["target"]
                names = {s["identifier"]["precise"]: ".".join(s.get("pathComponents", [])) for s in graph["symbols"]}
                if source in names:
                    lines.add(f"conformance {names[source]}: {target}")
    with open(os.path.join(out, f"{module}.txt"), "w") as f:
        f.write("".join(line + "\n" for line in sorted(lines)))
PY
if $update; then
  mkdir -p api
  cp "$current"/*.txt api/
  echo "check-api: api/ updated ($(cat api/*.txt | wc -l) public declarations); review and commit it" >&2
  exit 0
fi
changed=0
for module in "${modules[@]}"; do
  if ! diff -u "api/$module.txt" "$current/$module.txt" >"$current/$module.diff" 2>&1; then
    changed=1
    cat "$current/$module.diff"
  fi
done
if [ "$changed" = 1 ]; then
  echo "check-api: the public API differs from api/ (above: - baseline, + now). If the change is deliberate, run scripts/check-api.sh --update and commit api/." >&2
  exit 1
fi
echo "check-api: the public API matches api/ ($(cat api/*.txt | wc -l) declarations)" >&2
