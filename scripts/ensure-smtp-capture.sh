#!/usr/bin/env bash
# Installs the SMTP server the mail tests run (Python's aiosmtpd, pinned) into
# a venv under .tools/, once; prints the venv's python. The tests run it as
# server/tests/smtp/capture.py (SHOP_TEST_SMTP_PYTHON overrides the python).
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/ensure-python-package.sh" smtp-venv aiosmtpd 1.4.6
