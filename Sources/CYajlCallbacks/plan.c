// The planned recorder (see cyajl_plan.h). yajl calls these with the recorder as its context.
#include "CYajlCallbacks.h"
#include "cyajl_plan.h"

#include <stdlib.h>
#include <string.h>


// MARK: - Values

/// Starts element `element` of the exploded array: its element slots are empty.
static void cyajlplan_start_element(cyajl_recorder *r, uint32_t element) {
    size_t width = r->plan->slotCount - r->plan->elementSlotBase;
    if (element >= r->elementCapacity) {
        size_t old = r->elementCapacity;
        r->elementValues = cyajl_grow(r->elementValues, &r->elementCapacity, (size_t)element + 1, width ? width * sizeof(cyajl_plan_value) : 1);
        if (width) memset(r->elementValues + old * width, 0, (r->elementCapacity - old) * width * sizeof(cyajl_plan_value));
    }
    // Slots a former record left with this record's stamp (it wrapped) are cleared whole.
    for (size_t k = 0; k < width; k++) r->elementValues[(size_t)element * width + k].stamp = 0;
    r->element = element;
    r->elementCount = element + 1;
}

/// Where the value that starts now goes: its slot and the level that reads its members, from
/// the innermost object's last key or the innermost array's element index.
static inline void cyajlplan_locate(cyajl_recorder *r, int32_t *slot, int32_t *child) {
    cyajl_plan_frame *frame = r->top;
    const cyajl_plan_level *level = r->topLevel;
    if (level->isArray == CYAJL_PLAN_EXPLODED) {
        cyajlplan_start_element(r, frame->count);
        const cyajl_plan_key *key = &r->plan->keys[level->firstKey];
        *slot = key->slot;
        *child = key->child;
    } else if (level->isArray) {
        uint32_t index = frame->count;
        if (index < level->keyCount) {
            const cyajl_plan_key *key = &r->plan->keys[level->firstKey + index];
            *slot = key->slot;
            *child = key->child;
        } else {
            *slot = -1;
            *child = -1;
        }
    } else {
        *slot = r->pendingSlot;
        *child = r->pendingChild;
        r->pendingSlot = -1;
        r->pendingChild = -1;
    }
    frame->count += 1;
}

/// The slot's value for this record, or NULL when the slot already has one (a repeated key,
/// which the general decoder resolves).
static inline cyajl_plan_value *cyajlplan_claim(cyajl_recorder *r, int32_t slot) {
    uint32_t base = r->plan->elementSlotBase;
    cyajl_plan_value *value = (uint32_t)slot < base
        ? &r->values[slot]
        : &r->elementValues[(size_t)r->element * (r->plan->slotCount - base) + ((uint32_t)slot - base)];
    if (value->stamp == r->stamp) return NULL;
    value->stamp = r->stamp;
    return value;
}

/// Notes a scalar in its slot, if the plan reads it; 0 when the record takes the general path.
static int cyajlplan_scalar(cyajl_recorder *r, cyajl_tape_kind kind, const unsigned char *text, size_t length) {
    if (r->skipDepth) {
        if (r->skipDepth == 1) r->skipCount += 1;
        return 1;
    }
    // The plan reads one object per record: a scalar at depth 0 (a record that is no object,
    // or a value after it) is for the general way to report.
    if (r->depth == 0) return 0;
    int32_t slot, child;
    cyajlplan_locate(r, &slot, &child);
    // The plan reads members of a value that has none.
    if (child >= 0) return 0;
    if (slot < 0) return 1;
    cyajl_plan_value *value = cyajlplan_claim(r, slot);
    if (!value) return 0;
    value->kind = (uint8_t)kind;
    value->length = (uint32_t)length;
    uintptr_t offset = (uintptr_t)text - (uintptr_t)r->input;
    if (!text || offset < r->inputLength) {
        value->inSide = 0;
        value->position = text ? offset : 0;
        return 1;
    }
    // Text yajl unescaped into a buffer of its own, which it reuses after the callback.
    if (r->sideCount + length >= r->sideCapacity) r->side = cyajl_grow(r->side, &r->sideCapacity, r->sideCount + length + 1, 1);
    memcpy(r->side + r->sideCount, text, length);
    value->inSide = 1;
    value->position = r->sideCount;
    r->sideCount += length;
    return 1;
}

