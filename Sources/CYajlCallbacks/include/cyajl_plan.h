#ifndef CYAJL_PLAN_H
#define CYAJL_PLAN_H
// The planned recorder: yajl's callbacks for a record whose reader (a runtime schema) knows
// beforehand which values it reads. A plan is a tree of levels, one per object or array the
// reader looks into; each names the keys (or indexes) read there and, for each, the slot its
// value goes to and the level below it. The recorder follows the plan through one record's
// events and notes each planned value in its slot: its kind and where its text is. Every
// other value passes by in C, without a call into Swift.
//
// The recorder never reports an error: a record it cannot vouch for (malformed, over a limit,
// shaped otherwise than the plan expects, a planned key given twice) makes
// ``cyajlplan_record`` return 0, and the caller decodes that record the general way, which
// says exactly what is wrong. So the recorder is only ever a shortcut to the same result.

#include <stddef.h>
#include <stdint.h>
#include <yajl/yajl_parse.h>

#include "CYajlCallbacks.h"

/// A key of an object level, or an index of an array level.
typedef struct cyajl_plan_key {
    /// The key's unescaped bytes (unused for an index).
    const unsigned char *text;
    uint32_t length;
    /// The key's words (``cyajl_key_words``): a key of up to sixteen bytes is matched by them
    /// alone, a longer one by them and its middle bytes.
    uint64_t head;
    uint64_t tail;
    /// The slot the value goes to, or -1 when the value itself is not read.
    int32_t slot;
    /// The level that reads the value's members, or -1.
    int32_t child;
} cyajl_plan_key;

/// An object or array the plan reads members of.
typedef struct cyajl_plan_level {
    /// 1 for an array level, whose keys are its indexes: key `i` is element `i`; 2 for the
    /// exploded array, whose every element is read by its one key, into element slots (see
    /// ``cyajl_plan/elementSlotBase``).
    uint32_t isArray;
    /// The level's keys: `keys[firstKey ..< firstKey + keyCount]`.
    uint32_t firstKey;
    uint32_t keyCount;
    /// An object level's hash table: `buckets[firstBucket + (hash & bucketMask)]` onwards, by
    /// linear probing, holds a key's index plus one; 0 ends the probe.
    uint32_t firstBucket;
    uint32_t bucketMask;
    /// An object level's key lengths: bit `min(length, 63)` set for each key, so that most
    /// keys the level does not read are passed by without hashing them.
    uint64_t keyLengths;
} cyajl_plan_level;

/// A key length's bit in ``cyajl_plan_level/keyLengths``.
static inline uint64_t cyajlplan_length_bit(size_t length) {
    return (uint64_t)1 << (length < 63 ? length : 63);
}

/// Whether two keys of `length` bytes (more than sixteen) whose first and last eight bytes
/// agree agree in between too. Compared a word at a time here rather than by `memcmp`: a call
/// inside the probe loop would make every caller keep its state across it, and long keys are
/// common (`in_reply_to_status_id_str`, `profile_background_image_url_https`).
static inline int cyajl_key_middles_equal(const unsigned char *a, const unsigned char *b, size_t length) {
    // `at < length - 8` keeps each eight-byte read inside both keys; the reads span byte 8 up
    // to the last eight bytes, which the caller compares.
    for (size_t at = 8; at < length - 8; at += 8) {
        uint64_t x, y;
        __builtin_memcpy(&x, a + at, 8);
        __builtin_memcpy(&y, b + at, 8);
        if (x != y) return 0;
    }
    return 1;
}

/// The number of the key `text` among an object level's `keys` (the level's own, from its
/// first), found in its hash table `buckets` (the level's own, from its first), or -1.
static inline int32_t cyajl_level_find(const cyajl_plan_level *level, const cyajl_plan_key *keys, const uint32_t *buckets,
                                       const unsigned char *text, size_t length) {
    if (!(level->keyLengths & cyajlplan_length_bit(length))) return -1;
    uint64_t head, tail;
    cyajl_key_words(text, length, &head, &tail);
    uint32_t bucket = (uint32_t)cyajl_key_mix(length, head, tail) & level->bucketMask;
    for (uint32_t entry; (entry = buckets[bucket]) != 0; bucket = (bucket + 1) & level->bucketMask) {
        const cyajl_plan_key *key = &keys[entry - 1];
        // Two words are a key of up to sixteen bytes; only the middle of a longer one is compared.
        if (key->length == length && key->head == head && key->tail == tail
            && (length <= 16 || cyajl_key_middles_equal(key->text, text, length))) {
            return (int32_t)(entry - 1);
        }
    }
    return -1;
}

/// The keys of an object a Swift handler reads (a model's object), for ``cyajl_route_key``:
/// one object level, and the value each key stands for, by the key's number.
typedef struct cyajl_key_route {
    cyajl_plan_level level;
    const cyajl_plan_key *keys;
    const uint32_t *buckets;
    void *const *values;
} cyajl_key_route;

/// The ``cyajl_plan_level/isArray`` of an exploded array.
#define CYAJL_PLAN_EXPLODED 2

