#!/usr/bin/env bash
# The browser tests use Debian's Chromium (never a downloaded browser build).
# Installs it when it is missing; does nothing when it is already there.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

echo "Installing Debian's chromium for the browser tests..."
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium fonts-liberation

if [ ! -x "$CHROMIUM" ]; then
  echo "chromium was installed but $CHROMIUM is missing" >&2
  exit 1
fi
