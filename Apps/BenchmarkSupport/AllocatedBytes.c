#include "BenchmarkSupport.h"
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
size_t bench_allocated_bytes(void) { return mallinfo2().uordblks; }
#else
size_t bench_allocated_bytes(void) { return 0; }
#endif
