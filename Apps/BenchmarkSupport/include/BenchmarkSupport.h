#ifndef BENCHMARK_SUPPORT_H
#define BENCHMARK_SUPPORT_H
#include <stddef.h>
#include <stdint.h>

/// Bytes currently allocated through malloc by this process (glibc's mallinfo2), or 0 elsewhere.
size_t bench_allocated_bytes(void);

// The C baseline of the persistence benchmarks (SQLiteBaseline.c): libsqlite3 with one prepared statement.

/// Opens `path` in WAL mode with synchronous=NORMAL (NULL: in memory) and creates
/// `items (id INTEGER PRIMARY KEY, name TEXT, price REAL, count INTEGER)`; NULL on failure.
void *bench_sqlite_open(const char *path);

/// Closes a database from bench_sqlite_open.
void bench_sqlite_close(void *db);

/// Inserts rows 1...rows ("item <id>", id * 0.25 - 0.25, (id - 1) % 100) in one transaction with one
/// prepared statement; returns the nanoseconds the database work took, or -1 on failure.
int64_t bench_sqlite_insert_ns(void *db, int rows);

/// Selects every item, reading each column; returns the nanoseconds it took, or -1 on failure.
int64_t bench_sqlite_select_ns(void *db, int64_t *rows, int64_t *checksum);

#endif
