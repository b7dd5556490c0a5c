// The recording callbacks (see CYajlCallbacks.h for the entry format). yajl calls them with the
// parser's cyajl_state as its context; the tape and the document outlive the parse.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  // memrchr, where the C library has it
#endif
#include "CYajlCallbacks.h"

#include <stdlib.h>
#include <string.h>

// MARK: - Growth

void *cyajl_grow(void *array, size_t *capacity, size_t needed, size_t element) {
    size_t next = *capacity ? *capacity : 64;
    while (next < needed) next *= 2;
    void *moved = realloc(array, next * element);
    // Like Swift's own allocations, running out of memory ends the process.
    if (!moved) abort();
    *capacity = next;
    return moved;
}

static inline cyajl_tape_entry *cyajltape_append(cyajl_tape *t, cyajl_tape_kind kind, uint32_t length, uint64_t position) {
    if (__builtin_expect(t->count == t->capacity, 0)) {
        t->entries = cyajl_grow(t->entries, &t->capacity, t->count + 1, sizeof(cyajl_tape_entry));
    }
    cyajl_tape_entry *entry = &t->entries[t->count++];
    entry->kind = (uint8_t)kind;
    entry->textPlace = CYAJL_TEXT_IN_INPUT;
    entry->depth = 0;
    entry->length = length;
    entry->position = position;
    return entry;
}

/// One more member in the innermost open container. Every value counts, keys do not: an
/// object's values are as many as its key-value pairs.
static inline void cyajltape_count_value(cyajl_tape *t) {
    if (t->depth) t->openCount[t->depth - 1] += 1;
}

// MARK: - Text

static inline uint32_t cyajltape_hex4(const unsigned char *hex) {
    uint32_t value = 0;
    for (int k = 0; k < 4; k++) {
        unsigned char c = hex[k];
        uint32_t digit = c <= '9' ? (uint32_t)(c - '0') : (uint32_t)((c | 0x20) - 'a' + 10);
        value = (value << 4) | digit;
    }
    return value;
}

static inline size_t cyajltape_utf8(uint32_t scalar, unsigned char *out) {
    if (scalar < 0x80) { out[0] = (unsigned char)scalar; return 1; }
    if (scalar < 0x800) {
        out[0] = (unsigned char)(0xC0 | (scalar >> 6));
        out[1] = (unsigned char)(0x80 | (scalar & 0x3F));
        return 2;
    }
    if (scalar < 0x10000) {
        out[0] = (unsigned char)(0xE0 | (scalar >> 12));
        out[1] = (unsigned char)(0x80 | ((scalar >> 6) & 0x3F));
        out[2] = (unsigned char)(0x80 | (scalar & 0x3F));
        return 3;
    }
    out[0] = (unsigned char)(0xF0 | (scalar >> 18));
    out[1] = (unsigned char)(0x80 | ((scalar >> 12) & 0x3F));
    out[2] = (unsigned char)(0x80 | ((scalar >> 6) & 0x3F));
    out[3] = (unsigned char)(0x80 | (scalar & 0x3F));
    return 4;
}

/// Text yajl handed out from a buffer of its own: copied to the side buffer.
static __attribute__((noinline)) void cyajltape_append_side_text(cyajl_tape *t, cyajl_tape_kind kind, const unsigned char *text, size_t length) {
    size_t needed = t->sideCount + length;
    // Never NULL once an entry points into it, even for an empty text.
    if (needed >= t->sideCapacity) t->side = cyajl_grow(t->side, &t->sideCapacity, needed + 1, 1);
    if (length) memcpy(t->side + t->sideCount, text, length);
    cyajl_tape_entry *entry = cyajltape_append(t, kind, (uint32_t)length, t->sideCount);
    entry->textPlace = CYAJL_TEXT_IN_SIDE;
    t->sideCount = needed;
}

