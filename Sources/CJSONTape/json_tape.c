// The tape recorder (see json_tape.h for the entry format).
#include "json_tape.h"

#include <stdlib.h>
#include <string.h>

// MARK: - Growth

static void *grow(void *array, size_t *capacity, size_t needed, size_t element) {
    size_t next = *capacity ? *capacity : 64;
    while (next < needed) next *= 2;
    void *moved = realloc(array, next * element);
    // Like Swift's own allocations, running out of memory ends the process.
    if (!moved) abort();
    *capacity = next;
    return moved;
}

static inline jt_entry *append_at(jt_recorder *r, jt_kind kind, uint64_t end, uint32_t length, uint32_t link) {
    if (r->count == r->capacity) r->entries = grow(r->entries, &r->capacity, r->count + 1, sizeof(jt_entry));
    jt_entry *entry = &r->entries[r->count++];
    entry->head = (end << 16) | (uint64_t)kind;
    entry->length = length;
    entry->link = link;
    return entry;
}

/// Appends an entry whose token ends where yajl has read to.
static inline jt_entry *append(jt_recorder *r, jt_kind kind, uint32_t length, uint32_t link) {
    return append_at(r, kind, r->piece_offset + yajl_get_bytes_consumed(r->handle), length, link);
}

/// Whether yajl handed out `text` inside the piece it is parsing (rather than from a buffer of
/// its own): text in the piece ends its token, less a string's closing quote.
static inline int is_in_piece(const jt_recorder *r, const unsigned char *text) {
    // One unsigned compare: a pointer below the piece wraps to a large distance. While
    // finishing there is no piece (length 0).
    return (uintptr_t)text - (uintptr_t)r->piece < r->piece_length;
}

/// One more member in the innermost open container: an array counts its values, an object its
/// keys (counted by on_key), not the values after them.
static inline void count_value(jt_recorder *r) {
    if (r->in_array) r->open_count[r->depth - 1] += 1;
}

/// Ends every callback that recorded an event: hands the entries to the reader once there are
/// flush_at of them.
static inline int after_event(jt_recorder *r) {
    if (__builtin_expect(r->count < r->flush_at, 1)) return 1;
    if (!r->flush(r->reader)) {
        r->stop = JT_STOP_READER;
        return 0;
    }
    jt_recorder_clear(r);
    return 1;
}

// MARK: - Text

/// Records text yajl handed out from a buffer of its own: copied to the side buffer.
static __attribute__((noinline)) int record_side_text(jt_recorder *r, jt_kind kind, const unsigned char *text, size_t length) {
    size_t needed = r->side_count + length;
    if (needed > r->side_capacity) r->side = grow(r->side, &r->side_capacity, needed, 1);
    if (length) memcpy(r->side + r->side_count, text, length);
    jt_entry *entry = append(r, kind, (uint32_t)length, (uint32_t)r->side_count);
    entry->head |= (uint64_t)JT_TEXT_IN_SIDE << 8;
    r->side_count = needed;
    return after_event(r);
}

/// Records a string, key or number. Text in the piece is left there, and its token's end
/// follows from it (so most events need nothing of yajl but the text); any other text is copied.
static inline __attribute__((always_inline)) int record_text(jt_recorder *r, jt_kind kind, const unsigned char *text,
                                                             size_t length, size_t closing) {
    if (__builtin_expect(!is_in_piece(r, text), 0)) return record_side_text(r, kind, text, length);
    uint64_t end = r->piece_offset + (uint64_t)(text - r->piece) + length + closing;
    append_at(r, kind, end, (uint32_t)length, 0);
    return after_event(r);
}

/// The bytes RFC 8259 lets follow a number: whitespace, ',', ']' and '}'.
static const unsigned char ends_number[256] = {
    [' '] = 1, ['\n'] = 1, ['\r'] = 1, ['\t'] = 1, [','] = 1, [']'] = 1, ['}'] = 1,
};

// MARK: - Callbacks

static int on_null(void *context) {
    jt_recorder *r = context;
    count_value(r);
    append(r, JT_NULL, 0, 0);
    return after_event(r);
}

static int on_boolean(void *context, int value) {
    jt_recorder *r = context;
    count_value(r);
    append(r, value ? JT_TRUE : JT_FALSE, 0, 0);
    return after_event(r);
}

static int on_number(void *context, const char *text, size_t length) {
    jt_recorder *r = context;
    if (length > r->max_number_bytes) {
        r->stop = JT_STOP_LONG_NUMBER;
        r->stop_token_end = r->piece_offset + yajl_get_bytes_consumed(r->handle);
        return 0;
    }
    // RFC 8259 ends a number only at whitespace, ',', ']', '}' or the end of the input; yajl
    // ends it at any byte that cannot continue it, so "01" would read as two numbers. yajl
    // has read the byte after the number and stepped back onto it: it is the next byte of the
    // piece, unless the input ended (while finishing, yajl feeds itself the space it stops at).
    const unsigned char *bytes = (const unsigned char *)text;
    size_t next = is_in_piece(r, bytes) ? (size_t)(bytes - r->piece) + length : yajl_get_bytes_consumed(r->handle);
    if (!r->finishing && next < r->piece_length && !ends_number[r->piece[next]]) {
        r->stop = JT_STOP_NUMBER_END;
        r->stop_offset = next;
        return 0;
    }
    count_value(r);
    return record_text(r, JT_NUMBER, bytes, length, 0);
}

