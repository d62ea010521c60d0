#!/usr/bin/env bash
# Where `npm test`'s time and CPU go: each stage alone, one after another, on the built tree, with
# GNU time's wall and user + system CPU (issue 37). Run it on a quiet machine from the repository
# root: `bash bench/ci-stages.sh`; figures land in .test-output/stages/times.txt.
# `time` counts only the processes a stage waits for: the embedded PostgreSQL and Chromium's page
# renderers escape it. For those, run `python3 bench/cpu-by-process.py SECONDS` beside a stage.
set -uo pipefail
cd "$(dirname "$0")/.."
export CI=true PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 TEST_BUILT_SERVER=1
OUT=.test-output/stages
mkdir -p "$OUT"
: >"$OUT/times.txt"
stage() {
  local name=$1
  shift
  /usr/bin/time -f "$name wall=%e s cpu=%U+%S s" -a -o "$OUT/times.txt" "$@" >"$OUT/$name.log" 2>&1
  echo "$name exit=$?" >>"$OUT/times.txt"
  tail -n 2 "$OUT/times.txt"
}
stage build npm run build
stage lint npm run lint
stage typecheck npm run typecheck
stage openapi npm run lint:openapi -w @app/api
stage vitest env -u TEST_DATABASE_URL npx vitest run --maxWorkers=2
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  stage vitest-postgres npx vitest run --project api --maxWorkers=2 src/db/ src/modules/
fi
stage playwright env -u DATABASE_URL E2E_REPORT_NAME=stages npx playwright test -c e2e/playwright.config.ts