/// Records a string, key or number: by its place when yajl handed it out inside the input,
/// else by a copy.
static inline void cyajltape_append_text(cyajl_tape *t, cyajl_tape_kind kind, const unsigned char *text, size_t length) {
    // One unsigned compare: a pointer below the input wraps to a large distance.
    uintptr_t offset = (uintptr_t)text - (uintptr_t)t->input;
    if (__builtin_expect(offset < t->inputLength, 1)) {
        cyajltape_append(t, kind, (uint32_t)length, offset);
    } else {
        cyajltape_append_side_text(t, kind, text, length);
    }
}

/// The opening quote of the string whose closing quote is at `end`: the first quote before it
/// that an even number of backslashes precedes (a quote inside a string is escaped, an odd
/// number; the opening quote follows a structural character or nothing).
static size_t cyajltape_opening_quote(const unsigned char *input, size_t end) {
    size_t quote = end;
    for (;;) {
#ifdef __GLIBC__
        quote = (size_t)((const unsigned char *)memrchr(input, '"', quote) - input);
#else
        do { quote -= 1; } while (input[quote] != '"');
#endif
        size_t backslashes = 0;
        while (backslashes < quote && input[quote - 1 - backslashes] == '\\') backslashes += 1;
        if (backslashes % 2 == 0) return quote;
    }
}

size_t cyajltape_unescape(const unsigned char *escaped, size_t length, unsigned char *out) {
    size_t written = 0, i = 0;
    while (i < length) {
        const unsigned char *backslash = memchr(escaped + i, '\\', length - i);
        size_t run = backslash ? (size_t)(backslash - escaped) - i : length - i;
        memcpy(out + written, escaped + i, run);
        written += run;
        i += run;
        if (!backslash) break;
        unsigned char escape = escaped[i + 1];
        i += 2;
        switch (escape) {
        case 'b': out[written++] = '\b'; break;
        case 'f': out[written++] = '\f'; break;
        case 'n': out[written++] = '\n'; break;
        case 'r': out[written++] = '\r'; break;
        case 't': out[written++] = '\t'; break;
        case 'u': {
            uint32_t scalar = cyajltape_hex4(escaped + i);
            i += 4;
            if ((scalar & 0xFC00) == 0xD800) {
                // A high surrogate: the input check let it through only with its low half next.
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (cyajltape_hex4(escaped + i + 2) - 0xDC00);
                i += 6;
            }
            written += cyajltape_utf8(scalar, out + written);
            break;
        }
        default: out[written++] = escape; break;  /* '"', '\\', '/' */
        }
    }
    return written;
}

// MARK: - Callbacks

static int cyajltape_null(void *context) {
    cyajl_tape *t = ((cyajl_state *)context)->tape;
    cyajltape_count_value(t);
    cyajltape_append(t, CYAJL_TAPE_NULL, 0, 0);
    return 1;
}

static int cyajltape_boolean(void *context, int value) {
    cyajl_tape *t = ((cyajl_state *)context)->tape;
    cyajltape_count_value(t);
    cyajltape_append(t, value ? CYAJL_TAPE_TRUE : CYAJL_TAPE_FALSE, 0, 0);
    return 1;
}

static int cyajltape_number(void *context, const char *text, size_t length) {
    cyajl_state *s = context;
    // yajl hands a number only once it has read the byte after it: still in the input, or
    // yajl's terminating zero for a number that ended with the input (the Swift check knows).
    if (!cyajl_number_passes((const unsigned char *)text, length, s->maxNumberBytes)) {
        if (!s->forward.checkNumber(s, text, length)) return 0;
    }
    cyajltape_count_value(s->tape);
    cyajltape_append_text(s->tape, CYAJL_TAPE_NUMBER, (const unsigned char *)text, length);
    return 1;
}

