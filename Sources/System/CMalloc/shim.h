#ifndef LECTERN_CMALLOC_SHIM_H
#define LECTERN_CMALLOC_SHIM_H
#include <malloc.h>

/* The parameter numbers of mallopt(3), which Swift does not import from their macros. */
static const int lectern_malloc_trim_threshold = M_TRIM_THRESHOLD;
static const int lectern_malloc_mmap_threshold = M_MMAP_THRESHOLD;
#endif
