// The byte scans of cyajl_scan.h. SSE2 (every x86-64) compares sixteen bytes at a time, AVX2
// thirty-two where the processor has it; other targets take eight at a time in a 64-bit word.
// All read only inside [bytes, bytes + count): a vector loop stops where fewer than a vector's
// bytes remain, and the rest goes byte by byte (or, in the lookup passes, through a zero-padded
// copy).
#include "cyajl_scan.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline int cyajl_is_special(uint8_t byte) {
    return byte >= 0x80 || byte == 0x0B || byte == 0x0C;
}

size_t cyajl_first_non_ascii_or_ff_vt(const uint8_t *bytes, size_t count) {
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i verticalTab = _mm_set1_epi8(0x0B), formFeed = _mm_set1_epi8(0x0C);
    for (; i + 16 <= count; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(bytes + i));
        __m128i controls = _mm_or_si128(_mm_cmpeq_epi8(v, verticalTab), _mm_cmpeq_epi8(v, formFeed));
        // movemask takes each byte's high bit: the non-ASCII bytes of v and the matches.
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(v, controls));
        if (mask) return i + (size_t)__builtin_ctz(mask);
    }
#else
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    for (; i + 8 <= count; i += 8) {
        uint64_t w;
        memcpy(&w, bytes + i, 8);
        // A byte of x is zero exactly where the byte of w equals the one compared with; the
        // classic zero-byte test sets that byte's high bit (and may set a higher byte's too,
        // which the byte loop below sorts out).
        uint64_t vt = w ^ (ones * 0x0B), ff = w ^ (ones * 0x0C);
        uint64_t found = (w | ((vt - ones) & ~vt) | ((ff - ones) & ~ff)) & highs;
        if (found) break;
    }
#endif
    for (; i < count; i++) {
        if (cyajl_is_special(bytes[i])) return i;
    }
    return count;
}

/// The length of the well-formed UTF-8 sequence at `p` (lead byte from 0x80), with `available`
/// bytes readable; 0 when it is ill-formed or cut short.
static size_t cyajl_sequence_length(const uint8_t *p, size_t available) {
    uint8_t lead = p[0];
    size_t length;
    uint8_t low = 0x80, high = 0xBF;     // the range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) length = 2;
    else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;    // overlong below
        if (lead == 0xED) high = 0x9F;   // surrogates above
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;    // overlong below
        if (lead == 0xF4) high = 0x8F;   // past U+10FFFF above
    } else return 0;
    if (available < length || p[1] < low || p[1] > high) return 0;
    for (size_t k = 2; k < length; k++) {
        if ((p[k] & 0xC0) != 0x80) return 0;
    }
    return length;
}

/// The UTF-16 code unit of the four hex digits at `p`, or -1.
static int32_t cyajl_hex_unit(const uint8_t *p) {
    int32_t unit = 0;
    for (int k = 0; k < 4; k++) {
        uint8_t c = p[k];
        int32_t digit = c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
        if (digit < 0) return -1;
        unit = unit * 16 + digit;
    }
    return unit;
}

/// The length of the escape at `p` (a backslash), with `available` bytes readable, when it is
/// well-formed and no lone surrogate; 0 for anything else (the caller's precise checks and
/// yajl then say what it is).
static size_t cyajl_escape_length(const uint8_t *p, size_t available) {
    if (available < 2) return 0;
    switch (p[1]) {
    case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't': return 2;
    case 'u': break;
    default: return 0;
    }
    if (available < 6) return 0;
    int32_t unit = cyajl_hex_unit(p + 2);
    if (unit < 0) return 0;
    if (unit < 0xD800 || unit > 0xDFFF) return 6;
    if (unit >= 0xDC00 || available < 12 || p[6] != '\\' || p[7] != 'u') return 0;
    int32_t low = cyajl_hex_unit(p + 8);
    return low >= 0xDC00 && low <= 0xDFFF ? 12 : 0;
}

