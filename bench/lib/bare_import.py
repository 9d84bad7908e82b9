#!/usr/bin/env python3
"""The reference for `make bench`'s catalogue import: the database's own bulk
insert of the rows the shop's import wrote.

    bare_import.py SOURCE TARGET SKU_PREFIX KEY

SOURCE is the shop's database after its import (an SQLite file, or a
PostgreSQL URL), TARGET an empty database of the shop's schema (the shop
started on it once, which makes it, and stopped). The imported parts are those
whose part number starts with SKU_PREFIX. Their rows of the four tables the
import writes (the parts, their OEM numbers, superseded numbers and fitments)
are read from SOURCE beforehand, then written to TARGET in one transaction by
the database's own way of loading many rows, the shop's triggers, foreign keys
and indexes in place as the shop's import has them:

- PostgreSQL: `COPY ... FROM` each table (psql's `\\copy`), each part's words
  written by the word index's trigger as it is copied;
- SQLite: one prepared `INSERT` for each table run over its rows
  (`executemany`), then the word index's rows of the new parts in one
  statement from the parts and their fitments: the shop's own statement for
  the parts its triggers marked, read from its source.

The time is from the transaction's start to its commit: psql's `\\timing` of
each statement summed, or Python's clock around SQLite's. Prints one JSON
object, the record `KEY`: the seconds and the rows of each table. SQLite is
Python's module of pysqlite3-binary when installed
(`scripts/ensure-bench-sqlite.sh`): the word index's options need a newer
SQLite than Debian's.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from urllib.parse import quote

# The parts first: the others' rows name theirs.
TABLES = ("parts", "part_oem_numbers", "part_replaced_numbers", "part_fitments")

# SQLite: where the shop keeps the statements writing the word index's rows
# of the parts its triggers marked (and clearing the marks), which the
# reference runs as they are.
SERVER_SOURCE = os.path.join(os.path.dirname(__file__), "..", "..", "server", "src")
WORDS_SOURCE = os.path.join(SERVER_SOURCE, "catalogue", "search", "vehicle_words.rs")
# SQLite: where the shop keeps the settings of its writer's connection during
# an import (the page cache, the log's checkpoints), which the reference takes.
DB_SOURCE = os.path.join(SERVER_SOURCE, "core", "db.rs")


def rust_const(path, name):
    """The value of `const NAME: u32 = …;` in the Rust file `path`: a whole
    number, or a product of whole numbers (`64 * 1024`)."""
    source = open(path, encoding="utf-8").read()
    found = re.search(rf"const {name}: u\d+ = ([0-9_ *]+);", source)
    if not found:
        raise RuntimeError(f"no {name} in {path}")
    value = 1
    for factor in found.group(1).split("*"):
        value *= int(factor.strip().replace("_", ""))
    return value


def sqlite_word_statements():
    """The shop's statements writing the marked parts' rows of the word
    index (`WRITE_MARKED` of catalogue::search::vehicle_words): Rust string
    literals, a line ending in a backslash going on at the next line's first
    character that is not a space."""
    source = open(WORDS_SOURCE, encoding="utf-8").read()
    found = re.search(r"const WRITE_MARKED: \[&str; \d+\] = \[(.*?)\n\];", source, re.S)
    if not found:
        raise RuntimeError(f"no WRITE_MARKED in {WORDS_SOURCE}")
    literals = re.findall(r'"((?:[^"\\]|\\.)*)"', found.group(1), re.S)
    statements = [re.sub(r"\\\n\s*", "", text) for text in literals]
    if not statements or any("\\" in text for text in statements):
        raise RuntimeError(f"cannot read WRITE_MARKED in {WORDS_SOURCE}")
    return statements


def imported(table, columns, prefix):
    """The select of `table`'s `columns` for the imported parts: those whose
    part number starts with `prefix`."""
    cols = ", ".join(f"t.{c}" for c in columns)
    like = "'" + prefix.replace("'", "''") + "%'"
    if table == "parts":
        return f"SELECT {cols} FROM parts AS t WHERE t.sku LIKE {like} ORDER BY t.id"
    return (f"SELECT {cols} FROM {table} AS t JOIN parts AS p ON p.id = t.part_id "
            f"WHERE p.sku LIKE {like} ORDER BY p.id")


def sqlite(source, target, prefix):
    try:
        import pysqlite3.dbapi2 as sqlite3
    except ImportError:
        import sqlite3
    src = sqlite3.connect(f"file:{quote(source)}?mode=ro", uri=True)
    loads, rows = [], {}
    for table in TABLES:
        # Generated columns (hidden 2 and 3) are the database's to write.
        columns = [r[1] for r in src.execute(f"PRAGMA table_xinfo({table})") if r[6] == 0]
        found = src.execute(imported(table, columns, prefix)).fetchall()
        marks = ", ".join("?" for _ in columns)
        loads.append((f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", found))
        rows[table] = len(found)
    src.close()
    words = sqlite_word_statements()

    # The settings of the shop's writer during an import: the log beside the
    # file, synced at the checkpoints, taken every CHECKPOINT_PAGES pages;
    # foreign keys checked; a page cache of IMPORT_CACHE_KIB.
    con = sqlite3.connect(target, isolation_level=None)
    for pragma in ("journal_mode = WAL", "synchronous = NORMAL", "foreign_keys = ON",
                   f"cache_size = -{rust_const(DB_SOURCE, 'IMPORT_CACHE_KIB')}",
                   f"wal_autocheckpoint = {rust_const(DB_SOURCE, 'CHECKPOINT_PAGES')}"):
        con.execute(f"PRAGMA {pragma}")
    started = time.perf_counter()
    con.execute("BEGIN IMMEDIATE")
    for statement, found in loads:
        con.executemany(statement, found)
    for statement in words:
        con.execute(statement)
    con.execute("COMMIT")
    seconds = time.perf_counter() - started
    indexed = con.execute("SELECT count(*) FROM parts_search").fetchone()[0]
    con.close()
    return {"seconds": seconds, "rows": rows, "word_index_rows": indexed,
            "sqlite": sqlite3.sqlite_version}


def psql(url, *args, input=None):
    # LC_ALL=C: `\timing` writes its figures in the locale's numbers.
    done = subprocess.run(["psql", "-X", "-v", "ON_ERROR_STOP=1", url, *args],
                          capture_output=True, text=True, input=input,
                          env={**os.environ, "LC_ALL": "C"})
    if done.returncode != 0:
        raise RuntimeError(f"psql: {done.stderr.strip()}")
    return done.stdout


def postgres(source, target, prefix):
    rows = {}
    with tempfile.TemporaryDirectory(prefix="bare-import-") as work:
        script = ["\\timing on", "BEGIN;"]
        for table in TABLES:
            # Generated columns are the database's to write; identity columns
            # given by it always take the source's values here (set beforehand,
            # outside the time).
            columns = psql(source, "-qAt", "-c",
                           "SELECT column_name FROM information_schema.columns "
                           f"WHERE table_schema = 'public' AND table_name = '{table}' "
                           "AND is_generated = 'NEVER' ORDER BY ordinal_position").split()
            always = psql(target, "-qAt", "-c",
                          "SELECT column_name FROM information_schema.columns "
                          f"WHERE table_schema = 'public' AND table_name = '{table}' "
                          "AND identity_generation = 'ALWAYS'").split()
            for column in always:
                psql(target, "-qc", f"ALTER TABLE {table} ALTER COLUMN {column} SET GENERATED BY DEFAULT")
            path = os.path.join(work, f"{table}.copy")
            psql(source, "-qc", f"\\copy ({imported(table, columns, prefix)}) TO '{path}'")
            with open(path) as f:
                rows[table] = sum(1 for _ in f)
            script.append(f"\\copy {table} ({', '.join(columns)}) FROM '{path}'")
        script.append("COMMIT;")
        out = psql(target, "-q", input="\n".join(script) + "\n")
    times = re.findall(r"^Time: ([0-9.]+) ms", out, re.M)
    # BEGIN, a \copy a table, COMMIT: each timed once.
    if len(times) != len(TABLES) + 2:
        raise RuntimeError(f"psql timed {len(times)} statements, not {len(TABLES) + 2}: {out!r}")
    seconds = sum(float(ms) for ms in times) / 1000
    words = int(psql(target, "-qAt", "-c", "SELECT count(*) FROM parts_search").strip())
    version = psql(target, "-qAt", "-c", "SHOW server_version").strip()
    return {"seconds": seconds, "rows": rows, "word_index_rows": words, "postgres": version}


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    source, target, prefix, key = sys.argv[1:]
    if source.startswith(("postgres://", "postgresql://")):
        result = postgres(source, target, prefix)
    else:
        result = sqlite(source, target, prefix)
    print(json.dumps({"key": key, **result}))


if __name__ == "__main__":
    main()
