// Tests/RongFuzzingMallocHooks/include/RongFuzzingMallocHooks.h - glibc malloc interposer for the
// fuzz replay tests

#ifndef RONG_FUZZING_MALLOC_HOOKS_H
#define RONG_FUZZING_MALLOC_HOOKS_H

/// 1 when this process's malloc, calloc, realloc, free and aligned variants go through the
/// interposer (and so feed the allocation meter of CRongAllocMeter), 0 when it is compiled out
/// (a sanitizer build, whose own hooks feed the meter, or a libc other than glibc).
int rong_fuzzing_malloc_hooks_installed(void);

#endif
