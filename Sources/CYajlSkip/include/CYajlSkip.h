#ifndef CYAJLSKIP_H
#define CYAJLSKIP_H
// yajl's callbacks for the value of a key that no mapping reads: while it goes by, yajl calls
// these C functions instead of the library's Swift callbacks, so its events never cross into
// Swift. The checks the Swift callbacks make on every event (the string and number limits,
// the byte after a number, the depth limit) are made here too, and an event that fails one
// goes to a Swift slow path that reports it exactly as for a value that is read.
//
// yajl keeps the pointer to its callback table, not a copy, and reads the table at every
// event: the table lives in this state, and is switched between the Swift callbacks and the
// skipping ones as a skipped value starts and ends.

#include <stddef.h>
#include <yajl/yajl_parse.h>

/// What the Swift side is called with.
typedef struct cyajlskip_forward {
    /// The Swift callbacks, which yajl calls outside a skipped value. Every callback, these
    /// and the slow paths below, is called with the state as its context.
    yajl_callbacks callbacks;
    /// The Swift side's own context (the sink), which it finds through the state.
    void *context;
    /// Inside a skipped value: a number longer than the limit, or not followed by a byte that
    /// surely ends it. Returns what the Swift number callback's checks return.
    int (*checkNumber)(void *context, const char *text, size_t length);
    /// Inside a skipped value: a string or key longer than the limit. Returns 0.
    int (*textTooLong)(void *context);
    /// Inside a skipped value: a container past the depth limit. Returns what the Swift
    /// begin callback would.
    int (*depthExceeded)(void *context);
} cyajlskip_forward;

/// One parse's callbacks and skipping state: yajl's context, and its callback table.
typedef struct cyajlskip_state {
    /// The table yajl calls (see the top of this file).
    yajl_callbacks table;
    cyajlskip_forward forward;
    size_t maxStringBytes;
    size_t maxNumberBytes;
    /// Set by the sink for the key being delivered (``cyajlskip_skip_value_of_key``); read by
    /// the Swift key callback when the sink returns.
    int skipRequested;
    /// Containers the skipped value may still open before the depth limit.
    long depthAllowance;
    /// Containers of the skipped value that are open.
    long skipDepth;
} cyajlskip_state;

/// Makes `state` ready for a parse: yajl calls the Swift callbacks of `forward` until a skip.
void cyajlskip_init(cyajlskip_state *state, cyajlskip_forward forward, size_t maxStringBytes, size_t maxNumberBytes);

/// Asks that the value of the key being delivered be skipped; `allowance` is how many
/// containers deep it may go before the depth limit.
static inline void cyajlskip_skip_value_of_key(cyajlskip_state *state, long allowance) {
    state->skipRequested = 1;
    state->depthAllowance = allowance;
}

/// Starts skipping the value of the key just delivered: called by the Swift key callback when
/// the sink asked for it while it took the key.
void cyajlskip_start_skipping(cyajlskip_state *state);

/// The callback table to give yajl with `state` as its context.
static inline const yajl_callbacks *cyajlskip_table(cyajlskip_state *state) {
    return &state->table;
}

#endif