/// The length of what starts at `bytes[i]`, a special byte or a backslash: a well-formed
/// sequence or escape; 0 when the input fails there.
static inline size_t cyajl_checked_length(const uint8_t *bytes, size_t i, size_t count) {
    uint8_t byte = bytes[i];
    if (byte == '\\') return cyajl_escape_length(bytes + i, count - i);
    if (byte >= 0x80) return cyajl_sequence_length(bytes + i, count - i);
    return 0;
}

/// The bits of a block's mask (sixteen or thirty-two bits) from position `from` on (none past
/// the mask).
static inline unsigned cyajl_bits_from(size_t from) { return from >= 32 ? 0u : ~0u << from; }

int cyajl_input_passes_bytewise(const uint8_t *bytes, size_t count) {
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i verticalTab = _mm_set1_epi8(0x0B), formFeed = _mm_set1_epi8(0x0C), backslash = _mm_set1_epi8('\\');
    while (i + 16 <= count) {
        __m128i v = _mm_loadu_si128((const __m128i *)(bytes + i));
        __m128i marked = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, verticalTab), _mm_cmpeq_epi8(v, formFeed)),
                                      _mm_cmpeq_epi8(v, backslash));
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(v, marked));
        size_t next = i + 16;
        // Marked bytes are taken from the mask already loaded, since text dense in escapes or
        // non-ASCII letters would otherwise reload at every one; the bits a sequence or escape
        // covers are cleared, and one that runs past the vector moves the scan past it.
        while (mask) {
            size_t at = i + (size_t)__builtin_ctz(mask);
            size_t length = cyajl_checked_length(bytes, at, count);
            if (length == 0) return 0;
            size_t after = at + length;
            if (after >= i + 16) {
                next = after;
                break;
            }
            mask &= cyajl_bits_from(after - i);
        }
        i = next;
    }
#endif
    while (i < count) {
        if (!cyajl_is_special(bytes[i]) && bytes[i] != '\\') {
            i += 1;
            continue;
        }
        size_t length = cyajl_checked_length(bytes, i, count);
        if (length == 0) return 0;
        i += length;
    }
    return 1;
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

// `__builtin_cpu_supports` reads what the runtime found when the program was loaded (for AVX2,
// also that the operating system saves the YMM registers): a load and a test per call.
static inline int cyajl_has_ssse3(void) { return __builtin_cpu_supports("ssse3"); }
static inline int cyajl_has_avx2(void) { return __builtin_cpu_supports("avx2"); }

// UTF-8 by table lookups, the method of Keiser and Lemire's "Validating UTF-8 in less than one
// instruction per byte": each byte is judged with the one ahead of it through three 16-entry tables
// indexed by nibbles (pshufb, SSSE3), and the bytes two and three back say where a
// continuation must follow a continuation. A table's entry is a set of the faults below that
// the nibble allows; a fault is present where all three tables allow it.
enum {
    CYAJL_TOO_SHORT = 1 << 0,   // a lead, then no continuation
    CYAJL_TOO_LONG = 1 << 1,    // ASCII, then a continuation
    CYAJL_OVERLONG_3 = 1 << 2,  // E0 then 80..9F
    CYAJL_TOO_LARGE = 1 << 3,   // F4 then 90..BF, or F5..FF
    CYAJL_SURROGATE = 1 << 4,   // ED then A0..BF
    CYAJL_OVERLONG_2 = 1 << 5,  // C0, C1
    CYAJL_TOO_LARGE_1000 = 1 << 6, // F5..FF then 80..8F
    CYAJL_OVERLONG_4 = 1 << 6,  // F0 then 80..8F
    CYAJL_TWO_CONTS = 1 << 7,   // a continuation after a continuation (a fault unless expected)
    CYAJL_CARRY = CYAJL_TOO_SHORT | CYAJL_TOO_LONG | CYAJL_TWO_CONTS,
};

