#!/usr/bin/env bash
# The one test command (`npm test`): installs what is missing, builds, then runs
#   1. Playwright journeys on the built server and its embedded PostgreSQL (in the background, in
#      JOURNEY_SHARDS shards side by side, 2 by default, each with its own server)
#   2. the OpenAPI document's lint (npm run lint:openapi), in the background too
#   3. Vitest, every project; the API tests on one embedded PostgreSQL server for the run
#   4. on the outside PostgreSQL of TEST_DATABASE_URL, when it is set (the oldest major supported in
#      production): the migrations, the seed, and every statement step 3 sent, prepared there
# Steps 2-4 run at the lowest CPU priority beside the journeys, 2 and 3 side by side.
# and ends with one line: `N passed, N failed, N skipped`. Exits non-zero when anything failed.
set -uo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT="$ROOT/.test-output"
mkdir -p "$OUT"
rm -rf "$OUT"/statements "$OUT"/openapi-lint.* "$OUT"/*.json "$OUT"/*-artifacts "$OUT"/*-server.log "$OUT"/*.code "$OUT"/playwright*.log "$OUT"/vitest-*.log

# Playwright drives Debian's chromium, its headless shell when installed (e2e/chromium.ts); it must
# never fetch a browser of its own.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ -z "${CHROMIUM_PATH:-}" ]; then
  CHROMIUM_PATH=/usr/bin/chromium-headless-shell
  [ -x "$CHROMIUM_PATH" ] || [ ! -x /usr/bin/chromium ] || CHROMIUM_PATH=/usr/bin/chromium
fi
export CHROMIUM_PATH

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
    step "installing Debian's chromium headless shell"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y chromium-headless-shell </dev/null ||
      { apt-get update </dev/null && apt-get install -y chromium-headless-shell </dev/null; }
  fi
  if [ ! -x "$CHROMIUM_PATH" ]; then
    echo "Chromium is missing at $CHROMIUM_PATH: the browser journeys will fail." >&2
    echo "Install it with \`sudo apt-get install -y chromium-headless-shell\` (Debian/Ubuntu) or set CHROMIUM_PATH." >&2
  fi
fi

# --- build -----------------------------------------------------------------------------------
step "build (web, then api)"
npm run build
BUILD_CODE=$?
if [ $BUILD_CODE -ne 0 ]; then
  echo "The build failed: the browser journeys are not run." >&2
  record "build" "" "$BUILD_CODE"
else
  # Tests that start the server or the backup command as a process start the build just made
  # (apps/api/src/test/server-process.ts), not the source through a TypeScript compiler.
  export TEST_BUILT_SERVER=1
fi

# --- 1. Playwright on the built server, in the background ----------------------------------------
# The journeys wait on a browser and a server more than they compute (6 minutes of CPU in an 11-minute
# run), so they run in two shards side by side, each with its own server and embedded database (one
# shard's data never meets the other's, as in one serial run), and beside the Vitest runs below.
SHARDS=${JOURNEY_SHARDS:-2}
PW_PIDS=()
trap 'for pid in "${PW_PIDS[@]}"; do kill -- -"$pid" 2>/dev/null; done; exit 130' INT TERM
if [ $BUILD_CODE -eq 0 ]; then
  step "Playwright journeys on the embedded PostgreSQL, $SHARDS shards: started in the background"
  set -m
  for shard in $(seq 1 "$SHARDS"); do
    ( env -u DATABASE_URL -u E2E_BASE_URL -u E2E_DATABASE_URL E2E_REPORT_NAME="playwright-$shard" \
        npx playwright test -c e2e/playwright.config.ts --shard="$shard/$SHARDS" >"$OUT/playwright-$shard.log" 2>&1
      echo $? >"$OUT/playwright-$shard.code" ) &
    PW_PIDS+=($!)
  done
  set +m
fi

# --- 2. The OpenAPI contract -----------------------------------------------------------------------
# Any Redocly (recommended) or Spectral (spectral:oas) error or warning in the document the app
# serves, or committed client types that differ from it, fails here (decision 037).
# Everything from here to the journeys' results runs at the lowest CPU priority, beside them. The
# run is bound by CPU (none idle), and the journeys are its longest part: at equal priority a CI run
# took longer (31 min) than the same steps one after another (28 min), every journey 3-4 times
# slower than alone. At the lowest priority the rest takes what the journeys leave and finishes
# after them (issue 37's note has the figures).
LOW="nice -n 19"
# In the background as well, beside Vitest: at the lowest priority beside the journeys it waits for
# the CPU most of the time (15 CPU-seconds over 116 s in one run), and Vitest waited for it.
step "OpenAPI document: Redocly and Spectral lint, generated client types current: started in the background"
( $LOW npm run lint:openapi -w @app/api -- --report "$OUT/openapi-lint.json" >"$OUT/openapi-lint.log" 2>&1
  echo $? >"$OUT/openapi-lint.code" ) &
OPENAPI_PID=$!

# --- Redis for the multi-process tests (apps/api/src/test/test-redis.ts) ---------------------------
# Used when one answers on 127.0.0.1:6379 (CI starts one); otherwise those tests are counted skipped.
if [ -z "${TEST_REDIS_URL:-}" ] &&
  { exec 3<>/dev/tcp/127.0.0.1/6379 && printf 'PING\r\n' >&3 && timeout 2 head -c 5 <&3; } 2>/dev/null | grep -q PONG; then
  export TEST_REDIS_URL=redis://127.0.0.1:6379/5
fi
exec 3<&- 3>&- 2>/dev/null || true

# --- 3. Vitest, every project, on the embedded PostgreSQL ------------------------------------------
# One worker count for every project: Vitest 4 refuses projects whose maxWorkers differ within one
# sequence group, and two workers suit the two cores this runs on. The API project's global setup
# starts one embedded server for the run (apps/api/src/test/global-setup.ts).
step "Vitest, all projects, on the embedded PostgreSQL"
# Every statement the API tests send is recorded for step 4 (apps/api/src/test/record-statements.ts).
env -u TEST_DATABASE_URL TEST_RECORD_STATEMENTS="$OUT/statements" $LOW npx vitest run --maxWorkers=2 \
  --reporter=default --reporter=json --outputFile.json="$OUT/vitest.json"
record "vitest" "$OUT/vitest.json" $?

# --- 4. Vitest api project on the outside PostgreSQL ----------------------------------------------
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Vitest, api project: migrations, seed and every recorded statement on TEST_DATABASE_URL's server"
  # The compatibility subset (issue 37, decision 059): the migrations from each earlier release's
  # schema and the seed run there, and each distinct statement the API tests sent in step 3 is
  # prepared there (parsed, analysed, planned) by src/db/postgres-compat.test.ts. Running the whole
  # suite a second time took 130 s of CPU for the same check of syntax, functions and types.
  env -u TEST_REDIS_URL TEST_STATEMENTS_TO_CHECK="$OUT/statements" $LOW npx vitest run --project api \
    --maxWorkers=2 src/db/upgrade.test.ts src/db/seed/seed.test.ts src/db/postgres-compat.test.ts \
    --reporter=default --reporter=json --outputFile.json="$OUT/vitest-postgres.json"
  record "vitest api (outside PostgreSQL)" "$OUT/vitest-postgres.json" $?
fi

# --- the OpenAPI lint's result -------------------------------------------------------------------
wait "$OPENAPI_PID"
step "OpenAPI document: Redocly and Spectral lint, generated client types current"
cat "$OUT/openapi-lint.log"
record "openapi lint" "$OUT/openapi-lint.json" "$(cat "$OUT/openapi-lint.code" 2>/dev/null || echo 1)"

# --- the journeys' results ------------------------------------------------------------------------
for pid in "${PW_PIDS[@]}"; do wait "$pid"; done
for shard in $(seq 1 "$SHARDS"); do
  [ -f "$OUT/playwright-$shard.log" ] || continue
  step "Playwright journeys, shard $shard of $SHARDS"
  cat "$OUT/playwright-$shard.log"
  record "playwright $shard/$SHARDS" "$OUT/playwright-$shard.json" "$(cat "$OUT/playwright-$shard.code" 2>/dev/null || echo 1)"
done

# --- sum ---------------------------------------------------------------------------------------
node scripts/sum-results.mjs "${RUNS[@]}"
