#!/usr/bin/env bash
# Makes sure the venv VENV holds PACKAGE at exactly VERSION (from PyPI), creating it anew
# otherwise; quiet when it succeeds. Exits 2, with pip's output, when it cannot.
# Usage: scripts/pip-venv.sh VENV PACKAGE VERSION   (used by the check-*.sh scripts)
set -euo pipefail
venv=$1 package=$2 version=$3
installed=$("$venv/bin/python" -c "import importlib.metadata as m; print(m.version('$package'))" 2>/dev/null || true)
[ "$installed" = "$version" ] && exit 0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
if ! { python3 -m venv "$venv" &&
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$package==$version"; } >"$log" 2>&1
then
  cat "$log" >&2
  echo "could not install $package $version into $venv" >&2
  exit 2
fi
