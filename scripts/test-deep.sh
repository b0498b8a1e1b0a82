#!/usr/bin/env bash
# `npm run test:deep`: what finds rare faults by volume, where `npm test` keeps one round of each
# kind (decision 0098). Every Vitest file at TEST_DEPTH=deep: 2,000 fuzz requests an operation,
# every crash suite at full count, and every integration file on both PGlite and PostgreSQL;
# every browser test (the journeys npm test leaves out, both walks on the phone, the whole booking
# journey on PostgreSQL too, decision 0097); then the production build's Lighthouse audit with its
# performance score, on a quiet machine.
# Run it before resolving anything that touches money, state or the HTTP surface.
set -euo pipefail
cd "$(dirname "$0")/.."

# Both databases or it is not the deep run: PostgreSQL from TEST_DATABASE_URL, else the local one.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  local_url=postgres://postgres@127.0.0.1:5432/postgres
  if command -v pg_isready >/dev/null && pg_isready -q -d "$local_url" 2>/dev/null; then
    export TEST_DATABASE_URL=$local_url
  else
    echo "npm run test:deep runs every integration file on PostgreSQL as well as PGlite," >&2
    echo "and found none: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)." >&2
    exit 1
  fi
fi
if [ ! -x "${CHROME_PATH:-/usr/bin/chromium}" ]; then
  echo "The browser tests and the Lighthouse audit need Chromium at /usr/bin/chromium (or set CHROME_PATH)." >&2
  exit 1
fi

started=$EPOCHREALTIME
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.0f s", b - a }'; }

echo "== every Vitest file, deep: fuzzing, crash rounds, PGlite and PostgreSQL"
vitest_rc=0
vitest_started=$EPOCHREALTIME
TEST_DEPTH=deep npx vitest run || vitest_rc=$?
vitest_time=$(since "$vitest_started")

echo "== build"
npx vite build --logLevel warn
echo "== every browser test (Chromium), PGlite and PostgreSQL"
e2e_rc=0
e2e_started=$EPOCHREALTIME
TEST_DEPTH=deep npx playwright test || e2e_rc=$?
e2e_time=$(since "$e2e_started")
echo "== Lighthouse audit, performance included"
audit_rc=0
audit_started=$EPOCHREALTIME
npm run --silent audit || audit_rc=$?
audit_time=$(since "$audit_started")

echo
echo "test:deep took $(since "$started"): Vitest $vitest_time, browser $e2e_time, Lighthouse $audit_time."
[ "$vitest_rc" = 0 ] || echo "Vitest failed (above)." >&2
[ "$e2e_rc" = 0 ] || echo "The browser tests failed (above)." >&2
[ "$audit_rc" = 0 ] || echo "Lighthouse scores are below the thresholds (see bench/results/lighthouse.md)." >&2
[ "$vitest_rc" = 0 ] && [ "$e2e_rc" = 0 ] && [ "$audit_rc" = 0 ]
