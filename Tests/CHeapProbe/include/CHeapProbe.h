#ifndef CHEAPPROBE_H
#define CHEAPPROBE_H

// What the tests ask of the allocator and of LeakSanitizer, from C: `malloc.h` and the
// sanitizers' interface headers are not Swift modules.

/// Bytes of live heap allocations in the whole process (allocated and not yet freed), or -1
/// where this allocator has no such count. Under AddressSanitizer or ThreadSanitizer, their
/// allocator's count; with glibc, `mallinfo2` (every arena; a freed block glibc keeps in a
/// thread's cache still counts, so compare counts taken in the same steady state); on Darwin,
/// the default zone's.
long long heap_probe_live_bytes(void);

/// Runs LeakSanitizer's check now: 1 when it reports a leak (on stderr), 0 when it finds
/// none, -1 when the process runs without LeakSanitizer.
int heap_probe_leak_check(void);

/// Whether LeakSanitizer runs in this process.
int heap_probe_has_leak_sanitizer(void);

#endif
