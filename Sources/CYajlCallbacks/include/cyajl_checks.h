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

/// A key's two words: its first and last eight bytes, or for a key of fewer than eight, its
/// bytes in `head` (from two overlapping loads, or three bytes for a key of up to three) and
/// `tail` 0. With the length they are the whole of a key of up to sixteen bytes, so most keys
/// are compared as two words. Short keys are read without a loop over their bytes, since most
/// keys are short and a loop's exit depends on the length.
static inline void cyajl_key_words(const unsigned char *text, size_t length, uint64_t *head, uint64_t *tail) {
    uint64_t first = 0, last = 0;
    if (length >= 8) {
        __builtin_memcpy(&first, text, 8);
        __builtin_memcpy(&last, text + length - 8, 8);
    } else if (length >= 4) {
        uint32_t low, high;
        __builtin_memcpy(&low, text, 4);
        __builtin_memcpy(&high, text + length - 4, 4);
        first = (uint64_t)low | (uint64_t)high << 32;
    } else if (length > 0) {
        first = (uint64_t)text[0] | (uint64_t)text[length / 2] << 8 | (uint64_t)text[length - 1] << 16;
    }
    *head = first;
    *tail = last;
}

/// The one hash of key bytes, for every table of keys (the planned recorder's key tables,
/// the tape's filters of an object's keys), from a key's length and words
/// (``cyajl_key_words``), mixed so that every output bit depends on them.
static inline uint64_t cyajl_key_mix(size_t length, uint64_t head, uint64_t tail) {
    uint64_t hash = ((uint64_t)length * 0x9E3779B97F4A7C15ULL) ^ head;
    hash = (hash * 0xBF58476D1CE4E5B9ULL) ^ tail;
    hash = (hash ^ (hash >> 31)) * 0x94D049BB133111EBULL;
    return hash ^ (hash >> 29);
}

/// The hash of a key's bytes (see ``cyajl_key_mix``).
static inline uint64_t cyajl_key_hash(const void *text, size_t length) {
    uint64_t head, tail;
    cyajl_key_words((const unsigned char *)text, length, &head, &tail);
    return cyajl_key_mix(length, head, tail);
}

#endif
