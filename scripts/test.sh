#!/usr/bin/env bash
# `npm test`: type check, lint, unit + integration tests (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set), a production build with its JavaScript budget and Lighthouse audit,
# and the Chromium end-to-end tests. It ends with the 15 slowest test files and keeps every file's
# time in test-results/timings.json (scripts/test-summary.mjs, decision 0069).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Chromium is missing: installing Debian's chromium package…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The end-to-end tests need Chromium at /usr/bin/chromium." >&2
    echo "Install it with: sudo apt-get install chromium   (then run npm test again)" >&2
    exit 1
  fi
fi

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

echo "== typecheck and lint"; bash scripts/check-static.sh
echo "== unit and integration tests (${TEST_DATABASE_URL:+PostgreSQL and }PGlite)"
unit_rc=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json" || unit_rc=$?
echo "== build"; npx vite build --logLevel warn
echo "== home page JavaScript budget"
budget_rc=0
npm run --silent budget || budget_rc=$?
# The Lighthouse audit runs beside the end-to-end tests (decision 0078): both spend much of their
# time waiting on a browser or a server starting, so together they take little longer than the
# e2e run alone. Accessibility 100, best practices 95, SEO 95 and layout shift at most 0.1 fail
# the run. The performance score is reported but does not: it measures the machine as much as the
# page, and the same build scored 98-100 on one CI machine and 73-94 on another (decision 0062);
# `npm run audit` on its own, on a quiet machine, still fails below performance 95. One run a
# page: the median of several steadies only the performance score.
echo "== Lighthouse audit (beside the end-to-end tests; its report follows them)"
AUDIT_ADVISORY=performance AUDIT_RUNS=1 npm run --silent audit >"$results/audit.log" 2>&1 &
audit_pid=$!
# After the unit and integration tests, not beside them: side by side the run was 14.2 minutes
# instead of 15.6, but the crash suite took three times as long and every limit came closer
# (decision 0075).
echo "== end-to-end tests (Chromium)"
e2e_rc=0
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json || e2e_rc=$?
audit_rc=0
wait "$audit_pid" || audit_rc=$?
echo "== Lighthouse audit"
cat "$results/audit.log"

node scripts/test-summary.mjs "$results/vitest.json" "$results/playwright.json"
[ "$budget_rc" = 0 ] || echo "The home page's JavaScript is over budget (see \"== home page JavaScript budget\" above)." >&2
[ "$audit_rc" = 0 ] || echo "Lighthouse scores are below the thresholds (see bench/results/lighthouse.md)." >&2
[ "$unit_rc" = 0 ] && [ "$e2e_rc" = 0 ] && [ "$budget_rc" = 0 ] && [ "$audit_rc" = 0 ]