static int cyajltape_string(void *context, const unsigned char *text, size_t length) {
    cyajl_state *s = context;
    cyajl_tape *t = s->tape;
    if (!cyajl_text_passes(length, s->maxStringBytes)) return s->forward.textTooLong(s);
    cyajltape_count_value(t);
    if (__builtin_expect((uintptr_t)text - (uintptr_t)t->input < t->inputLength, 1)) {
        cyajltape_append(t, CYAJL_TAPE_STRING, (uint32_t)length, (uintptr_t)text - (uintptr_t)t->input);
    } else {
        // Unescaped into yajl's buffer: left escaped in the input, between its quotes.
        size_t end = yajl_get_bytes_consumed(t->handle) - 1;
        size_t start = cyajltape_opening_quote(t->input, end) + 1;
        cyajltape_append(t, CYAJL_TAPE_STRING, (uint32_t)(end - start), start)->textPlace = CYAJL_TEXT_ESCAPED;
    }
    return 1;
}

// MARK: - Repeated keys

/// The recorded text of a key entry (keys are in the input or, with escapes, in the side buffer).
static inline const unsigned char *cyajltape_key_text(const cyajl_tape *t, const cyajl_tape_entry *entry) {
    return (entry->textPlace == CYAJL_TEXT_IN_SIDE ? t->side : t->input) + entry->position;
}

/// Marks the innermost object when the key just recorded equals one before it in the object.
/// The object's earlier values are complete, so their begin entries say where they end.
static __attribute__((noinline)) void cyajltape_check_repeat(cyajl_tape *t) {
    cyajl_tape_entry *entries = t->entries;
    cyajl_tape_entry *object = &entries[t->openIndex[t->depth - 1]];
    if (object->textPlace == CYAJL_OBJECT_REPEATS_KEYS) return;
    const cyajl_tape_entry *key = &entries[t->count - 1];
    const unsigned char *text = cyajltape_key_text(t, key);
    size_t index = t->openIndex[t->depth - 1] + 1;
    while (index < t->count - 1) {
        const cyajl_tape_entry *earlier = &entries[index];
        if (earlier->length == key->length && memcmp(cyajltape_key_text(t, earlier), text, key->length) == 0) {
            object->textPlace = CYAJL_OBJECT_REPEATS_KEYS;
            return;
        }
        const cyajl_tape_entry *value = &entries[index + 1];
        int isContainer = value->kind == CYAJL_TAPE_BEGIN_OBJECT || value->kind == CYAJL_TAPE_BEGIN_ARRAY;
        index = isContainer ? (size_t)value->position : index + 2;
    }
}

/// Checks the key just recorded against the object's earlier ones, as far as they are checked.
static inline void cyajltape_note_key(cyajl_tape *t, const unsigned char *text, size_t length) {
    size_t open = t->depth - 1;
    if (__builtin_expect(t->openCount[open] >= CYAJL_TAPE_CHECKED_KEYS, 0)) {
        cyajl_tape_entry *object = &t->entries[t->openIndex[open]];
        if (object->textPlace == CYAJL_OBJECT_KEYS_DISTINCT) object->textPlace = CYAJL_OBJECT_KEYS_UNCHECKED;
        return;
    }
    unsigned bit = cyajltape_key_bit(text, length);
    uint64_t *word = &t->openKeyBits[4 * open + (bit >> 6)];
    uint64_t mask = (uint64_t)1 << (bit & 63);
    if (__builtin_expect((*word & mask) != 0, 0)) cyajltape_check_repeat(t);
    *word |= mask;
}

static int cyajltape_key(void *context, const unsigned char *text, size_t length) {
    cyajl_state *s = context;
    cyajl_tape *t = s->tape;
    if (!cyajl_text_passes(length, s->maxStringBytes)) return s->forward.textTooLong(s);
    cyajltape_append_text(t, CYAJL_TAPE_KEY, text, length);
    cyajltape_note_key(t, text, length);
    return 1;
}

