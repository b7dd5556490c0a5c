#ifndef CYAJLCALLBACKS_H
#define CYAJLCALLBACKS_H
// yajl's callbacks written in C, so that events never cross into Swift one by one:
//
// - Skipping (skip.c): while the value of a key no mapping reads goes by, yajl calls these
//   instead of the library's Swift callbacks.
// - Recording (tape.c): every event of a document is written to a tape, a flat array the
//   Codable decoder reads.
//
// - Planned recording (plan.c, cyajl_plan.h): the values a record plan reads are noted by
//   slot, everything else passes by.
//
// All make the checks of cyajl_checks.h on every event (the string and number limits, what
// follows a number, the depth limit), as the Swift callbacks do; an event that fails one goes
// to a Swift slow path, which reports it exactly as for an event Swift receives.
//
// yajl keeps the pointer to its callback table, not a copy, and reads the table at every
// event: the table lives in this state, and is switched between the Swift callbacks and the
// skipping or recording ones.

#include <stddef.h>
#include <stdint.h>
#include <yajl/yajl_parse.h>

#include "cyajl_checks.h"

struct cyajl_tape;

/// What the Swift side is called with.
typedef struct cyajl_forward {
    /// The Swift callbacks, which yajl calls outside a skipped value. Every callback, these
    /// and the slow paths below, is called with the state as its context.
    yajl_callbacks callbacks;
    /// The Swift side's own context (the sink), which it finds through the state.
    void *context;
    /// Skipping or recording: a number longer than the limit, or not followed by a byte that
    /// surely ends it. Returns what the Swift number callback's checks return.
    int (*checkNumber)(void *context, const char *text, size_t length);
    /// Skipping or recording: a string or key longer than the limit. Returns 0.
    int (*textTooLong)(void *context);
    /// Skipping or recording: a container past the depth limit. Returns what the Swift begin
    /// callback would.
    int (*depthExceeded)(void *context);
} cyajl_forward;

/// One parse's callbacks and skipping state: yajl's context, and its callback table.
typedef struct cyajl_state {
    /// The table yajl calls (see the top of this file).
    yajl_callbacks table;
    cyajl_forward forward;
    size_t maxStringBytes;
    size_t maxNumberBytes;
    /// Set by the sink for the key being delivered (``cyajlskip_skip_value_of_key``); read by
    /// the Swift key callback when the sink returns.
    int skipRequested;
    /// How many containers the skipped value may open within the depth limit.
    long depthAllowance;
    /// Containers of the skipped value that are open.
    long skipDepth;
    /// The tape being recorded, while yajl calls the recording callbacks.
    struct cyajl_tape *tape;
    /// The Swift key callback (``cyajl_forward/callbacks`` has ``cyajl_route_key`` instead).
    int (*swiftKey)(void *context, const unsigned char *text, size_t length);
    /// The keys of the object the Swift side reads now, looked up in C (see
    /// ``cyajl_route_key``), or NULL: keys go to Swift. Set by the Swift side whenever its
    /// innermost open container changes.
    const struct cyajl_key_route *keyRoute;
    /// With a route: where a key's value from the route goes (NULL for a key it does not
    /// have), and how many containers deep such a key's skipped value may go.
    void **keyEntry;
    long keyDepthAllowance;
} cyajl_state;

/// Grows `array` of `element`-byte items to room for at least `needed`, doubling from 64,
/// and updates `capacity`: the C tables' one growth (the tape's, the planned recorder's).
/// Running out of memory ends the process, as Swift's own allocations do.
void *cyajl_grow(void *array, size_t *capacity, size_t needed, size_t element);

/// Makes `state` ready for a parse: yajl calls the Swift callbacks of `forward` until a skip,
/// the key callback through ``cyajl_route_key``.
void cyajl_init(cyajl_state *state, cyajl_forward forward, size_t maxStringBytes, size_t maxNumberBytes);

/// Asks that the value of the key being delivered be skipped; `allowance` is how many
/// containers deep it may go within the depth limit.
static inline void cyajlskip_skip_value_of_key(cyajl_state *state, long allowance) {
    state->skipRequested = 1;
    state->depthAllowance = allowance;
}

/// Starts skipping the value of the key just delivered: called by the Swift key callback when
/// the sink asked for it while it took the key.
void cyajlskip_start_skipping(cyajl_state *state);

/// The key callback yajl calls outside a skipped value. With a route (``cyajl_state/keyRoute``)
/// it looks the key up there and writes what it finds to ``cyajl_state/keyEntry``, skipping the
/// value of a key the route does not have, as the Swift side would with the same table; the key
/// never reaches Swift. Without one, or for a key over the string limit, it calls the Swift key
/// callback.
int cyajl_route_key(void *context, const unsigned char *text, size_t length);

/// The callback table to give yajl with `state` as its context.
static inline const yajl_callbacks *cyajl_table(cyajl_state *state) {
    return &state->table;
}

// MARK: - Recording

/// What an entry of a tape is.
typedef enum cyajl_tape_kind {
    CYAJL_TAPE_NULL = 1,
    CYAJL_TAPE_FALSE = 2,
    CYAJL_TAPE_TRUE = 3,
    CYAJL_TAPE_NUMBER = 4,
    CYAJL_TAPE_STRING = 5,
    CYAJL_TAPE_KEY = 6,
    CYAJL_TAPE_BEGIN_OBJECT = 7,
    CYAJL_TAPE_END_OBJECT = 8,
    CYAJL_TAPE_BEGIN_ARRAY = 9,
    CYAJL_TAPE_END_ARRAY = 10,
} cyajl_tape_kind;

