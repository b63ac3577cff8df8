/* region.h - per-request memory: every allocation is its own malloc block, linked into a
 * region that is released in one call after each request.
 *
 * Why: the testee answers each request independently, so tying all memory (JSON trees,
 * buffers, protobuf-c messages) to the request makes leaks structurally impossible, while
 * separate blocks keep AddressSanitizer's bounds checks on every object. Allocation never
 * returns NULL: when the budget or malloc fails it longjmps to the request's handler, which
 * answers with an `error` result. */
#ifndef RW_REGION_H
#define RW_REGION_H

#include <setjmp.h>
#include <stddef.h>

typedef struct RegionBlock RegionBlock;

typedef struct Region {
    RegionBlock *head;   /* most recent block first */
    size_t used;         /* live bytes, including block headers */
    size_t limit;        /* budget for one request */
    jmp_buf *on_failure; /* where to go when an allocation cannot be served */
} Region;

void rg_init(Region *rg, size_t limit, jmp_buf *on_failure);
void *rg_alloc(Region *rg, size_t n);
void *rg_calloc(Region *rg, size_t count, size_t size);
/* p may be NULL (then like rg_alloc). */
void *rg_realloc(Region *rg, void *p, size_t n);
/* p may be NULL. */
void rg_free(Region *rg, void *p);
/* Frees every block. */
void rg_release(Region *rg);
/* A copy of n bytes plus a terminating NUL (so C string helpers stay in bounds). */
char *rg_strndup(Region *rg, const char *s, size_t n);

#endif