/// The faults each high nibble of a sequence's first byte allows.
__attribute__((target("ssse3")))
static inline __m128i cyajl_byte1_high_table(void) {
    return _mm_setr_epi8(
        CYAJL_TOO_LONG, CYAJL_TOO_LONG, CYAJL_TOO_LONG, CYAJL_TOO_LONG,
        CYAJL_TOO_LONG, CYAJL_TOO_LONG, CYAJL_TOO_LONG, CYAJL_TOO_LONG,
        (char)CYAJL_TWO_CONTS, (char)CYAJL_TWO_CONTS, (char)CYAJL_TWO_CONTS, (char)CYAJL_TWO_CONTS,
        CYAJL_TOO_SHORT | CYAJL_OVERLONG_2,
        CYAJL_TOO_SHORT,
        CYAJL_TOO_SHORT | CYAJL_OVERLONG_3 | CYAJL_SURROGATE,
        CYAJL_TOO_SHORT | CYAJL_TOO_LARGE | CYAJL_TOO_LARGE_1000 | CYAJL_OVERLONG_4);
}

/// The faults each low nibble of a sequence's first byte allows.
__attribute__((target("ssse3")))
static inline __m128i cyajl_byte1_low_table(void) {
    return _mm_setr_epi8(
        (char)(CYAJL_CARRY | CYAJL_OVERLONG_3 | CYAJL_OVERLONG_2 | CYAJL_OVERLONG_4),
        (char)(CYAJL_CARRY | CYAJL_OVERLONG_2),
        (char)CYAJL_CARRY, (char)CYAJL_CARRY,
        (char)(CYAJL_CARRY | CYAJL_TOO_LARGE),
        (char)(CYAJL_CARRY | CYAJL_TOO_LARGE | CYAJL_TOO_LARGE_1000),
        (char)(CYAJL_CARRY | CYAJL_TOO_LARGE | CYAJL_TOO_LARGE_1000),
        (char)(CYAJL_CARRY | CYAJL_TOO_LARGE | CYAJL_TOO_LARGE_1000),
        (char)(CYAJL_CARRY | CYAJL_TOO_LARGE | CYAJL_TOO_LARGE_1000),
        (char)(CYAJL_CARRY | CYAJL_TOO_LARGE | CYAJL_TOO_LARGE_1000),
        (char)(CYAJL_CARRY | CYAJL_TOO_LARGE | CYAJL_TOO_LARGE_1000),
        (char)(CYAJL_CARRY | CYAJL_TOO_LARGE | CYAJL_TOO_LARGE_1000),
        (char)(CYAJL_CARRY | CYAJL_TOO_LARGE | CYAJL_TOO_LARGE_1000),
        (char)(CYAJL_CARRY | CYAJL_TOO_LARGE | CYAJL_TOO_LARGE_1000 | CYAJL_SURROGATE),
        (char)(CYAJL_CARRY | CYAJL_TOO_LARGE | CYAJL_TOO_LARGE_1000),
        (char)(CYAJL_CARRY | CYAJL_TOO_LARGE | CYAJL_TOO_LARGE_1000));
}

/// The faults each high nibble of a sequence's second byte allows.
__attribute__((target("ssse3")))
static inline __m128i cyajl_byte2_high_table(void) {
    return _mm_setr_epi8(
        CYAJL_TOO_SHORT, CYAJL_TOO_SHORT, CYAJL_TOO_SHORT, CYAJL_TOO_SHORT,
        CYAJL_TOO_SHORT, CYAJL_TOO_SHORT, CYAJL_TOO_SHORT, CYAJL_TOO_SHORT,
        (char)(CYAJL_TOO_LONG | CYAJL_OVERLONG_2 | CYAJL_TWO_CONTS | CYAJL_OVERLONG_3 | CYAJL_TOO_LARGE_1000 | CYAJL_OVERLONG_4),
        (char)(CYAJL_TOO_LONG | CYAJL_OVERLONG_2 | CYAJL_TWO_CONTS | CYAJL_OVERLONG_3 | CYAJL_TOO_LARGE),
        (char)(CYAJL_TOO_LONG | CYAJL_OVERLONG_2 | CYAJL_TWO_CONTS | CYAJL_SURROGATE | CYAJL_TOO_LARGE),
        (char)(CYAJL_TOO_LONG | CYAJL_OVERLONG_2 | CYAJL_TWO_CONTS | CYAJL_SURROGATE | CYAJL_TOO_LARGE),
        CYAJL_TOO_SHORT, CYAJL_TOO_SHORT, CYAJL_TOO_SHORT, CYAJL_TOO_SHORT);
}

