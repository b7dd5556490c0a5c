#include "cyajl_memory.h"

#include <stdlib.h> // defines __GLIBC__ under glibc
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void cyajl_map_allocations_from(size_t bytes) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, (int)bytes);
#else
    (void)bytes;
#endif
}
