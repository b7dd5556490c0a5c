#ifndef CYAJL_CHECKS_H
#define CYAJL_CHECKS_H
// The checks every callback set makes on each event, written once: the Swift callbacks
// (JSONParser), the skipping ones (skip.c), the recording ones (tape.c) and the planned
// recorder (plan.c) all call these. yajl lets through what JSON forbids here (a number ended
// by any byte that cannot continue it) and knows no limits, so each event is checked as it
// is handed out.

#include <stddef.h>
#include <stdint.h>

/// Whether `byte`, the byte just after a number's text, ends the number as RFC 8259 allows:
/// whitespace, `,`, `]` or `}`. yajl hands a number out only once it has read that byte, which
/// is still in the input (or, for a number that ended with the input, yajl's NUL padding,
/// which the caller must tell apart: it does not count as a delimiter here).
static inline int cyajl_ends_number(unsigned char byte) {
    return byte == ' ' || byte == '\n' || byte == '\r' || byte == '\t' || byte == ',' || byte == ']' || byte == '}';
}

/// Whether a number of `length` bytes at `text` is within `maxBytes` and surely ended where
/// JSON allows. A number that fails goes to the Swift side's slow check, which tells an
/// error from a number that ended with the input.
static inline int cyajl_number_passes(const unsigned char *text, size_t length, size_t maxBytes) {
    return length <= maxBytes && cyajl_ends_number(text[length]);
}

/// Whether a string or key of `length` unescaped bytes is within `maxBytes`.
static inline int cyajl_text_passes(size_t length, size_t maxBytes) {
    return length <= maxBytes;
}

/// Whether a container opened `depth` levels deep (1 for the outermost) is within `limit`.
static inline int cyajl_depth_passes(size_t depth, size_t limit) {
    return depth <= limit;
}

/// The one hash of key bytes, for every table of keys (the planned recorder's key tables,
/// the tape's filters of an object's keys): constant time from the length and the first and
/// last eight bytes (all of them below eight), mixed so that every output bit depends on them.
static inline uint64_t cyajl_key_hash(const unsigned char *text, size_t length) {
    uint64_t hash = (uint64_t)length * 0x9E3779B97F4A7C15ULL;
    if (length >= 8) {
        uint64_t head, tail;
        __builtin_memcpy(&head, text, 8);
        __builtin_memcpy(&tail, text + length - 8, 8);
        hash ^= head;
        hash = (hash * 0xBF58476D1CE4E5B9ULL) ^ tail;
    } else {
        for (size_t k = 0; k < length; k++) hash = (hash << 8) | text[k];
    }
    hash = (hash ^ (hash >> 31)) * 0x94D049BB133111EBULL;
    return hash ^ (hash >> 29);
}

#endif
