// Everything is static inline in include/CLinuxFutex.h; a C target needs one source file.
#include "CLinuxFutex.h"
