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

size_t cyajl_count_byte(const uint8_t *bytes, size_t count, uint8_t byte) {
    size_t found = 0, i = 0;
#if defined(__SSE2__)
    const __m128i wanted = _mm_set1_epi8((char)byte), zero = _mm_setzero_si128();
    while (i + 16 <= count) {
        // Each lane counts its matches (a match is -1, subtracted) for at most 255 vectors,
        // then the lanes are summed (psadbw) before they could wrap.
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
