#!/usr/bin/env bash
# `npm test`: every check. The app is built once, beside the static checks, and that build is
# what the route budget, the hardening battery and the browser tests use. Stops at the first
# failing stage; prints each stage's time at the end (scripts/stages.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# Under .ci/run the times join its table ($STAGE_TIMES is set), which it prints at the end.
[ -n "${STAGE_TIMES:-}" ] || trap 'stage_report' EXIT
. scripts/stages.sh

# Three independent jobs on two cores: the type checker and ESLint are single-threaded, and
# the build waits on disk and esbuild's own threads part of the time.
stage_beside "typecheck" npx tsc --noEmit -p .
stage_beside "lint (ESLint, Prettier, Redocly on the OpenAPI document)" npm run lint --silent
stage_beside "build (dist/web, dist/server)" npm run build --silent
stages_wait

# The route budget (src/web/app/route-budget.test.ts) weighs this build instead of its own.
export WEB_BUILD_DIR=dist/web
stage "unit, web component and API tests on embedded PostgreSQL (PGlite)" \
  npx vitest run --project unit --project web --project api

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  stage "API tests again on PostgreSQL (TEST_DATABASE_URL)" npx vitest run --project api-pg
else
  printf '\n== API tests on PostgreSQL: SKIPPED, TEST_DATABASE_URL is not set\n'
  echo "Set TEST_DATABASE_URL=postgres://user@host:5432/db to run them (bash .ci/run does)."
fi

# Its multi-process tests create a scratch PostgreSQL server with initdb and pg_ctl.
if ! { { [ -n "${PG_BIN:-}" ] && [ -x "${PG_BIN}/initdb" ]; } || compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; }; then
  echo "The hardening battery's multi-process tests are SKIPPED: no PostgreSQL server binaries (initdb, pg_ctl)."
  echo "Install PostgreSQL (Debian: apt-get install -y postgresql) or set PG_BIN to the folder with initdb."
fi
export HARDENING_SERVER_BUNDLE=dist/server/main.js
stage "hardening battery (tests/hardening: crash, overload, retries, shutdown, fuzzing, access, headers)" \
  npm run test:hardening --silent

stage "browser tests (Playwright, Chromium, on the build)" npx playwright test

printf '\n== all checks passed\n'