// MARK: - Callbacks

static int cyajlplan_null(void *context) {
    return cyajlplan_scalar(context, CYAJL_TAPE_NULL, NULL, 0);
}

static int cyajlplan_boolean(void *context, int value) {
    return cyajlplan_scalar(context, value ? CYAJL_TAPE_TRUE : CYAJL_TAPE_FALSE, NULL, 0);
}

static int cyajlplan_number(void *context, const char *text, size_t length) {
    cyajl_recorder *r = context;
    // A number at the very end of the input (yajl's padding after it) is no object member.
    if (!cyajl_number_passes((const unsigned char *)text, length, r->maxNumberBytes)) return 0;
    return cyajlplan_scalar(r, CYAJL_TAPE_NUMBER, (const unsigned char *)text, length);
}

static int cyajlplan_string(void *context, const unsigned char *text, size_t length) {
    cyajl_recorder *r = context;
    if (!cyajl_text_passes(length, r->maxStringBytes)) return 0;
    return cyajlplan_scalar(r, CYAJL_TAPE_STRING, text, length);
}

static int cyajlplan_key(void *context, const unsigned char *text, size_t length) {
    cyajl_recorder *r = context;
    if (!cyajl_text_passes(length, r->maxStringBytes)) return 0;
    if (r->skipDepth) return 1;
    const cyajl_plan_level *level = r->topLevel;
    r->pendingSlot = -1;
    r->pendingChild = -1;
    int32_t number = cyajl_level_find(level, r->plan->keys + level->firstKey, r->plan->buckets + level->firstBucket, text, length);
    if (number >= 0) {
        const cyajl_plan_key *key = &r->plan->keys[level->firstKey + (uint32_t)number];
        r->pendingSlot = key->slot;
        r->pendingChild = key->child;
    }
    return 1;
}

static int cyajlplan_open(cyajl_recorder *r, int isArray) {
    if (!cyajl_depth_passes(r->depth + r->skipDepth + 1, r->depthLimit)) return 0;
    if (r->skipDepth) {
        if (r->skipDepth == 1) r->skipCount += 1;
        r->skipDepth += 1;
        return 1;
    }
    int32_t slot = -1, child = 0;
    if (r->depth == 0) {
        // The plan reads one object per record; an array, or a second value, is the general
        // way's to report.
        if (isArray || r->recordClosed) return 0;
    } else {
        cyajlplan_locate(r, &slot, &child);
    }
    cyajl_plan_value *value = NULL;
    if (slot >= 0) {
        value = cyajlplan_claim(r, slot);
        if (!value) return 0;
        value->kind = isArray ? CYAJL_TAPE_BEGIN_ARRAY : CYAJL_TAPE_BEGIN_OBJECT;
        value->inSide = 0;
        value->position = yajl_get_bytes_consumed(r->handle) - 1;
    }
    if (child < 0) {
        r->skipDepth = 1;
        r->skipValue = value;
        r->skipCount = 0;
        return 1;
    }
    // The plan reads an object where the record has an array, or the other way round.
    if ((r->plan->levels[child].isArray != 0) != isArray) return 0;
    if (r->depth == r->frameCapacity) r->frames = cyajl_grow(r->frames, &r->frameCapacity, r->depth + 1, sizeof(cyajl_plan_frame));
    r->frames[r->depth] = (cyajl_plan_frame){ .level = child, .count = 0, .value = value };
    r->top = &r->frames[r->depth];
    r->topLevel = &r->plan->levels[child];
    r->depth += 1;
    return 1;
}

/// Ends a container the plan noted: its member count and end go to its slot's value.
static inline void cyajlplan_note_end(cyajl_recorder *r, cyajl_plan_value *value, uint32_t count) {
    if (!value) return;
    value->length = count;
    value->end = yajl_get_bytes_consumed(r->handle);
}