__attribute__((target("ssse3")))
static inline __m128i cyajl_utf8_faults(__m128i input, __m128i previous) {
    const __m128i lowNibble = _mm_set1_epi8(0x0F);
    const __m128i byte1HighTable = cyajl_byte1_high_table(), byte1LowTable = cyajl_byte1_low_table(),
                  byte2HighTable = cyajl_byte2_high_table();

    __m128i previous1 = _mm_alignr_epi8(input, previous, 15);
    // Shifting 16-bit lanes moves bits across bytes; the mask keeps each byte's own high nibble.
    __m128i byte1High = _mm_shuffle_epi8(byte1HighTable, _mm_and_si128(_mm_srli_epi16(previous1, 4), lowNibble));
    __m128i byte1Low = _mm_shuffle_epi8(byte1LowTable, _mm_and_si128(previous1, lowNibble));
    __m128i byte2High = _mm_shuffle_epi8(byte2HighTable, _mm_and_si128(_mm_srli_epi16(input, 4), lowNibble));
    __m128i special = _mm_and_si128(_mm_and_si128(byte1High, byte1Low), byte2High);

    // A byte two back from E0..FF or three back from F0..FF must be a continuation, which the
    // tables flagged as two in a row: those flags are expected, any other is a fault.
    __m128i previous2 = _mm_alignr_epi8(input, previous, 14), previous3 = _mm_alignr_epi8(input, previous, 13);
    __m128i thirdByte = _mm_subs_epu8(previous2, _mm_set1_epi8((char)(0xE0 - 0x80)));
    __m128i fourthByte = _mm_subs_epu8(previous3, _mm_set1_epi8((char)(0xF0 - 0x80)));
    __m128i expected = _mm_and_si128(_mm_or_si128(thirdByte, fourthByte), _mm_set1_epi8((char)0x80));
    return _mm_xor_si128(expected, special);
}

/// Whether the backslash at `bytes[at]` starts an escape: an even number of backslashes runs up
/// to it from the start of the input, which never begins inside an escape.
static inline int cyajl_starts_escape(const uint8_t *bytes, size_t at) {
    size_t run = 0;
    while (run < at && bytes[at - run - 1] == '\\') run += 1;
    return run % 2 == 0;
}

/// Whether the `\u` escapes whose backslashes are `candidates` (bits from `bytes[i]`) each
/// encode a code point: no lone surrogate, four hex digits. An escape may run into the next
/// blocks: `escapedUntil` says up to where a `\u` is inside one. Out of line, since few blocks
/// have any.
__attribute__((noinline))
static int cyajl_unicode_escapes_pass(const uint8_t *bytes, size_t i, size_t count, unsigned candidates,
                                      size_t *escapedUntil) {
    if (*escapedUntil > i) candidates &= cyajl_bits_from(*escapedUntil - i);
    while (candidates) {
        size_t at = i + (size_t)__builtin_ctz(candidates);
        candidates &= candidates - 1;
        if (!cyajl_starts_escape(bytes, at)) continue;
        size_t length = cyajl_escape_length(bytes + at, count - at);
        if (length == 0) return 0;
        *escapedUntil = at + length;
        candidates &= cyajl_bits_from(*escapedUntil - i);
    }
    return 1;
}

