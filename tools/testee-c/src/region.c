/* region.c - see region.h */
#include "region.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The header is padded to the strictest basic alignment, so the payload after it is aligned
 * for any object (C99 has no max_align_t). */
typedef union {
    long double ld;
    long long ll;
    void *p;
    void (*f)(void);
} MaxAlign;

struct RegionBlock {
    union {
        struct {
            RegionBlock *prev, *next;
            size_t size;
        } h;
        MaxAlign align;
    } u;
};

#define HDR sizeof(RegionBlock)

static void fail(Region *rg) { longjmp(*rg->on_failure, 1); }

void rg_init(Region *rg, size_t limit, jmp_buf *on_failure) {
    rg->head = NULL;
    rg->used = 0;
    rg->limit = limit;
    rg->on_failure = on_failure;
}

static RegionBlock *block_of(void *p) { return (RegionBlock *)((unsigned char *)p - HDR); }

static void link_block(Region *rg, RegionBlock *b) {
    b->u.h.prev = NULL;
    b->u.h.next = rg->head;
    if (rg->head) rg->head->u.h.prev = b;
    rg->head = b;
}

static void unlink_block(Region *rg, RegionBlock *b) {
    if (b->u.h.prev) b->u.h.prev->u.h.next = b->u.h.next;
    else rg->head = b->u.h.next;
    if (b->u.h.next) b->u.h.next->u.h.prev = b->u.h.prev;
}

void *rg_alloc(Region *rg, size_t n) {
    RegionBlock *b;
    if (n > SIZE_MAX - HDR || n + HDR > rg->limit - rg->used) fail(rg);
    b = malloc(HDR + n);
    if (!b) fail(rg);
    b->u.h.size = n;
    rg->used += HDR + n;
    link_block(rg, b);
    return (unsigned char *)b + HDR;
}

void *rg_calloc(Region *rg, size_t count, size_t size) {
    void *p;
    if (size != 0 && count > SIZE_MAX / size) fail(rg);
    p = rg_alloc(rg, count * size);
    memset(p, 0, count * size);
    return p;
}

void *rg_realloc(Region *rg, void *p, size_t n) {
    RegionBlock *b, *nb;
    size_t old;
    if (!p) return rg_alloc(rg, n);
    b = block_of(p);
    old = b->u.h.size;
    if (n > SIZE_MAX - HDR || (n > old && n - old > rg->limit - rg->used)) fail(rg);
    unlink_block(rg, b);
    nb = realloc(b, HDR + n);
    if (!nb) {
        link_block(rg, b); /* still owned by the region, released with it */
        fail(rg);
    }
    rg->used = rg->used - old + n;
    nb->u.h.size = n;
    link_block(rg, nb);
    return (unsigned char *)nb + HDR;
}

void rg_free(Region *rg, void *p) {
    RegionBlock *b;
    if (!p) return;
    b = block_of(p);
    unlink_block(rg, b);
    rg->used -= HDR + b->u.h.size;
    free(b);
}

void rg_release(Region *rg) {
    RegionBlock *b = rg->head;
    while (b) {
        RegionBlock *next = b->u.h.next;
        free(b);
        b = next;
    }
    rg->head = NULL;
    rg->used = 0;
}

char *rg_strndup(Region *rg, const char *s, size_t n) {
    char *out;
    if (n == SIZE_MAX) fail(rg);
    out = rg_alloc(rg, n + 1);
    if (n) memcpy(out, s, n);
    out[n] = 0;
    return out;
}
