#!/usr/bin/env bash
# Installs a Python SQLite module at least as new as the SQLite built into
# the shop (pysqlite3-binary, pinned) into a venv under .tools/, once; prints
# the venv's python. `make bench-scale` times the shop's statements on the
# bare SQLite database with it: the system's Python SQLite may be older than
# the shop's and unable to read its word index (FTS5's `contentless_delete`
# needs SQLite 3.43 or later; Debian 12's Python has 3.40).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYSQLITE3_VERSION="0.5.4.post2"
VENV="$ROOT/.tools/bench-sqlite-venv"

if ! "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('pysqlite3-binary') != '$PYSQLITE3_VERSION')" 2>/dev/null; then
  echo "== installing pysqlite3-binary $PYSQLITE3_VERSION into $VENV ==" >&2
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "pysqlite3-binary==$PYSQLITE3_VERSION" >&2
fi
echo "$VENV/bin/python"