/// The faults of block `v`, judged with the block `previous` that precedes it: ill-formed
/// UTF-8, form feeds and vertical tabs. `cut` holds the lead bytes at the end of the latest
/// block with bytes from 0x80 that lack continuations there: an ASCII block (most) only has to
/// find it empty.
__attribute__((target("ssse3")))
static inline __m128i cyajl_block_faults(__m128i v, __m128i previous, __m128i *cut) {
    __m128i controls = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x0B)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0C)));
    if (_mm_movemask_epi8(v) == 0) {
        __m128i faults = _mm_or_si128(controls, *cut);
        *cut = _mm_setzero_si128();
        return faults;
    }
    // A lead from 0xC0 in the last byte, from 0xE0 in the one before, from 0xF0 two before.
    const __m128i lastLeads = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                            (char)(0xF0 - 1), (char)(0xE0 - 1), (char)(0xC0 - 1));
    *cut = _mm_subs_epu8(v, lastLeads);
    return _mm_or_si128(controls, cyajl_utf8_faults(v, previous));
}

/// The backslashes of block `v` followed by `u` (`next` is the block one byte on): only they
/// can start an escape that encodes a lone surrogate, so the other escapes are left to yajl.
static inline unsigned cyajl_unicode_escape_candidates(__m128i v, __m128i next) {
    return (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\')), _mm_cmpeq_epi8(next, _mm_set1_epi8('u'))));
}

/// The vectors the lookup pass carries from block to block.
typedef struct {
    __m128i previous, faults, cut;
} cyajl_lookup_state;

/// Judges the sixteen bytes at `block` (`block[16]` readable too), which are the input's from
/// offset `at`: 0 when a `\u` escape among them fails, their other faults joined to the state's.
/// `escapedUntil` says up to where a `\u` is inside an escape begun in an earlier block (apart
/// from the vectors, which so stay in registers).
__attribute__((target("ssse3")))
static inline int cyajl_lookup_block(const uint8_t *block, size_t at, const uint8_t *bytes, size_t count,
                                     cyajl_lookup_state *state, size_t *escapedUntil) {
    __m128i v = _mm_loadu_si128((const __m128i *)block);
    unsigned candidates = cyajl_unicode_escape_candidates(v, _mm_loadu_si128((const __m128i *)(block + 1)));
    if (candidates && !cyajl_unicode_escapes_pass(bytes, at, count, candidates, escapedUntil)) return 0;
    state->faults = _mm_or_si128(state->faults, cyajl_block_faults(v, state->previous, &state->cut));
    state->previous = v;
    return 1;
}

/// The lookup pass: every block judged with the one that precedes it (so an ASCII block ends
/// any sequence the block ahead of it ended inside), faults gathered in one vector. The last
/// bytes are judged in a zero-padded block, whose zeros also end any sequence the input ends
/// inside.
__attribute__((target("ssse3")))
static int cyajl_input_passes_by_lookup(const uint8_t *bytes, size_t count) {
    cyajl_lookup_state state = { _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128() };
    size_t escapedUntil = 0, i = 0;
    for (; i + 17 <= count; i += 16) {
        if (!cyajl_lookup_block(bytes + i, i, bytes, count, &state, &escapedUntil)) return 0;
    }
    // The last one to sixteen bytes (none when the input is empty), then a block of zeros
    // when they fill a whole block.
    uint8_t tail[33] = {0};
    memcpy(tail, bytes + i, count - i);
    for (size_t k = 0; k == 0 || (k == 16 && i + k <= count); k += 16) {
        if (!cyajl_lookup_block(tail + k, i + k, bytes, count, &state, &escapedUntil)) return 0;
    }
    return _mm_movemask_epi8(_mm_cmpeq_epi8(state.faults, _mm_setzero_si128())) == 0xFFFF;
}

// The same pass thirty-two bytes at a time (AVX2): the tables sit in both 128-bit lanes, since
// vpshufb looks up within a lane, and a lane's preceding bytes are joined in from the other lane
// or the preceding block.

__attribute__((target("avx2")))
static inline __m256i cyajl_utf8_faults_avx2(__m256i input, __m256i previous) {
    const __m256i lowNibble = _mm256_set1_epi8(0x0F);
    const __m256i byte1HighTable = _mm256_broadcastsi128_si256(cyajl_byte1_high_table());
    const __m256i byte1LowTable = _mm256_broadcastsi128_si256(cyajl_byte1_low_table());
    const __m256i byte2HighTable = _mm256_broadcastsi128_si256(cyajl_byte2_high_table());

    // Each lane of `joined` holds the sixteen input bytes that precede the same lane of `input`.
    __m256i joined = _mm256_permute2x128_si256(previous, input, 0x21);
    __m256i previous1 = _mm256_alignr_epi8(input, joined, 15);
    __m256i byte1High = _mm256_shuffle_epi8(byte1HighTable, _mm256_and_si256(_mm256_srli_epi16(previous1, 4), lowNibble));
    __m256i byte1Low = _mm256_shuffle_epi8(byte1LowTable, _mm256_and_si256(previous1, lowNibble));
    __m256i byte2High = _mm256_shuffle_epi8(byte2HighTable, _mm256_and_si256(_mm256_srli_epi16(input, 4), lowNibble));
    __m256i special = _mm256_and_si256(_mm256_and_si256(byte1High, byte1Low), byte2High);

    __m256i previous2 = _mm256_alignr_epi8(input, joined, 14), previous3 = _mm256_alignr_epi8(input, joined, 13);
    __m256i thirdByte = _mm256_subs_epu8(previous2, _mm256_set1_epi8((char)(0xE0 - 0x80)));
    __m256i fourthByte = _mm256_subs_epu8(previous3, _mm256_set1_epi8((char)(0xF0 - 0x80)));
    __m256i expected = _mm256_and_si256(_mm256_or_si256(thirdByte, fourthByte), _mm256_set1_epi8((char)0x80));
    return _mm256_xor_si256(expected, special);
}

__attribute__((target("avx2")))
static inline __m256i cyajl_block_faults_avx2(__m256i v, __m256i previous, __m256i *cut) {
    __m256i controls = _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x0B)), _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x0C)));
    if (_mm256_movemask_epi8(v) == 0) {
        __m256i faults = _mm256_or_si256(controls, *cut);
        *cut = _mm256_setzero_si256();
        return faults;
    }
    const __m256i lastLeads = _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                               -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                               (char)(0xF0 - 1), (char)(0xE0 - 1), (char)(0xC0 - 1));
    *cut = _mm256_subs_epu8(v, lastLeads);
    return _mm256_or_si256(controls, cyajl_utf8_faults_avx2(v, previous));
}

