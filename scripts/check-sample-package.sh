#!/usr/bin/env bash
# Does what a new user does: a fresh package depending on this one (by path), whose
# main.swift is the `Proactive` DocC landing page's sample and the "Donating activities and
# items" article's samples, copied from the catalog; builds it and runs it. Fails when a
# sample no longer compiles or throws. Not part of CI, where the DocumentationSampleTests suites
# run every sample verbatim without building every dependency a second time: run it after a
# change of the library products. Usage: scripts/check-sample-package.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
identity=$(basename "$repo" | tr '[:upper:]' '[:lower:]')
work=$(mktemp -d /tmp/proactive-sample.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/Sample"
cat >"$work/Package.swift" <<PACKAGE
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Sample",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "$repo")],
    targets: [
        .executableTarget(
            name: "Sample",
            dependencies: [
                .product(name: "Proactive", package: "$identity"),
                .product(name: "ProactiveModel", package: "$identity"),
                .product(name: "ProactiveSQLite", package: "$identity"),
            ])
    ]
)
PACKAGE
python3 - "$work/Sources/Sample/main.swift" \
  Sources/Proactive/Proactive.docc/Proactive.md \
  Sources/Proactive/Proactive.docc/DonatingActivitiesAndItems.md <<'PY'
import re, sys
out, pages = sys.argv[1], sys.argv[2:]
imports = {"import Foundation"}
functions = []
for page in pages:
    text = open(page).read()
    body = []
    # The samples of one page run in order in one function (a later one may use an earlier
    # one's values, as the page reads), on their own store.
    for block in re.findall(r"```swift\n(.*?)```", text, re.S):
        for line in block.splitlines():
            if line.startswith("import "):
                imports.add(line.strip())
            else:
                body.append(line)
    n = len(functions)
    functions.append(
        f"func sample{n}() throws {{\n"
        f"    let storePath = NSTemporaryDirectory() + \"/proactive-sample-\\(UUID()).sqlite\"\n"
        f"    _ = storePath\n"
        f"    defer {{ for suffix in [\"\", \"-wal\", \"-shm\"] {{ try? FileManager.default.removeItem(atPath: storePath + suffix) }} }}\n"
        + "".join(f"    {line}\n" if line else "\n" for line in body)
        + "}\n")
if len(functions) < 2:
    sys.exit("check-sample-package: found fewer samples than expected")
with open(out, "w") as f:
    f.write("\n".join(sorted(imports)) + "\n\n" + "\n".join(functions) + "\n")
    f.write("".join(f"try sample{i}()\n" for i in range(len(functions))))
PY
echo "check-sample-package: building a fresh package depending on $repo" >&2
start=$SECONDS
swift build --package-path "$work" >"$work/build.log" 2>&1 || {
  cat "$work/build.log" >&2
  echo "--- main.swift:" >&2
  cat -n "$work/Sources/Sample/main.swift" >&2
  echo "check-sample-package: the documented samples do not build in a new package" >&2
  exit 1
}
"$work/.build/debug/Sample"
echo "check-sample-package: the samples build and run in a new package ($((SECONDS - start)) s)" >&2
