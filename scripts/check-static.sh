#!/usr/bin/env bash
# The type check and the lint, side by side: each keeps one core busy, so together they take as
# long as the longer of the two. Each one's output is printed whole, after both have finished;
# the exit status is the first failure's. Used by `npm test` and `npm run test:quick`.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

npm run --silent typecheck >"$logs/typecheck.log" 2>&1 &
typecheck_pid=$!
lint_rc=0
npm run --silent lint >"$logs/lint.log" 2>&1 || lint_rc=$?
typecheck_rc=0
wait "$typecheck_pid" || typecheck_rc=$?

echo "-- typecheck"
cat "$logs/typecheck.log"
echo "-- lint"
cat "$logs/lint.log"
[ "$typecheck_rc" = 0 ] || { echo "The type check failed (above)." >&2; exit "$typecheck_rc"; }
[ "$lint_rc" = 0 ] || { echo "The lint failed (above)." >&2; exit "$lint_rc"; }