typedef struct {
    __m256i previous, faults, cut;
} cyajl_lookup_state_avx2;

__attribute__((target("avx2")))
static inline int cyajl_lookup_block_avx2(const uint8_t *block, size_t at, const uint8_t *bytes, size_t count,
                                          cyajl_lookup_state_avx2 *state, size_t *escapedUntil) {
    __m256i v = _mm256_loadu_si256((const __m256i *)block);
    __m256i next = _mm256_loadu_si256((const __m256i *)(block + 1));
    unsigned candidates = (unsigned)_mm256_movemask_epi8(
        _mm256_and_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\')), _mm256_cmpeq_epi8(next, _mm256_set1_epi8('u'))));
    if (candidates && !cyajl_unicode_escapes_pass(bytes, at, count, candidates, escapedUntil)) return 0;
    state->faults = _mm256_or_si256(state->faults, cyajl_block_faults_avx2(v, state->previous, &state->cut));
    state->previous = v;
    return 1;
}

__attribute__((target("avx2")))
static int cyajl_input_passes_by_wide_lookup(const uint8_t *bytes, size_t count) {
    cyajl_lookup_state_avx2 state = { _mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256() };
    size_t escapedUntil = 0, i = 0;
    for (; i + 33 <= count; i += 32) {
        if (!cyajl_lookup_block_avx2(bytes + i, i, bytes, count, &state, &escapedUntil)) return 0;
    }
    uint8_t tail[65] = {0};
    memcpy(tail, bytes + i, count - i);
    for (size_t k = 0; k == 0 || (k == 32 && i + k <= count); k += 32) {
        if (!cyajl_lookup_block_avx2(tail + k, i + k, bytes, count, &state, &escapedUntil)) return 0;
    }
    return _mm256_movemask_epi8(_mm256_cmpeq_epi8(state.faults, _mm256_setzero_si256())) == -1;
}

/// `cyajl_count_byte` thirty-two bytes at a time.
__attribute__((target("avx2")))
static size_t cyajl_count_byte_wide(const uint8_t *bytes, size_t count, uint8_t byte) {
    size_t found = 0, i = 0;
    const __m256i wanted = _mm256_set1_epi8((char)byte), zero = _mm256_setzero_si256();
    while (i + 32 <= count) {
        // A byte lane holds at most 255 matches, so the lanes are summed every 255 vectors.
        __m256i lanes = zero;
        size_t end = i + 255 * 32 < count ? i + 255 * 32 : count;
        for (; i + 32 <= end; i += 32) {
            lanes = _mm256_sub_epi8(lanes, _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(bytes + i)), wanted));
        }
        __m256i sums = _mm256_sad_epu8(lanes, zero);
        found += (size_t)_mm256_extract_epi64(sums, 0) + (size_t)_mm256_extract_epi64(sums, 1)
            + (size_t)_mm256_extract_epi64(sums, 2) + (size_t)_mm256_extract_epi64(sums, 3);
    }
    for (; i < count; i++) found += bytes[i] == byte;
    return found;
}

