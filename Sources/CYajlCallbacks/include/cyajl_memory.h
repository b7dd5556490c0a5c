#ifndef CYAJL_MEMORY_H
#define CYAJL_MEMORY_H
// The allocator's settings a long-running conversion wants.

#include <stddef.h>

/// Makes every allocation of `bytes` or more a mapping of its own, returned to the system when
/// it is freed (glibc's mmap threshold, which glibc otherwise raises to the largest block freed
/// so far). Does nothing with other C libraries.
void cyajl_map_allocations_from(size_t bytes);

#endif
