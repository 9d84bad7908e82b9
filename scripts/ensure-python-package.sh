#!/usr/bin/env bash
# Usage: ensure-python-package.sh VENV PACKAGE VERSION
# Installs PACKAGE at VERSION (pinned, from PyPI) into the venv .tools/VENV,
# once (again when the installed version differs); prints the venv's python.
# The Python tools the tests and benches run come from here
# (ensure-smtp-capture.sh, ensure-bench-sqlite.sh).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.tools/$1"
PACKAGE="$2"
VERSION="$3"

if ! "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('$PACKAGE') != '$VERSION')" 2>/dev/null; then
  echo "== installing $PACKAGE $VERSION into $VENV ==" >&2
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "$PACKAGE==$VERSION" >&2
fi
echo "$VENV/bin/python"
