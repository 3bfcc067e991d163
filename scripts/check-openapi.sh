#!/usr/bin/env bash
# Validates openapi.yaml as OpenAPI 3.0 with openapi-spec-validator 0.9.0, installed on first
# use into a venv (default .build/openapi-validator; PROACTIVE_OPENAPI_VENV to choose another).
# Exits 0 when the description is valid, 1 with the validator's message when it is not, 2 when
# the validator cannot be installed. Usage: scripts/check-openapi.sh [SPEC] (default openapi.yaml)
set -euo pipefail
cd "$(dirname "$0")/.."
version=0.9.0
spec=${1:-openapi.yaml}
venv=${PROACTIVE_OPENAPI_VENV:-.build/openapi-validator}

scripts/pip-venv.sh "$venv" openapi-spec-validator "$version"

if ! output=$("$venv/bin/openapi-spec-validator" --schema 3.0 --validation-errors all "$spec" 2>&1); then
  echo "$output" >&2
  echo "check-openapi: $spec is not valid OpenAPI 3.0" >&2
  exit 1
fi
echo "$output"
