#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine (as root): Debian's Chromium (its headless
# shell for Playwright, the browser for the benches), nginx-light and openssl (self-signed certificate) for the deployment tests, and
# PostgreSQL (the storage tests and `npm run bench:mail` start a throw-away server from it, as the
# `postgres` user the package creates: scripts/test-setup/test-postgres.mjs), and a Java runtime for
# the W3C Nu HTML Checker (npm's vnu-jar: scripts/test-setup/html-validator.mjs), and Dovecot (the
# IMAP tests start a throw-away server from it with a configuration of their own:
# scripts/test-setup/test-dovecot.mjs), and git (GitHub mode's content history drives a real
# repository: server/studio/github-history.test.ts). Safe to run again: it skips what is there.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
command -v nginx >/dev/null 2>&1 || need+=(nginx-light)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || need+=(postgresql)
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
[ -x /usr/sbin/dovecot ] && [ -x /usr/lib/dovecot/imap ] || need+=(dovecot-imapd)
command -v git >/dev/null 2>&1 || need+=(git)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing from apt: ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  # The package starts a system-wide IMAP server on ports 143 and 993: the tests never use it (each
  # starts its own on loopback), so it is stopped and left disabled rather than listening for nobody.
  if [[ " ${need[*]} " == *" dovecot-imapd "* ]] && [ -d /run/systemd/system ]; then
    systemctl disable --now dovecot.service dovecot.socket >/dev/null 2>&1 || true
  fi
fi
