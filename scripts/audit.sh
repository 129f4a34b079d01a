#!/usr/bin/env bash
# `npm audit --omit=dev`, failing on any high or critical finding in what the app ships (issue 18). Some registries
# and mirrors refuse npm's advisory endpoint: that is reported and does not fail, since it says nothing either way.
set -uo pipefail
report="$(npm audit --omit=dev --audit-level=high --json 2>/dev/null)"
status=$?
if [ $status -eq 0 ]; then
  echo "npm audit --omit=dev: no high or critical finding"
  exit 0
fi
if printf '%s' "$report" | grep -q '"vulnerabilities"'; then
  printf '%s\n' "$report"
  echo "npm audit --omit=dev: high or critical findings (above)" >&2
  exit 1
fi
echo "npm audit --omit=dev: the registry's advisory endpoint did not answer ($(printf '%s' "$report" | grep -m1 -o '"message": "[^"]*"')); not checked"
