#ifndef CYAJL_SHIM_H
#define CYAJL_SHIM_H
// pkg-config puts .../include/yajl on the include path; the <yajl/...> spelling also works on Homebrew.
#include <yajl/yajl_parse.h>
#include <yajl/yajl_tree.h>
#include <yajl/yajl_gen.h>

// yajl_config is variadic, which Swift cannot call: one wrapper per option used.
static inline int cyajl_allow_multiple_values(yajl_handle handle) {
    return yajl_config(handle, yajl_allow_multiple_values, 1);
}

// The parser checks UTF-8 itself, on the raw input (RawInputCheck), so yajl's check is off.
static inline int cyajl_dont_validate_strings(yajl_handle handle) {
    return yajl_config(handle, yajl_dont_validate_strings, 1);
}
#endif
