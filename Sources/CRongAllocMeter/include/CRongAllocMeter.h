// Sources/CRongAllocMeter/include/CRongAllocMeter.h - heap bytes one thread allocates while metered
//
// The fuzz bodies (RongFuzzing) meter the heap of the calling thread while they run one input, so
// the limit invariant ("no allocation beyond the configured size limit times a small factor") is
// checked by `swift test` replay and by libFuzzer alike. Events come from one of two sources:
//
// - AddressSanitizer (the libFuzzer builds): its malloc and free hooks, installed on first use.
// - A malloc interposer linked into the process (the test target RongFuzzingMallocHooks), which
//   reports through rong_alloc_meter_record_alloc / rong_alloc_meter_record_free.
//
// Without either, rong_alloc_meter_armed() is 0 and the bodies cannot meter.

#ifndef RONG_ALLOC_METER_H
#define RONG_ALLOC_METER_H

#include <stddef.h>
#include <stdint.h>

/// Where the meter's events come from.
typedef enum {
    RONG_ALLOC_SOURCE_NONE = 0,
    RONG_ALLOC_SOURCE_SANITIZER = 1,
    RONG_ALLOC_SOURCE_INTERPOSER = 2,
} rong_alloc_source;

/// Installs the sanitizer hooks if a sanitizer runtime is linked, and returns the event source.
rong_alloc_source rong_alloc_meter_armed(void);

/// Starts metering the calling thread: live, peak and total bytes start at 0.
void rong_alloc_meter_begin(void);

/// Stops metering the calling thread. `peak` receives the most bytes that were live at once
/// (allocated while metered minus freed while metered), `total` every byte allocated.
void rong_alloc_meter_end(int64_t *peak, int64_t *total);

/// For an interposer: registers it as the event source (call once, before metering).
void rong_alloc_meter_use_interposer(void);

/// For an interposer: `size` bytes were just allocated on this thread.
void rong_alloc_meter_record_alloc(size_t size);

/// For an interposer: `size` bytes are about to be freed on this thread.
void rong_alloc_meter_record_free(size_t size);

/// Whether the calling thread is being metered (an interposer can skip its bookkeeping).
int rong_alloc_meter_active(void);

#endif
