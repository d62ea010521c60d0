#!/usr/bin/env bash
# The one test command (`npm test`): installs what is missing, builds, then runs
#   1. Vitest, every project, on the embedded PGlite database
#   2. Vitest's api project on PostgreSQL            (when TEST_DATABASE_URL is set)
#   3. Playwright journeys on the built server, PGlite
#   4. Playwright journeys on the built server, PostgreSQL (when TEST_DATABASE_URL is set)
# and ends with one line: `N passed, N failed, N skipped`. Exits non-zero when anything failed.
set -uo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT="$ROOT/.test-output"
mkdir -p "$OUT"
rm -rf "$OUT"/*.json "$OUT"/*-artifacts "$OUT"/*-server.log

# Playwright drives Debian's chromium; it must never fetch a browser of its own.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

RUNS=()                   # label=report.json:exit-code, read by scripts/sum-results.mjs
record() { RUNS+=("$1=$2:$3"); }

# --- install what is missing -------------------------------------------------------------------
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "npm ci (node_modules missing or older than package-lock.json)"
  if ! npm ci --no-audit --no-fund; then
    echo "npm ci failed"
    echo "0 passed, 1 failed"
    exit 1
  fi
fi

if [ ! -x "$CHROMIUM_PATH" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    step "installing Debian's chromium"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y chromium </dev/null || { apt-get update </dev/null && apt-get install -y chromium </dev/null; }
  fi
  if [ ! -x "$CHROMIUM_PATH" ]; then
    echo "Chromium is missing at $CHROMIUM_PATH: the browser journeys will fail." >&2
    echo "Install it with \`sudo apt-get install -y chromium\` (Debian/Ubuntu) or set CHROMIUM_PATH." >&2
  fi
fi

# --- build -----------------------------------------------------------------------------------
step "build (web, then api)"
npm run build
BUILD_CODE=$?
if [ $BUILD_CODE -ne 0 ]; then
  echo "The build failed: the browser journeys are not run." >&2
  record "build" "" "$BUILD_CODE"
fi

# --- 1. Vitest on PGlite ---------------------------------------------------------------------
step "Vitest, all projects, on PGlite"
# One worker count for every project: Vitest 4 refuses projects whose maxWorkers differ within one
# sequence group, and two workers suit the two cores this runs on.
env -u TEST_DATABASE_URL npx vitest run --maxWorkers=2 \
  --reporter=default --reporter=json --outputFile.json="$OUT/vitest-pglite.json"
record "vitest (PGlite)" "$OUT/vitest-pglite.json" $?

# --- 2. Vitest api project on PostgreSQL -----------------------------------------------------
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Vitest, api project, on PostgreSQL"
  # Each test file creates and drops its own database on that server.
  npx vitest run --project api --maxWorkers=2 \
    --reporter=default --reporter=json --outputFile.json="$OUT/vitest-postgres.json"
  record "vitest api (PostgreSQL)" "$OUT/vitest-postgres.json" $?
fi

# --- 3 and 4. Playwright on the built server -------------------------------------------------
E2E_DB_NAME=""
drop_e2e_db() {
  if [ -n "$E2E_DB_NAME" ]; then
    node scripts/pg-database.mjs drop "$TEST_DATABASE_URL" "$E2E_DB_NAME" || true
    E2E_DB_NAME=""
  fi
}
trap drop_e2e_db EXIT
trap 'drop_e2e_db; exit 130' INT TERM

if [ $BUILD_CODE -eq 0 ]; then
  step "Playwright journeys on PGlite"
  env -u DATABASE_URL -u E2E_DATABASE_URL -u E2E_BASE_URL E2E_REPORT_NAME=playwright-pglite \
    npx playwright test -c e2e/playwright.config.ts
  record "playwright (PGlite)" "$OUT/playwright-pglite.json" $?

  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    step "Playwright journeys on PostgreSQL"
    E2E_DB_NAME="e2e_$(node -e "process.stdout.write(require('crypto').randomBytes(5).toString('hex'))")"
    if E2E_DB_URL=$(node scripts/pg-database.mjs create "$TEST_DATABASE_URL" "$E2E_DB_NAME"); then
      env -u DATABASE_URL -u E2E_BASE_URL E2E_DATABASE_URL="$E2E_DB_URL" E2E_REPORT_NAME=playwright-postgres \
        npx playwright test -c e2e/playwright.config.ts
      record "playwright (PostgreSQL)" "$OUT/playwright-postgres.json" $?
    else
      E2E_DB_NAME=""
      record "playwright (PostgreSQL)" "" 1
    fi
    drop_e2e_db
  fi
fi

# --- sum ---------------------------------------------------------------------------------------
node scripts/sum-results.mjs "${RUNS[@]}"
