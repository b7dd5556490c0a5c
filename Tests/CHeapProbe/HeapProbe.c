#include "CHeapProbe.h"
#include <stdlib.h> // defines __GLIBC__ on glibc

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define HEAP_PROBE_SANITIZER_ALLOCATOR 1
#endif
#if __has_feature(address_sanitizer) && defined(__linux__)
#define HEAP_PROBE_LEAK_SANITIZER 1
#endif
#endif

#if HEAP_PROBE_SANITIZER_ALLOCATOR
#include <sanitizer/allocator_interface.h>
#elif defined(__GLIBC__)
#include <malloc.h>
#elif defined(__APPLE__)
#include <malloc/malloc.h>
#endif

#if HEAP_PROBE_LEAK_SANITIZER
#include <sanitizer/lsan_interface.h>
#endif

long long heap_probe_live_bytes(void) {
#if HEAP_PROBE_SANITIZER_ALLOCATOR
    return (long long)__sanitizer_get_current_allocated_bytes();
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
    struct mallinfo2 info = mallinfo2();
    // Small blocks from the arenas, large ones mapped on their own.
    return (long long)(info.uordblks + info.hblkhd);
#elif defined(__APPLE__)
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return (long long)statistics.size_in_use;
#else
    return -1;
#endif
}

int heap_probe_leak_check(void) {
#if HEAP_PROBE_LEAK_SANITIZER
    return __lsan_do_recoverable_leak_check() != 0 ? 1 : 0;
#else
    return -1;
#endif
}

int heap_probe_has_leak_sanitizer(void) {
#if HEAP_PROBE_LEAK_SANITIZER
    return 1;
#else
    return 0;
#endif
}
