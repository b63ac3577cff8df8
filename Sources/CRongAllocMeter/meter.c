// Sources/CRongAllocMeter/meter.c - per-thread heap meter (see include/CRongAllocMeter.h)

#include "CRongAllocMeter.h"

#include <stdatomic.h>

// The sanitizer runtime's hook API (sanitizer/allocator_interface.h). Weak: absent (NULL) in a
// process without a sanitizer.
extern int __sanitizer_install_malloc_and_free_hooks(
    void (*malloc_hook)(const volatile void *, size_t), void (*free_hook)(const volatile void *))
    __attribute__((weak));
extern size_t __sanitizer_get_allocated_size(const volatile void *p) __attribute__((weak));

// The counters belong to the thread that allocates: tests run in parallel, and only the thread
// running a fuzz body is metered. Initial-exec TLS: no allocation on first access.
#define RONG_TLS __thread __attribute__((tls_model("initial-exec")))
static RONG_TLS int active;
static RONG_TLS int64_t live;
static RONG_TLS int64_t peak;
static RONG_TLS int64_t total;

static _Atomic int source = RONG_ALLOC_SOURCE_NONE;

void rong_alloc_meter_record_alloc(size_t size) {
    if (!active) return;
    live += (int64_t)size;
    total += (int64_t)size;
    if (live > peak) peak = live;
}

void rong_alloc_meter_record_free(size_t size) {
    if (!active) return;
    // Memory allocated before metering began and freed during it makes `live` negative, which can
    // hide up to that many bytes of a later peak; the bodies free little that they did not make.
    live -= (int64_t)size;
}

int rong_alloc_meter_active(void) { return active; }

static void sanitizer_malloc_hook(const volatile void *p, size_t size) {
    (void)p;
    rong_alloc_meter_record_alloc(size);
}

static void sanitizer_free_hook(const volatile void *p) {
    // Called before the block is released, so its size is still known.
    if (active && p) rong_alloc_meter_record_free(__sanitizer_get_allocated_size(p));
}

void rong_alloc_meter_use_interposer(void) {
    int none = RONG_ALLOC_SOURCE_NONE;
    atomic_compare_exchange_strong(&source, &none, RONG_ALLOC_SOURCE_INTERPOSER);
}

rong_alloc_source rong_alloc_meter_armed(void) {
    int s = atomic_load(&source);
    if (s != RONG_ALLOC_SOURCE_NONE) return (rong_alloc_source)s;
    if (__sanitizer_install_malloc_and_free_hooks && __sanitizer_get_allocated_size) {
        int none = RONG_ALLOC_SOURCE_NONE;
        if (atomic_compare_exchange_strong(&source, &none, RONG_ALLOC_SOURCE_SANITIZER)) {
            __sanitizer_install_malloc_and_free_hooks(sanitizer_malloc_hook, sanitizer_free_hook);
        }
    }
    return (rong_alloc_source)atomic_load(&source);
}

void rong_alloc_meter_begin(void) {
    live = 0;
    peak = 0;
    total = 0;
    active = 1;
}

void rong_alloc_meter_end(int64_t *out_peak, int64_t *out_total) {
    active = 0;
    *out_peak = peak;
    *out_total = total;
}