/// Where the text of a string, key or number is.
typedef enum cyajl_text_place {
    /// In the input, as it is: `position` is its first byte.
    CYAJL_TEXT_IN_INPUT = 0,
    /// In the side buffer: `position` is its first byte there (a key with escapes, unescaped;
    /// a number yajl assembled when the input ended).
    CYAJL_TEXT_IN_SIDE = 1,
    /// A string with escapes, read from the input as it is written there: `position` is the
    /// first byte after its opening quote and `length` the escaped length; the reader unescapes
    /// it (``cyajltape_unescape``).
    CYAJL_TEXT_ESCAPED = 2,
} cyajl_text_place;

/// What a begin-object entry's ``textPlace`` says of its keys. A reader that searches an
/// object's keys from the middle (the first of a repeated key counts) may do so only when it is
/// 0: the keys are distinct.
typedef enum cyajl_object_keys {
    CYAJL_OBJECT_KEYS_DISTINCT = 0,
    /// A key occurs more than once.
    CYAJL_OBJECT_REPEATS_KEYS = 1,
    /// The object has more keys than the recorder compares (``CYAJL_TAPE_CHECKED_KEYS``).
    CYAJL_OBJECT_KEYS_UNCHECKED = 2,
} cyajl_object_keys;

/// The keys of an object the recorder checks for repeats: a filter of 256 bits tells most new
/// keys apart at once, and past this many keys it would tell too few.
#define CYAJL_TAPE_CHECKED_KEYS 128

/// A key's bit, one of 256, in the filters of an object's keys (the recorder's while the object
/// is open, and the one its end entry keeps, ``cyajl_tape_entry``): the top byte of the one key
/// hash.
static inline unsigned cyajltape_key_bit(const unsigned char *text, size_t length) {
    return (unsigned)(cyajl_key_hash(text, length) >> 56);
}

/// One event of a document, in document order. 16 bytes, so that a walk reads a value's kind,
/// length and place in one cache line with its neighbours.
///
/// Example: {"a":[1,"x\ny"]} records
///   index  kind          length  position
///   0      begin-object  1       7   (its end is entry 6: the walk jumps to 7 to pass it)
///   1      key           1       2   (the text "a" starts at input byte 2)
///   2      begin-array   2       6
///   3      number        1       6   (input byte 6)
///   4      string        4       9   (escaped: the 4 bytes x\ny as written, read unescaped when asked)
///   5      end-array
///   6      end-object
typedef struct cyajl_tape_entry {
    /// A ``cyajl_tape_kind``.
    uint8_t kind;
    /// Strings, keys and numbers: where the text is (a ``cyajl_text_place``). A begin-object:
    /// what is known of its keys (a ``cyajl_object_keys``).
    uint8_t textPlace;
    /// A begin: how many containers enclose it (0 for the outermost; at most 65535).
    uint16_t depth;
    /// Strings, keys and numbers: the text's byte count (escaped for ``CYAJL_TEXT_ESCAPED``). A begin: its
    /// members once it has closed (an object's key-value pairs, an array's elements).
    uint32_t length;
    /// Strings, keys and numbers: where the text is (see ``cyajl_text_place``). A begin: the
    /// index just past its end entry, once it has closed. An end-object: a filter of its keys,
    /// bit `cyajltape_key_bit(key) % 64` set for each (all set when the keys were not all
    /// noted, past ``CYAJL_TAPE_CHECKED_KEYS``): a key whose bit is clear is not in the object.
    uint64_t position;
} cyajl_tape_entry;

/// A document's events. The arrays keep their capacity from document to document, so a stream
/// of records allocates nothing per record once they have grown.
typedef struct cyajl_tape {
    cyajl_tape_entry *entries;
    size_t count;
    size_t capacity;
    /// Copies of the text yajl hands out from a buffer of its own, which it reuses after the
    /// callback: a key with escapes, unescaped, and a number that ended with the input. (A
    /// string with escapes is read from the input: ``CYAJL_TEXT_ESCAPED``.)
    unsigned char *side;
    size_t sideCount;
    size_t sideCapacity;
    /// Open containers, innermost last: each one's begin entry and the members counted so far.
    uint32_t *openIndex;
    uint32_t *openCount;
    /// For each open container, four words: a bit per hash of the object's keys recorded so
    /// far. A key whose bit is set may repeat one and is compared with them.
    uint64_t *openKeyBits;
    size_t depth;
    size_t openCapacity;
    /// How deep containers may nest before the depth slow path is called.
    size_t depthLimit;
    /// The document being parsed: text inside it is not copied.
    const unsigned char *input;
    size_t inputLength;
    /// The handle parsing it, which says where a string with escapes ended.
    yajl_handle handle;
} cyajl_tape;

/// Forgets the last document's events and makes `tape` ready to record `input`, which
/// `handle` will parse whole, at most `depthLimit` containers deep.
void cyajltape_begin(cyajl_tape *tape, yajl_handle handle, const unsigned char *input, size_t inputLength, size_t depthLimit);

/// Appends a null entry after the document's events, for a value the document does not have
/// (a super decoder of an absent key reads as null). Returns its index.
size_t cyajltape_append_null(cyajl_tape *tape);

/// Writes the unescaped contents of the escaped JSON string text at `escaped` (`length` bytes,
/// well-formed: valid UTF-8, every escape complete, a high surrogate escape followed by its low
/// half) to `out`, which has room for `length` bytes (unescaping never makes text longer).
/// Returns the bytes written.
size_t cyajltape_unescape(const unsigned char *escaped, size_t length, unsigned char *out);

/// Frees the tape's arrays (not the tape itself).
void cyajltape_free(cyajl_tape *tape);

/// Makes yajl call the recording callbacks, writing every event to `tape`.
void cyajltape_record(cyajl_state *state, cyajl_tape *tape);

#endif