static int cyajltape_open(cyajl_state *s, cyajl_tape_kind kind) {
    cyajl_tape *t = s->tape;
    cyajltape_count_value(t);
    if (t->depth == t->openCapacity) {
        size_t capacity = t->openCapacity;
        t->openIndex = cyajl_grow(t->openIndex, &capacity, t->depth + 1, sizeof(uint32_t));
        capacity = t->openCapacity;
        t->openCount = cyajl_grow(t->openCount, &capacity, t->depth + 1, sizeof(uint32_t));
        capacity = t->openCapacity;
        t->openKeyBits = cyajl_grow(t->openKeyBits, &capacity, t->depth + 1, 4 * sizeof(uint64_t));
        t->openCapacity = capacity;
    }
    t->openIndex[t->depth] = (uint32_t)t->count;
    t->openCount[t->depth] = 0;
    if (kind == CYAJL_TAPE_BEGIN_OBJECT) memset(&t->openKeyBits[4 * t->depth], 0, 4 * sizeof(uint64_t));
    cyajltape_append(t, kind, 0, 0)->depth = t->depth < UINT16_MAX ? (uint16_t)t->depth : UINT16_MAX;
    t->depth += 1;
    // Reported by the Swift side, with the path read back from the bytes (the error stops the parse).
    if (!cyajl_depth_passes(t->depth, t->depthLimit)) return s->forward.depthExceeded(s);
    return 1;
}

static int cyajltape_close(cyajl_state *s, cyajl_tape_kind kind) {
    cyajl_tape *t = s->tape;
    t->depth -= 1;
    cyajl_tape_entry *end = cyajltape_append(t, kind, 0, 0);
    cyajl_tape_entry *begin = &t->entries[t->openIndex[t->depth]];
    begin->length = t->openCount[t->depth];
    begin->position = t->count;
    if (kind == CYAJL_TAPE_END_OBJECT) {
        const uint64_t *bits = &t->openKeyBits[4 * t->depth];
        end->position = begin->textPlace == CYAJL_OBJECT_KEYS_UNCHECKED ? UINT64_MAX : bits[0] | bits[1] | bits[2] | bits[3];
    }
    return 1;
}

static int cyajltape_begin_object(void *context) { return cyajltape_open(context, CYAJL_TAPE_BEGIN_OBJECT); }
static int cyajltape_end_object(void *context) { return cyajltape_close(context, CYAJL_TAPE_END_OBJECT); }
static int cyajltape_begin_array(void *context) { return cyajltape_open(context, CYAJL_TAPE_BEGIN_ARRAY); }
static int cyajltape_end_array(void *context) { return cyajltape_close(context, CYAJL_TAPE_END_ARRAY); }

static const yajl_callbacks cyajltape_recording = {
    cyajltape_null,
    cyajltape_boolean,
    NULL,
    NULL,
    cyajltape_number,
    cyajltape_string,
    cyajltape_begin_object,
    cyajltape_key,
    cyajltape_end_object,
    cyajltape_begin_array,
    cyajltape_end_array,
};

// MARK: - Lifetime

void cyajltape_begin(cyajl_tape *tape, yajl_handle handle, const unsigned char *input, size_t inputLength, size_t depthLimit) {
    tape->handle = handle;
    tape->count = 0;
    tape->sideCount = 0;
    tape->depth = 0;
    tape->depthLimit = depthLimit;
    tape->input = input;
    tape->inputLength = inputLength;
}

size_t cyajltape_append_null(cyajl_tape *tape) {
    cyajltape_append(tape, CYAJL_TAPE_NULL, 0, 0);
    return tape->count - 1;
}

void cyajltape_free(cyajl_tape *tape) {
    free(tape->entries);
    free(tape->side);
    free(tape->openIndex);
    free(tape->openCount);
    free(tape->openKeyBits);
    memset(tape, 0, sizeof(*tape));
}

void cyajltape_record(cyajl_state *state, cyajl_tape *tape) {
    state->tape = tape;
    state->table = cyajltape_recording;
}
