#ifndef CSNAPPY_SHIM_H
#define CSNAPPY_SHIM_H
#include <snappy-c.h>
#endif