static int cyajlplan_close(void *context) {
    cyajl_recorder *r = context;
    if (r->skipDepth) {
        r->skipDepth -= 1;
        if (r->skipDepth == 0) cyajlplan_note_end(r, r->skipValue, r->skipCount);
        return 1;
    }
    r->depth -= 1;
    cyajlplan_note_end(r, r->frames[r->depth].value, r->frames[r->depth].count);
    if (r->depth == 0) {
        r->top = NULL;
        r->topLevel = NULL;
        r->recordClosed = 1;
        r->recordEnd = yajl_get_bytes_consumed(r->handle);
    } else {
        r->top = &r->frames[r->depth - 1];
        r->topLevel = &r->plan->levels[r->top->level];
    }
    return 1;
}

static int cyajlplan_begin_object(void *context) { return cyajlplan_open(context, 0); }
static int cyajlplan_begin_array(void *context) { return cyajlplan_open(context, 1); }

static const yajl_callbacks cyajlplan_callbacks = {
    cyajlplan_null,
    cyajlplan_boolean,
    NULL,
    NULL,
    cyajlplan_number,
    cyajlplan_string,
    cyajlplan_begin_object,
    cyajlplan_key,
    cyajlplan_close,
    cyajlplan_begin_array,
    cyajlplan_close,
};

/// Whether the bytes after a record's object are whitespace only, the one thing JSON allows
/// after a document. Any other byte is a second value, or the start of a token yajl holds for
/// its next call.
static int cyajlplan_only_whitespace(const unsigned char *bytes, size_t count) {
    for (size_t k = 0; k < count; k++) {
        unsigned char byte = bytes[k];
        if (byte != ' ' && byte != '\t' && byte != '\n' && byte != '\r') return 0;
    }
    return 1;
}

// MARK: - Lifetime

cyajl_recorder *cyajlplan_recorder_create(const cyajl_plan *plan, size_t maxStringBytes, size_t maxNumberBytes, size_t depthLimit) {
    cyajl_recorder *r = calloc(1, sizeof *r);
    if (!r) abort();
    r->plan = plan;
    r->values = calloc(plan->slotCount ? plan->slotCount : 1, sizeof(cyajl_plan_value));
    if (!r->values) abort();
    r->table = cyajlplan_callbacks;
    r->maxStringBytes = maxStringBytes;
    r->maxNumberBytes = maxNumberBytes;
    r->depthLimit = depthLimit;
    return r;
}

void cyajlplan_recorder_free(cyajl_recorder *r) {
    if (!r) return;
    if (r->handle) yajl_free(r->handle);
    free(r->values);
    free(r->frames);
    free(r->side);
    free(r->elementValues);
    free(r);
}

int cyajlplan_record(cyajl_recorder *r, const void *input, size_t length) {
    // A new stamp empties every slot at once; on wrapping, the slots are cleared for real.
    r->stamp += 1;
    if (r->stamp == 0) {
        memset(r->values, 0, (r->plan->slotCount ? r->plan->slotCount : 1) * sizeof(cyajl_plan_value));
        r->stamp = 1;
    }
    r->input = input;
    r->inputLength = length;
    r->depth = 0;
    r->top = NULL;
    r->topLevel = NULL;
    r->skipDepth = 0;
    r->pendingSlot = -1;
    r->pendingChild = -1;
    r->sideCount = 0;
    r->elementCount = 0;
    r->element = 0;
    r->recordClosed = 0;
    if (!r->handle) {
        r->handle = yajl_alloc(&r->table, NULL, r);
        if (!r->handle) abort();
        yajl_config(r->handle, yajl_dont_validate_strings, 1);
        yajl_config(r->handle, yajl_allow_multiple_values, 1);
    }
    int ok = yajl_parse(r->handle, r->input, length) == yajl_status_ok && r->recordClosed
        && cyajlplan_only_whitespace(r->input + r->recordEnd, length - r->recordEnd);
    if (!ok) {
        // Stopped inside the record, or past it with bytes yajl may hold as a token begun.
        yajl_free(r->handle);
        r->handle = NULL;
    }
    return ok;
}
