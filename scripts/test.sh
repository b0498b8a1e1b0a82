#!/usr/bin/env bash
# `npm test`: type check and lint, unit and integration tests (PGlite, or PostgreSQL when
# TEST_DATABASE_URL is set), a production build with its JavaScript budget, and the Chromium
# browser tests. Each layer is timed; the run ends with every layer's time against its budget
# (scripts/test-budget.json), the ten costliest test files, and every file's time in
# test-results/timings.json (scripts/test-summary.mjs, decisions 0069 and 0098).
#
# What finds rare faults by volume (2,000 fuzz requests an operation, every crash round, both
# databases for every integration file, Lighthouse's performance score) is `npm run test:deep`;
# this run keeps one round of each kind.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Chromium is missing: installing Debian's chromium package…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Chromium at /usr/bin/chromium." >&2
    echo "Install it with: sudo apt-get install chromium   (then run npm test again)" >&2
    exit 1
  fi
fi

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

# Seconds each layer took, by the ids of scripts/test-budget.json; .ci/run hands over its install's.
layers=()
[ -n "${TEST_INSTALL_SECONDS:-}" ] && layers+=("\"install\": $TEST_INSTALL_SECONDS")
started=$EPOCHREALTIME
took() {
  local now=$EPOCHREALTIME
  layers+=("\"$1\": $(awk -v a="$started" -v b="$now" 'BEGIN { printf "%.1f", b - a }')")
  started=$now
}

echo "== typecheck and lint"
bash scripts/check-static.sh
took static

database=PGlite
[ -n "${TEST_DATABASE_URL:-}" ] && database=PostgreSQL
echo "== unit and integration tests (integration on $database)"
unit_rc=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json" || unit_rc=$?
took vitest

echo "== build"
npx vite build --logLevel warn
echo "== home page JavaScript budget"
budget_rc=0
npm run --silent budget || budget_rc=$?
took build

echo "== browser tests (Chromium)"
e2e_rc=0
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json || e2e_rc=$?
took browser

(IFS=,; printf '{%s}\n' "${layers[*]}") >"$results/layers.json"
TEST_LAYERS_FILE="$results/layers.json" node scripts/test-summary.mjs "$results/vitest.json" "$results/playwright.json"
[ "$budget_rc" = 0 ] || echo "The home page's JavaScript is over budget (see \"== home page JavaScript budget\" above)." >&2
[ "$unit_rc" = 0 ] && [ "$e2e_rc" = 0 ] && [ "$budget_rc" = 0 ]
