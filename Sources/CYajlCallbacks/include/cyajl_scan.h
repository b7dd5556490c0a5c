// Byte scans over raw input, a vector at a time, for the passes that touch every input byte:
// the search for what JSON forbids and yajl lets through, and a block's line count.
#ifndef CYAJL_SCAN_H
#define CYAJL_SCAN_H

#include <stddef.h>
#include <stdint.h>

/// The offset of the first byte in `bytes[0..<count]` that is not plain ASCII text as JSON
/// allows it everywhere: a byte from 0x80 (the lead or continuation of a multi-byte UTF-8
/// sequence, which the caller then checks), or a form feed or vertical tab (which yajl skips
/// as whitespace and JSON does not allow anywhere). `count` when there is none.
size_t cyajl_first_non_ascii_or_ff_vt(const uint8_t *bytes, size_t count);

/// Whether a whole input surely holds none of what JSON forbids and yajl lets through: it is
/// well-formed UTF-8 (Unicode Table 3-7), has no form feed or vertical tab, and no `\u` escape
/// encodes a lone UTF-16 surrogate. 0 does not say there is a fault, only that the caller's
/// precise checks must decide (an escape or sequence the input ends inside is such a case).
/// Judges thirty-two bytes at a time by table lookups where the processor has AVX2, else as
/// `cyajl_input_passes_by_narrow_lookup`.
int cyajl_input_passes(const uint8_t *bytes, size_t count);

/// `cyajl_input_passes` sixteen bytes at a time where the processor has SSSE3, else as
/// `cyajl_input_passes_bytewise`. Callable, as the bytewise pass is, so that tests hold every
/// pass to the same verdicts on any processor.
int cyajl_input_passes_by_narrow_lookup(const uint8_t *bytes, size_t count);

/// `cyajl_input_passes` checking each sequence and escape on its own: the portable pass.
int cyajl_input_passes_bytewise(const uint8_t *bytes, size_t count);

/// How many of `bytes[0..<count]` are `byte`.
size_t cyajl_count_byte(const uint8_t *bytes, size_t count, uint8_t byte);

/// The last `byte` in `bytes[0..<count]`, or NULL: a search from the end, sixteen bytes at a
/// time (`memrchr` is glibc's alone).
const uint8_t *cyajl_last_byte(const uint8_t *bytes, size_t count, uint8_t byte);

#endif