static int on_string(void *context, const unsigned char *text, size_t length) {
    jt_recorder *r = context;
    if (length > r->max_string_bytes) {
        r->stop = JT_STOP_LONG_STRING;
        r->stop_token_end = r->piece_offset + yajl_get_bytes_consumed(r->handle);
        return 0;
    }
    count_value(r);
    return record_text(r, JT_STRING, text, length, 1);
}

static int on_key(void *context, const unsigned char *text, size_t length) {
    jt_recorder *r = context;
    if (length > r->max_string_bytes) {
        r->stop = JT_STOP_LONG_STRING;
        r->stop_token_end = r->piece_offset + yajl_get_bytes_consumed(r->handle);
        return 0;
    }
    r->open_count[r->depth - 1] += 1;
    return record_text(r, JT_KEY, text, length, 1);
}

static int open_container(jt_recorder *r, jt_kind kind) {
    count_value(r);
    append(r, kind, 0, 0);
    if (r->depth == r->open_capacity) {
        size_t capacity = r->open_capacity;
        r->open_index = grow(r->open_index, &capacity, r->depth + 1, sizeof(uint32_t));
        capacity = r->open_capacity;
        r->open_count = grow(r->open_count, &capacity, r->depth + 1, sizeof(uint32_t));
        capacity = r->open_capacity;
        r->open_is_array = grow(r->open_is_array, &capacity, r->depth + 1, 1);
        r->open_capacity = capacity;
    }
    r->open_index[r->depth] = (uint32_t)(r->count - 1);
    r->open_count[r->depth] = 0;
    r->open_is_array[r->depth] = kind == JT_BEGIN_ARRAY;
    r->depth += 1;
    r->in_array = kind == JT_BEGIN_ARRAY;
    // The begin is recorded first, so the walk meets the container that crossed the limit.
    if (r->depth > r->max_depth) {
        r->stop = JT_STOP_DEPTH;
        return 0;
    }
    return after_event(r);
}

static int close_container(jt_recorder *r, jt_kind kind) {
    r->depth -= 1;
    uint32_t begin_index = r->open_index[r->depth];
    append(r, kind, 0, begin_index);
    r->in_array = r->depth > 0 && r->open_is_array[r->depth - 1];
    if (begin_index != JT_GONE) {
        r->entries[begin_index].length = r->open_count[r->depth];
        r->entries[begin_index].link = (uint32_t)(r->count - 1);
    }
    return after_event(r);
}

static int on_start_map(void *context) { return open_container(context, JT_BEGIN_OBJECT); }
static int on_end_map(void *context) { return close_container(context, JT_END_OBJECT); }
static int on_start_array(void *context) { return open_container(context, JT_BEGIN_ARRAY); }
static int on_end_array(void *context) { return close_container(context, JT_END_ARRAY); }

static const yajl_callbacks callbacks = {
    on_null, on_boolean, NULL, NULL, on_number, on_string,
    on_start_map, on_key, on_end_map, on_start_array, on_end_array,
};

const yajl_callbacks *jt_callbacks(void) { return &callbacks; }

// MARK: - Lifetime

jt_recorder *jt_recorder_create(void) {
    jt_recorder *r = calloc(1, sizeof(jt_recorder));
    if (!r) abort();
    r->max_depth = SIZE_MAX;
    r->max_string_bytes = SIZE_MAX;
    r->max_number_bytes = SIZE_MAX;
    r->flush_at = SIZE_MAX;
    return r;
}

void jt_recorder_destroy(jt_recorder *r) {
    if (!r) return;
    free(r->entries);
    free(r->side);
    free(r->open_index);
    free(r->open_count);
    free(r->open_is_array);
    free(r);
}

void jt_recorder_clear(jt_recorder *r) {
    r->count = 0;
    r->cursor = 0;
    r->side_count = 0;
    for (size_t i = 0; i < r->depth; i++) r->open_index[i] = JT_GONE;
}

void jt_recorder_reset(jt_recorder *r) {
    r->count = 0;
    r->side_count = 0;
    r->depth = 0;
    r->in_array = 0;
    r->stop = JT_STOP_NONE;
    r->stop_token_end = 0;
    r->stop_offset = 0;
    r->finishing = 0;
    r->cursor = 0;
    r->handle = NULL;
    r->piece = NULL;
    r->piece_length = 0;
    r->piece_offset = 0;
}

// MARK: - Parsing

yajl_status jt_parse(jt_recorder *r, yajl_handle handle, const unsigned char *bytes, size_t length, uint64_t offset) {
    jt_recorder_clear(r);
    r->handle = handle;
    r->piece = bytes;
    r->piece_length = length;
    r->piece_offset = offset;
    r->finishing = 0;
    return yajl_parse(handle, bytes, length);
}

yajl_status jt_complete(jt_recorder *r, yajl_handle handle) {
    jt_recorder_clear(r);
    r->handle = handle;
    r->piece = NULL;
    r->piece_length = 0;
    r->finishing = 1;
    yajl_status status = yajl_complete_parse(handle);
    r->finishing = 0;
    return status;
}
