#ifndef CYAJL_SHIM_H
#define CYAJL_SHIM_H
// pkg-config puts .../include/yajl on the include path; the <yajl/...> spelling also works on Homebrew.
#include <yajl/yajl_parse.h>
#include <yajl/yajl_tree.h>
#include <yajl/yajl_gen.h>
#endif
