// Tests/RongFuzzingMallocHooks/hooks.c - glibc malloc interposer feeding the allocation meter
//
// Linked only into the test binary, so `swift test` can check the fuzz bodies' limit invariant
// without a sanitizer. Every function calls glibc's own implementation (`__libc_*`, exported for
// exactly this use) and, while the calling thread is metered, reports the block's usable size;
// outside metering the cost is one thread-local load. Under AddressSanitizer (swift test
// --sanitize=address) the sanitizer owns malloc and its hooks feed the meter instead, so this is
// compiled out.

#include "RongFuzzingMallocHooks.h"

#include <CRongAllocMeter.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define RONG_HOOKS_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define RONG_HOOKS_SANITIZER 1
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(RONG_HOOKS_SANITIZER)

#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void *__libc_valloc(size_t);
extern void *__libc_pvalloc(size_t);

int rong_fuzzing_malloc_hooks_installed(void) { return 1; }

__attribute__((constructor)) static void register_interposer(void) { rong_alloc_meter_use_interposer(); }

static inline void *allocated(void *p) {
    if (p && rong_alloc_meter_active()) rong_alloc_meter_record_alloc(malloc_usable_size(p));
    return p;
}

void *malloc(size_t n) { return allocated(__libc_malloc(n)); }

void *calloc(size_t n, size_t size) { return allocated(__libc_calloc(n, size)); }

void free(void *p) {
    if (p && rong_alloc_meter_active()) rong_alloc_meter_record_free(malloc_usable_size(p));
    __libc_free(p);
}

void *realloc(void *p, size_t n) {
    size_t old = (p && rong_alloc_meter_active()) ? malloc_usable_size(p) : 0;
    void *q = __libc_realloc(p, n);
    // realloc(p, 0) frees p and may return NULL; a failed realloc leaves p as it was.
    if (p && (q || n == 0)) rong_alloc_meter_record_free(old);
    return allocated(q);
}

void *memalign(size_t alignment, size_t n) { return allocated(__libc_memalign(alignment, n)); }

void *aligned_alloc(size_t alignment, size_t n) { return allocated(__libc_memalign(alignment, n)); }

int posix_memalign(void **out, size_t alignment, size_t n) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(alignment, n);
    if (!p) return ENOMEM;
    *out = allocated(p);
    return 0;
}

void *valloc(size_t n) { return allocated(__libc_valloc(n)); }

void *pvalloc(size_t n) { return allocated(__libc_pvalloc(n)); }

#else

int rong_fuzzing_malloc_hooks_installed(void) { return 0; }

#endif