/// A compiled plan; level 0 is the record, an object. Immutable once built, so one plan
/// serves every thread.
typedef struct cyajl_plan {
    const cyajl_plan_level *levels;
    const cyajl_plan_key *keys;
    const uint32_t *buckets;
    uint32_t slotCount;
    /// Slots from this one on are read inside each element of the exploded array, and noted
    /// per element (``cyajlplan_element_value``); equal to `slotCount` without an explode.
    uint32_t elementSlotBase;
} cyajl_plan;

/// The value a slot received in the current record.
typedef struct cyajl_plan_value {
    /// Equal to the recorder's stamp when the slot received a value in the current record.
    uint32_t stamp;
    /// What the value is: a ``cyajl_tape_kind`` of a value (an object or array is its begin kind).
    uint8_t kind;
    /// 1 when the text is in the recorder's side buffer (a string with escapes, unescaped by
    /// yajl), 0 when in the record.
    uint8_t inSide;
    /// A string's or number's text length; an object's or array's member count.
    uint32_t length;
    /// A string's or number's first byte; an object's or array's opening bracket.
    size_t position;
    /// An object or array: the offset just past its closing bracket.
    size_t end;
} cyajl_plan_value;

/// An object or array being read by the plan.
typedef struct cyajl_plan_frame {
    int32_t level;
    uint32_t count;
    /// The value the container is noted as, if a slot reads it.
    struct cyajl_plan_value *value;
} cyajl_plan_frame;

/// One worker's recorder: the plan it follows, the values of the record last recorded, and
/// memory kept from record to record (so a record allocates nothing once it has grown).
typedef struct cyajl_recorder {
    const cyajl_plan *plan;
    cyajl_plan_value *values;
    uint32_t stamp;
    yajl_callbacks table;
    /// One yajl handle for every record, in multiple-values mode: a record ends where its
    /// object closes, and the handle reads the next record without being made anew. A handle
    /// that stopped inside a record (an error, a record cut short, a callback that gave up) is
    /// dead: it is freed, and the next record gets a new one.
    yajl_handle handle;
    /// Set when the record's object has closed: the offset just past its closing brace.
    size_t recordEnd;
    int recordClosed;
    const unsigned char *input;
    size_t inputLength;
    cyajl_plan_frame *frames;
    size_t depth;
    size_t frameCapacity;
    /// The innermost open container's frame and level (`frames[depth - 1]` and its level),
    /// kept at hand for the callbacks of its members; NULL at depth 0.
    cyajl_plan_frame *top;
    const cyajl_plan_level *topLevel;
    /// The slot and level of the next value of the innermost object, set by its key.
    int32_t pendingSlot;
    int32_t pendingChild;
    /// Containers open inside a value the plan does not look into (0 outside one), the value
    /// it is noted as (or NULL) and its members so far.
    size_t skipDepth;
    struct cyajl_plan_value *skipValue;
    uint32_t skipCount;
    unsigned char *side;
    size_t sideCount;
    size_t sideCapacity;
    /// The element slots of each element of the exploded array, element after element.
    cyajl_plan_value *elementValues;
    size_t elementCapacity;
    /// Elements of the exploded array in the current record, and the one being read.
    uint32_t elementCount;
    uint32_t element;
    size_t maxStringBytes;
    size_t maxNumberBytes;
    size_t depthLimit;
} cyajl_recorder;

/// A recorder for `plan`, which must outlive it, with the parse limits of the options.
cyajl_recorder *cyajlplan_recorder_create(const cyajl_plan *plan, size_t maxStringBytes, size_t maxNumberBytes, size_t depthLimit);

void cyajlplan_recorder_free(cyajl_recorder *recorder);

/// Parses the record in `input` (one JSON object, whitespace around it allowed) and notes
/// its planned values. Returns 1 when every check passed and the values are noted; 0 when the
/// record must be decoded the general way (see the top of this file). The input's bytes must
/// have passed the raw input checks (UTF-8, control bytes, surrogate escapes) already: yajl is
/// told not to check strings.
int cyajlplan_record(cyajl_recorder *recorder, const void *input, size_t length);

/// The value `slot` received in the record last recorded, or NULL when none.
static inline const cyajl_plan_value *cyajlplan_value(const cyajl_recorder *recorder, uint32_t slot) {
    const cyajl_plan_value *value = &recorder->values[slot];
    return value->stamp == recorder->stamp ? value : NULL;
}

/// The value element slot `slot` received in element `element` of the exploded array, or
/// NULL when none.
static inline const cyajl_plan_value *cyajlplan_element_value(const cyajl_recorder *recorder, uint32_t element, uint32_t slot) {
    const cyajl_plan *plan = recorder->plan;
    const cyajl_plan_value *value = &recorder->elementValues[(size_t)element * (plan->slotCount - plan->elementSlotBase) + (slot - plan->elementSlotBase)];
    return value->stamp == recorder->stamp ? value : NULL;
}

/// The first byte of a string's or number's text.
static inline const unsigned char *cyajlplan_text(const cyajl_recorder *recorder, const cyajl_plan_value *value) {
    return (value->inSide ? recorder->side : recorder->input) + value->position;
}

#endif
