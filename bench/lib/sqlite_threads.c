// Statements timed on SQLite alone, each on its own thread and connection,
// as the shop's pool runs them side by side (D52, D60). Built against the
// sqlite3.c the shop links (libsqlite3-sys's copy in cargo's registry), once
// with the shop's flags and once without, to compare the two builds of the
// same SQLite:
//
//   SRC=$(ls -d ~/.cargo/registry/src/*/libsqlite3-sys-0.30.1/sqlite3)
//   FLAGS="-DSQLITE_CORE -DSQLITE_DEFAULT_FOREIGN_KEYS=1 ... (build.rs's list)"
//   gcc -O3 -I"$SRC" $FLAGS -c "$SRC/sqlite3.c" -o before.o
//   AFTER="-USQLITE_ENABLE_MEMORY_MANAGEMENT -DSQLITE_DEFAULT_MEMSTATUS=0"
//   gcc -O3 -I"$SRC" $FLAGS $AFTER -c "$SRC/sqlite3.c" -o after.o
//   gcc -O3 -I"$SRC" bench/lib/sqlite_threads.c before.o -o before -lpthread -ldl -lm
//   (and the same with after.o)
//
//   ./before DB RUNS 'SQL' ['SQL' ...]   # one thread per statement
//
// Each thread opens DB read-only (no mutex of its own, as sqlx opens the
// shop's connections), sets the pool's cache size, and runs its statement
// RUNS times to its last row; it prints the median and the fastest run.
// Time the whole command (`time`) for the threads' total.
#include "sqlite3.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const char *db_path;
static int runs;

struct job {
    const char *sql;
    double *ms;
};

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void *run(void *arg) {
    struct job *job = arg;
    sqlite3 *db;
    sqlite3_stmt *stmt;
    if (sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, 0) ||
        sqlite3_exec(db, "PRAGMA cache_size = -512", 0, 0, 0) ||
        sqlite3_prepare_v2(db, job->sql, -1, &stmt, 0)) {
        fprintf(stderr, "%s\n", sqlite3_errmsg(db));
        exit(1);
    }
    for (int i = 0; i < runs; i++) {
        double began = now_ms();
        while (sqlite3_step(stmt) == SQLITE_ROW) {
        }
        sqlite3_reset(stmt);
        job->ms[i] = now_ms() - began;
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return 0;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 4 || argc > 3 + 8) {
        fprintf(stderr, "usage: %s DB RUNS SQL [SQL ...] (at most 8)\n", argv[0]);
        return 2;
    }
    db_path = argv[1];
    runs = atoi(argv[2]);
    if (runs < 1) {
        fprintf(stderr, "RUNS must be at least 1\n");
        return 2;
    }
    int n = argc - 3;
    pthread_t threads[8];
    struct job jobs[8];
    for (int i = 0; i < n; i++) {
        jobs[i].sql = argv[3 + i];
        jobs[i].ms = calloc(runs, sizeof(double));
        pthread_create(&threads[i], 0, run, &jobs[i]);
    }
    for (int i = 0; i < n; i++) {
        pthread_join(threads[i], 0);
        qsort(jobs[i].ms, runs, sizeof(double), by_value);
        printf("statement %d: median %.2f ms, fastest %.2f ms\n", i + 1, jobs[i].ms[runs / 2],
               jobs[i].ms[0]);
    }
    return 0;
}