#endif

int cyajl_input_passes(const uint8_t *bytes, size_t count) {
#if defined(__x86_64__) || defined(__i386__)
    if (cyajl_has_avx2()) return cyajl_input_passes_by_wide_lookup(bytes, count);
#endif
    return cyajl_input_passes_by_narrow_lookup(bytes, count);
}

int cyajl_input_passes_by_narrow_lookup(const uint8_t *bytes, size_t count) {
#if defined(__x86_64__) || defined(__i386__)
    if (cyajl_has_ssse3()) return cyajl_input_passes_by_lookup(bytes, count);
#endif
    return cyajl_input_passes_bytewise(bytes, count);
}

size_t cyajl_count_byte(const uint8_t *bytes, size_t count, uint8_t byte) {
#if defined(__x86_64__) || defined(__i386__)
    if (cyajl_has_avx2()) return cyajl_count_byte_wide(bytes, count, byte);
#endif
    size_t found = 0, i = 0;
#if defined(__SSE2__)
    const __m128i wanted = _mm_set1_epi8((char)byte), zero = _mm_setzero_si128();
    while (i + 16 <= count) {
        // A byte lane holds at most 255 matches (each is -1, subtracted), so the lanes are
        // summed (psadbw) every 255 vectors, before one could wrap.
        __m128i lanes = zero;
        size_t end = i + 255 * 16 < count ? i + 255 * 16 : count;
        for (; i + 16 <= end; i += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(bytes + i));
            lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(v, wanted));
        }
        __m128i sums = _mm_sad_epu8(lanes, zero);
        found += (size_t)_mm_cvtsi128_si64(sums) + (size_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums));
    }
#endif
    for (; i < count; i++) found += bytes[i] == byte;
    return found;
}

const uint8_t *cyajl_last_byte(const uint8_t *bytes, size_t count, uint8_t byte) {
    size_t i = count;
#if defined(__SSE2__)
    const __m128i wanted = _mm_set1_epi8((char)byte);
    for (; i >= 16; i -= 16) {
        int found = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(bytes + i - 16)), wanted));
        // The highest bit set is the last match of the sixteen.
        if (found != 0) return bytes + i - 16 + (31 - __builtin_clz((unsigned)found));
    }
#endif
    while (i > 0) {
        i--;
        if (bytes[i] == byte) return bytes + i;
    }
    return NULL;
}
