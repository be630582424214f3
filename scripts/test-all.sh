#!/usr/bin/env bash
# `npm test`: every check, in order of cost. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "typecheck"
npx tsc --noEmit -p .

step "lint"
npm run lint --silent

step "unit and API tests on embedded PostgreSQL (PGlite)"
npx vitest run --project unit --project web --project api

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "API tests again on PostgreSQL (TEST_DATABASE_URL)"
  npx vitest run --project api-pg
else
  step "API tests on PostgreSQL: SKIPPED, TEST_DATABASE_URL is not set"
  echo "Set TEST_DATABASE_URL=postgres://user@host:5432/db to run them (bash .ci/run does)."
fi

step "hardening battery (tests/hardening: crash, overload, retries, shutdown, fuzzing, access, headers)"
# Its multi-process tests create a scratch PostgreSQL server with initdb and pg_ctl.
if ! { { [ -n "${PG_BIN:-}" ] && [ -x "${PG_BIN}/initdb" ]; } || compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; }; then
  echo "Its multi-process tests are SKIPPED: no PostgreSQL server binaries (initdb, pg_ctl)."
  echo "Install PostgreSQL (Debian: apt-get install -y postgresql) or set PG_BIN to the folder with initdb."
fi
npm run test:hardening

if [ -d tests/e2e ]; then
  step "browser tests (Playwright, Chromium)"
  npm run build
  npx playwright test
fi

step "all checks passed"
