#ifndef BENCHMARK_SUPPORT_H
#define BENCHMARK_SUPPORT_H
#include <stddef.h>

/// Bytes currently allocated through malloc by this process (glibc's mallinfo2), or 0 elsewhere.
size_t bench_allocated_bytes(void);

#endif
