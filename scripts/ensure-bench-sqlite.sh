#!/usr/bin/env bash
# Installs a Python SQLite module at least as new as the SQLite built into
# the shop (pysqlite3-binary, pinned) into a venv under .tools/, once; prints
# the venv's python. `make bench-scale` times the shop's statements on the
# bare SQLite database with it: the system's Python SQLite may be older than
# the shop's and unable to read its word index (FTS5's `contentless_delete`
# needs SQLite 3.43 or later; Debian 12's Python has 3.40).
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/ensure-python-package.sh" bench-sqlite-venv pysqlite3-binary 0.5.4.post2
