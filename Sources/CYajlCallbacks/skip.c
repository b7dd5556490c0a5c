#include "CYajlCallbacks.h"
#include "cyajl_plan.h"

// yajl calls these only while a value is skipped, with the state as its context; the state
// lives as long as the yajl handle (the Swift parser allocates and frees both together).

/// The value has ended when none of its containers is open: yajl calls Swift again.
static inline int cyajlskip_value_part_done(cyajl_state *s) {
    if (s->skipDepth == 0) s->table = s->forward.callbacks;
    return 1;
}

static int cyajlskip_null(void *context) {
    return cyajlskip_value_part_done(context);
}

static int cyajlskip_boolean(void *context, int value) {
    (void)value;
    return cyajlskip_value_part_done(context);
}

static int cyajlskip_number(void *context, const char *text, size_t length) {
    cyajl_state *s = context;
    // yajl hands a number only once it has read the byte after it, which is still in the input.
    if (!cyajl_number_passes((const unsigned char *)text, length, s->maxNumberBytes)) {
        if (!s->forward.checkNumber(s, text, length)) return 0;
    }
    return cyajlskip_value_part_done(s);
}

static int cyajlskip_string(void *context, const unsigned char *text, size_t length) {
    cyajl_state *s = context;
    (void)text;
    if (!cyajl_text_passes(length, s->maxStringBytes)) return s->forward.textTooLong(s);
    return cyajlskip_value_part_done(s);
}

static int cyajlskip_map_key(void *context, const unsigned char *text, size_t length) {
    cyajl_state *s = context;
    (void)text;
    if (!cyajl_text_passes(length, s->maxStringBytes)) return s->forward.textTooLong(s);
    return 1;
}

static int cyajlskip_begin(void *context) {
    cyajl_state *s = context;
    s->skipDepth += 1;
    // Reported by the Swift side as for a container it skips itself (the error stops the parse).
    if (!cyajl_depth_passes((size_t)s->skipDepth, (size_t)s->depthAllowance)) return s->forward.depthExceeded(s);
    return 1;
}

static int cyajlskip_end(void *context) {
    cyajl_state *s = context;
    s->skipDepth -= 1;
    return cyajlskip_value_part_done(s);
}

static const yajl_callbacks cyajlskip_skipping = {
    cyajlskip_null,
    cyajlskip_boolean,
    NULL,
    NULL,
    cyajlskip_number,
    cyajlskip_string,
    cyajlskip_begin,
    cyajlskip_map_key,
    cyajlskip_end,
    cyajlskip_begin,
    cyajlskip_end,
};

int cyajl_route_key(void *context, const unsigned char *text, size_t length) {
    cyajl_state *s = context;
    const cyajl_key_route *route = s->keyRoute;
    if (route == NULL || !cyajl_text_passes(length, s->maxStringBytes)) return s->swiftKey(context, text, length);
    int32_t number = cyajl_level_find(&route->level, route->keys, route->buckets, text, length);
    void *value = number >= 0 ? route->values[number] : NULL;
    *s->keyEntry = value;
    if (value == NULL) {
        s->depthAllowance = s->keyDepthAllowance;
        cyajlskip_start_skipping(s);
    }
    return 1;
}

void cyajl_init(cyajl_state *state, cyajl_forward forward, size_t maxStringBytes, size_t maxNumberBytes) {
    state->swiftKey = forward.callbacks.yajl_map_key;
    forward.callbacks.yajl_map_key = cyajl_route_key;
    state->keyRoute = NULL;
    state->keyEntry = NULL;
    state->keyDepthAllowance = 0;
    state->table = forward.callbacks;
    state->forward = forward;
    state->maxStringBytes = maxStringBytes;
    state->maxNumberBytes = maxNumberBytes;
    state->skipRequested = 0;
    state->depthAllowance = 0;
    state->skipDepth = 0;
    state->tape = NULL;
}

void cyajlskip_start_skipping(cyajl_state *state) {
    state->skipRequested = 0;
    state->skipDepth = 0;
    state->table = cyajlskip_skipping;
}
