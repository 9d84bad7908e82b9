#!/usr/bin/env bash
# Installs the SMTP server the mail tests run (Python's aiosmtpd, pinned) into
# a venv under .tools/, once; prints the venv's python. The tests run it as
# server/tests/smtp/capture.py (SHOP_TEST_SMTP_PYTHON overrides the python).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
AIOSMTPD_VERSION="1.4.6"
VENV="$ROOT/.tools/smtp-venv"

if ! "$VENV/bin/python" -c "import aiosmtpd, sys; sys.exit(aiosmtpd.__version__ != '$AIOSMTPD_VERSION')" 2>/dev/null; then
  echo "== installing aiosmtpd $AIOSMTPD_VERSION into $VENV ==" >&2
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "aiosmtpd==$AIOSMTPD_VERSION" >&2
fi
echo "$VENV/bin/python"
