#ifndef JSON_TAPE_H
#define JSON_TAPE_H
// The tape recorder: yajl's parse events written by C callbacks into a flat array of 16-byte
// entries, which the Swift engine then walks. No event crosses into Swift while yajl parses.
//
// Entries (jt_entry), one per event, in document order:
//
//   word    bits   meaning
//   head    0-7    kind (jt_kind)
//           8-15   flags: JT_TEXT_IN_SIDE (the text is in the side buffer, not in the input)
//           16-63  token end: the absolute input offset just past the event's token (for a
//                  container's begin and end, just past its brace or bracket)
//   length  32     strings, keys and numbers: the text's byte count (a string's is unescaped);
//                  a begin: its member count once it has closed (an object's members are
//                  key-value pairs, an array's its elements)
//   link    32     text in the side buffer: its offset there; a begin: the index of its end
//                  entry once it has closed (0 while open, or when the end fell in a later
//                  segment); an end: the index of its begin (JT_GONE if that was in an
//                  earlier segment)
//
// Text that yajl hands out inside the input (a string without escapes, a number) is not
// copied: it ends where its token ends, less a string's closing quote, so its place follows
// from the token end. Text that yajl hands out from its own buffers (an unescaped copy, a
// token yajl assembled across two pieces) is copied into the side buffer, because yajl
// reuses those buffers after the callback.
//
// Example: {"a":[1,2]} at offset 0 records
//   index  kind          token end  length  link
//   0      begin-object  1          1       6
//   1      key "a"       4          1       -
//   2      begin-array   6          2       5
//   3      number "1"    7          1       -
//   4      number "2"    9          1       -
//   5      end-array     10         -       2
//   6      end-object    11         -       0
//
// A long piece is read in segments: with a flush function set, the recorder hands its entries
// to the reader every flush_at entries and starts again at index 0. A container that opened in
// an earlier segment closes with an end whose link is JT_GONE, and its begin (already read)
// never learns its end.
//
// A recorder is reused document after document (jt_recorder_reset) and segment after segment
// (jt_recorder_clear): the arrays keep their capacity, so a stream of records allocates
// nothing per record once they have grown.

#include <stddef.h>
#include <stdint.h>
#include <yajl/yajl_parse.h>

typedef enum jt_kind {
    JT_NULL = 1,
    JT_FALSE = 2,
    JT_TRUE = 3,
    JT_NUMBER = 4,
    JT_STRING = 5,
    JT_KEY = 6,
    JT_BEGIN_OBJECT = 7,
    JT_END_OBJECT = 8,
    JT_BEGIN_ARRAY = 9,
    JT_END_ARRAY = 10,
} jt_kind;

enum { JT_TEXT_IN_SIDE = 1 };

/// An end whose begin was recorded in an earlier segment.
#define JT_GONE UINT32_MAX

typedef struct jt_entry {
    uint64_t head;
    uint32_t length;
    uint32_t link;
} jt_entry;

/// Why the recorder stopped yajl (yajl then returns yajl_status_client_canceled).
typedef enum jt_stop {
    JT_STOP_NONE = 0,
    /// A container opened deeper than max_depth; its begin is the last entry.
    JT_STOP_DEPTH = 1,
    /// A string or key longer than max_string_bytes; stop_token_end is its token end.
    JT_STOP_LONG_STRING = 2,
    /// A number longer than max_number_bytes; stop_token_end is its token end.
    JT_STOP_LONG_NUMBER = 3,
    /// A number followed by a byte JSON does not allow after one; stop_offset is that byte's
    /// offset in the piece being parsed.
    JT_STOP_NUMBER_END = 4,
    /// The reader's flush returned 0: it stopped reading; the entries it was given stay.
    JT_STOP_READER = 5,
} jt_stop;

typedef struct jt_recorder {
    jt_entry *entries;
    size_t count;
    size_t capacity;

    uint8_t *side;
    size_t side_count;
    size_t side_capacity;

    /// Open containers, innermost last: the index of each one's begin entry (JT_GONE once
    /// cleared away), the members counted so far, and whether it is an array; `in_array` is
    /// the innermost one's.
    uint32_t *open_index;
    uint32_t *open_count;
    uint8_t *open_is_array;
    size_t depth;
    size_t open_capacity;
    int in_array;

    /// Limits, set by the caller before parsing (SIZE_MAX for none).
    size_t max_depth;
    size_t max_string_bytes;
    size_t max_number_bytes;

    /// The handle parsing, and the piece it is parsing, while jt_parse or jt_complete runs.
    yajl_handle handle;
    const unsigned char *piece;
    size_t piece_length;
    uint64_t piece_offset;
    int finishing;

    jt_stop stop;
    uint64_t stop_token_end;
    size_t stop_offset;

    /// The entry the reader is at (kept here for the reader; the recorder never reads it).
    size_t cursor;

    /// Called with `reader` once `count` reaches `flush_at`, between two events, to read the
    /// entries so far; the recorder then clears them (jt_recorder_clear) and goes on, so a
    /// tape holds at most about `flush_at` entries however long the piece. Returns 0 to stop
    /// the parse (JT_STOP_READER). NULL: the tape grows with the piece.
    int (*flush)(void *reader);
    void *reader;
    size_t flush_at;
} jt_recorder;

/// A recorder with empty arrays and no limits. Never returns NULL (aborts on out of memory).
jt_recorder *jt_recorder_create(void);
void jt_recorder_destroy(jt_recorder *recorder);

/// The callbacks to give yajl_alloc, with the recorder as the context.
const yajl_callbacks *jt_callbacks(void);

/// Forgets every entry and side byte, keeping the open containers (their begins become
/// JT_GONE): the next segment of the same document is recorded from index 0.
void jt_recorder_clear(jt_recorder *recorder);

/// Forgets everything, for a new document with a new handle.
void jt_recorder_reset(jt_recorder *recorder);

/// Parses a piece that starts at absolute offset `offset` of the input, recording its events
/// in place of the last piece's (see jt_recorder_clear).
yajl_status jt_parse(jt_recorder *recorder, yajl_handle handle, const unsigned char *bytes, size_t length, uint64_t offset);

/// Ends the input (yajl_complete_parse), recording what that completes in place of the last
/// piece's events.
yajl_status jt_complete(jt_recorder *recorder, yajl_handle handle);

static inline jt_kind jt_entry_kind(jt_entry entry) { return (jt_kind)(entry.head & 0xFF); }
static inline int jt_entry_text_in_side(jt_entry entry) { return (int)((entry.head >> 8) & JT_TEXT_IN_SIDE); }
static inline uint64_t jt_entry_token_end(jt_entry entry) { return entry.head >> 16; }

#endif
