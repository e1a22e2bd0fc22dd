#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine (as root): Debian's Chromium for
# Playwright, nginx-light and openssl (self-signed certificate) for the deployment tests, and
# PostgreSQL (the storage tests and `npm run bench:mail` start a throw-away server from it, as the
# `postgres` user the package creates: scripts/test-setup/test-postgres.mjs), and a Java runtime for
# the W3C Nu HTML Checker (npm's vnu-jar: scripts/test-setup/html-validator.mjs). Safe to run again:
# it skips what is there.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v nginx >/dev/null 2>&1 || need+=(nginx-light)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || need+=(postgresql)
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing from apt: ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
