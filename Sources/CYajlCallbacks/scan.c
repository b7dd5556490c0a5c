// The byte scans of cyajl_scan.h. SSE2 (every x86-64) compares sixteen bytes at a time; other
// targets take eight at a time in a 64-bit word. Both read only inside [bytes, bytes + count):
// the vector loop stops where fewer than a vector's bytes remain, and the rest goes byte by byte.
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

int cyajl_input_passes(const uint8_t *bytes, size_t count) {
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
            mask &= ~0u << (after - i);
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

size_t cyajl_count_byte(const uint8_t *bytes, size_t count, uint8_t byte) {
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
