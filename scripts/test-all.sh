#!/usr/bin/env bash
# The one test command (`npm test`): installs what is missing, builds, then runs
#   1. Vitest, every project, on the embedded PGlite database
#   2. Vitest's api project on PostgreSQL            (when TEST_DATABASE_URL is set)
#   3. Playwright journeys on the built server, PGlite
#   4. Playwright journeys on the built server, PostgreSQL (when TEST_DATABASE_URL is set)
#   and the OpenAPI document's lint (npm run lint:openapi) before 1.
# (3 and 4 run in the background, side by side with 1 and 2.)
# and ends with one line: `N passed, N failed, N skipped`. Exits non-zero when anything failed.
set -uo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT="$ROOT/.test-output"
mkdir -p "$OUT"
rm -rf "$OUT"/*.json "$OUT"/*-artifacts "$OUT"/*-server.log "$OUT"/*.code "$OUT"/playwright-*.log "$OUT"/vitest-*.log

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

# --- 3 and 4. Playwright on the built server, in the background ----------------------------------
# The journeys keep about half a core busy (a browser and a server waiting on each other), so both
# passes run side by side, and beside the Vitest runs below: the whole takes the time of its longest
# part rather than the sum (29 -> ~20 minutes on two cores). Each pass has its own server, port, data
# directory and report; its output is shown when it ends.
E2E_DB_NAME=""
drop_e2e_db() {
  if [ -n "$E2E_DB_NAME" ]; then
    node scripts/pg-database.mjs drop "$TEST_DATABASE_URL" "$E2E_DB_NAME" || true
    E2E_DB_NAME=""
  fi
}
PW_PIDS=()
stop_journeys() {
  for pid in "${PW_PIDS[@]}"; do kill -- -"$pid" 2>/dev/null || true; done
}
trap 'drop_e2e_db' EXIT
trap 'stop_journeys; drop_e2e_db; exit 130' INT TERM

# Runs one pass in its own process group; its exit code goes to $OUT/<name>.code.
journeys() {
  local name=$1
  shift
  set -m
  ( env -u DATABASE_URL -u E2E_BASE_URL "$@" E2E_REPORT_NAME="$name" \
      npx playwright test -c e2e/playwright.config.ts >"$OUT/$name.log" 2>&1
    echo $? >"$OUT/$name.code" ) &
  PW_PIDS+=($!)
  set +m
}

if [ $BUILD_CODE -eq 0 ]; then
  step "Playwright journeys on PGlite and on PostgreSQL: started in the background"
  journeys playwright-pglite env -u E2E_DATABASE_URL
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    E2E_DB_NAME="e2e_$(node -e "process.stdout.write(require('crypto').randomBytes(5).toString('hex'))")"
    if E2E_DB_URL=$(node scripts/pg-database.mjs create "$TEST_DATABASE_URL" "$E2E_DB_NAME"); then
      journeys playwright-postgres E2E_DATABASE_URL="$E2E_DB_URL"
    else
      E2E_DB_NAME=""
      record "playwright (PostgreSQL)" "" 1
    fi
  fi
fi

# --- The OpenAPI contract -----------------------------------------------------------------------
# Any Redocly (recommended) or Spectral (spectral:oas) error or warning in the document the app
# serves, or committed client types that differ from it, fails here (decision 037).
step "OpenAPI document: Redocly and Spectral lint, generated client types current"
npm run lint:openapi -w @app/api -- --report "$OUT/openapi-lint.json"
record "openapi lint" "$OUT/openapi-lint.json" $?

# --- 1. Vitest on PGlite ---------------------------------------------------------------------
step "Vitest, all projects, on PGlite"
# One worker count for every project: Vitest 4 refuses projects whose maxWorkers differ within one
# sequence group, and two workers suit the two cores this runs on.
# PGlite in WebAssembly can fail inside a statement, more often on a loaded machine
# (electric-sql/pglite#1058: a trap such as "null function or function signature mismatch", or a
# busy loop no JavaScript timeout can interrupt; docs/operations.md). A failed engine refuses every later
# statement at once (apps/api/src/db/pglite-guard.ts); a worker stuck in a loop is ended by its own
# watchdog after 90 s (apps/api/src/lib/event-loop-watchdog.ts). Both messages end with "It was
# running test file <path>": those files are run again on their own, up to three times (each time
# only those that failed that way again), and their results replace the failed ones in the report (a
# whole second pass cost 15-25 minutes on a loaded CI machine). A run whose stalled file is not
# named is run again whole, once. A run that has not ended after 75 minutes is stopped and counted
# as failed, not run again: it took 36-50 minutes beside the journeys (2026-11-29), and CI stops
# everything at 90.
vitest_pglite() {
  timeout -k 10 4500 env -u TEST_DATABASE_URL npx vitest run --maxWorkers=2 \
    --reporter=default --reporter=json --outputFile.json="$OUT/vitest-pglite$1.json" "${@:2}" 2>&1 |
    tee "$OUT/vitest-pglite$1.log"
}
# The test files a log names as failed by the embedded database itself.
engine_failed_files() {
  grep -oE "It was running test file [^ ]+[.]test[.]tsx?" "$1" | sed 's/^It was running test file //' | sort -u
}
vitest_pglite ""
CODE=$?
STALLED=()
[ $CODE -ne 0 ] && mapfile -t STALLED < <(engine_failed_files "$OUT/vitest-pglite.log")
if [ ${#STALLED[@]} -gt 0 ] && [ -f "$OUT/vitest-pglite.json" ]; then
  for attempt in 1 2 3; do
    step "Vitest on PGlite: the embedded database failed in ${STALLED[*]}: running it again ($attempt of 3)"
    vitest_pglite "-rerun$attempt" "${STALLED[@]}"
    RERUN_CODE=$?
    node scripts/merge-vitest-reports.mjs "$OUT/vitest-pglite.json" "$OUT/vitest-pglite-rerun$attempt.json"
    MERGED_CODE=$?
    CODE=$((RERUN_CODE > MERGED_CODE ? RERUN_CODE : MERGED_CODE))
    STALLED=()
    [ $RERUN_CODE -ne 0 ] && mapfile -t STALLED < <(engine_failed_files "$OUT/vitest-pglite-rerun$attempt.log")
    [ ${#STALLED[@]} -gt 0 ] || break
  done
elif [ $CODE -ne 124 ] && [ $CODE -ne 137 ] && [ $CODE -ne 0 ] && grep -q "event loop has been blocked" "$OUT/vitest-pglite.log"; then
  step "Vitest on PGlite stalled in an embedded-database statement (electric-sql/pglite#1058): running it again"
  vitest_pglite ""
  CODE=$?
fi
record "vitest (PGlite)" "$OUT/vitest-pglite.json" $CODE

# --- 2. Vitest api project on PostgreSQL -----------------------------------------------------
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Vitest, api project, on PostgreSQL"
  # Each test file creates and drops its own database on that server.
  npx vitest run --project api --maxWorkers=2 \
    --reporter=default --reporter=json --outputFile.json="$OUT/vitest-postgres.json"
  record "vitest api (PostgreSQL)" "$OUT/vitest-postgres.json" $?
fi

# --- the journeys' results ------------------------------------------------------------------------
for pid in "${PW_PIDS[@]}"; do wait "$pid"; done
for name in playwright-pglite playwright-postgres; do
  [ -f "$OUT/$name.code" ] || continue
  step "Playwright journeys: $name"
  cat "$OUT/$name.log"
  label="playwright (PGlite)"
  [ "$name" = playwright-postgres ] && label="playwright (PostgreSQL)"
  record "$label" "$OUT/$name.json" "$(cat "$OUT/$name.code")"
done
drop_e2e_db

# --- sum ---------------------------------------------------------------------------------------
node scripts/sum-results.mjs "${RUNS[@]}"
