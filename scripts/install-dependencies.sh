#!/usr/bin/env bash
# Installs the Debian packages Proactive needs to build and run (idempotent); `--test` adds
# what the tests need (headless Chromium), `--bench` what the load benchmark needs (wrk).
set -euo pipefail
# Build and run: SQLite, zlib, libxml2, ICU, libphonenumber, libpq; Python for the benchmark baselines.
packages=(libsqlite3-dev zlib1g-dev libxml2-dev libicu-dev libphonenumber-dev libpq-dev pkg-config python3 python3-venv gzip curl)
for group in "$@"; do
  case "$group" in
    --test) packages+=(chromium chromium-driver) ;;   # the inspector's browser test
    --bench) packages+=(wrk) ;;                       # the daemon's load benchmark
    *) echo "unknown option $group (expected --test or --bench)" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "Swift 6.1 or later is required: https://www.swift.org/install/linux/" >&2
  exit 1
fi
