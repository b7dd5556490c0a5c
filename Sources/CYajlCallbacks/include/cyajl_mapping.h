#ifndef CYAJL_MAPPING_H
#define CYAJL_MAPPING_H
// Guards for read-only file mappings that record streams read in place of read(2).
//
// A mapped file that shrinks while it is mapped raises SIGBUS where a page past its new end is
// touched. A guarded mapping does not: the process's SIGBUS handler (installed with the first
// guard) backs the page touched with zeros, which no JSON record contains and every check
// rejects, and marks the guard hit, so that the stream ends with a read error instead of the
// process. A fault outside every guarded mapping goes to the handler this one replaced, or
// ends the process with the default action.

#include <stddef.h>

/// Guards the `length` mapped bytes at `start`; returns the guard's slot, or -1 when every slot
/// is taken (the caller then reads the file instead of mapping it).
int cyajl_mapping_guard(const void *start, size_t length);

/// Whether a page of the slot's mapping was touched past the end of its file.
int cyajl_mapping_was_cut(int slot);

/// Frees the slot. Call it while the mapping is still mapped and nothing touches it any more.
void cyajl_mapping_unguard(int slot);

#endif
