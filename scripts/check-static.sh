#!/usr/bin/env bash
# The type check and the lint, side by side: each keeps one core busy, so together they take as
# long as the longer of the two. Each one's output is printed whole, after both have finished;
# the exit status is the first failure's. Used by `npm test` and, with --quick, `npm run test:quick`.
#
# The type check is incremental and Prettier and dependency-cruiser keep caches in
# node_modules/.cache: each redoes only what changed, and gives the same answer as a full run.
# --quick also lints only the files changed since the last lint (ESLint's cache). That one can
# miss a finding a type change in another file causes, so `npm test` (and CI) lint everything.
set -uo pipefail
cd "$(dirname "$0")/.."

# `check-static.sh typecheck` and `check-static.sh lint` run one of the two (npm run typecheck, npm
# run lint); with no argument or with --quick, both.
quick=false
only=""
case "${1:-}" in
  --quick) quick=true ;;
  typecheck | lint) only=$1 ;;
  "") ;;
  *) echo "usage: check-static.sh [--quick | typecheck | lint]" >&2; exit 2 ;;
esac
cache=node_modules/.cache
mkdir -p "$cache"

typecheck() {
  npx tsc --noEmit --incremental --tsBuildInfoFile "$cache/tsc-app.tsbuildinfo" -p tsconfig.json &&
    npx tsc --noEmit --incremental --tsBuildInfoFile "$cache/tsc-sw.tsbuildinfo" -p tsconfig.sw.json
}

lint() {
  local eslint_cache=()
  $quick && eslint_cache=(--cache --cache-strategy content --cache-location "$cache/eslint/")
  npx eslint . "${eslint_cache[@]}" &&
    npx depcruise src bench scripts --config .dependency-cruiser.mjs -T err-long \
      --cache "$cache/dependency-cruiser" &&
    npx prettier --check . --cache --cache-location "$cache/prettier/.prettier-cache" &&
    npx tsx scripts/check-citations.ts
}

if [ -n "$only" ]; then
  "$only"
  exit
fi

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

typecheck >"$logs/typecheck.log" 2>&1 &
typecheck_pid=$!
lint_rc=0
lint >"$logs/lint.log" 2>&1 || lint_rc=$?
typecheck_rc=0
wait "$typecheck_pid" || typecheck_rc=$?

echo "-- typecheck"
cat "$logs/typecheck.log"
echo "-- lint"
cat "$logs/lint.log"
[ "$typecheck_rc" = 0 ] || { echo "The type check failed (above)." >&2; exit "$typecheck_rc"; }
[ "$lint_rc" = 0 ] || { echo "The lint failed (above)." >&2; exit "$lint_rc"; }
