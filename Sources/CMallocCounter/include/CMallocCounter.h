#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H

#include <stdint.h>

/// CMallocCounter counts the process's heap allocations by interposing `malloc` and its
/// relatives on Linux (glibc) and forwarding each call to glibc's own allocator.
///
/// It is compiled out under AddressSanitizer and ThreadSanitizer (which interpose `malloc`
/// themselves) and on platforms without glibc: then `cmc_is_active()` returns 0 and every
/// counter reads 0, and callers must report the figures as unavailable.
///
/// Counters are process-wide and updated with relaxed atomics: exact totals, no ordering
/// with other memory. Read them around the code to measure, from one thread.

/// 1 when allocations are being counted, 0 when the counter is compiled out.
int cmc_is_active(void);

/// Blocks handed out since the process started (`malloc`, `calloc`, the aligned forms, and
/// every successful `realloc`).
uint64_t cmc_allocations(void);

/// Blocks handed out to the calling thread since it started: exact for code that runs on one
/// thread while others allocate too (parallel tests).
uint64_t cmc_thread_allocations(void);

/// Bytes (as `malloc_usable_size` reports them) the calling thread allocated, less those it
/// freed, whichever thread allocated them: the memory that code running on one thread let go
/// is the fall of this figure across it, exact while other threads allocate and free too.
int64_t cmc_thread_net_bytes(void);

/// Blocks given back since the process started (`free` of a non-null pointer, and every
/// `realloc` of a non-null pointer).
uint64_t cmc_frees(void);

/// Restarts the high-water mark at the current live byte count.
void cmc_reset_peak(void);

/// The highest live byte count seen since the last `cmc_reset_peak()` (or the start).
int64_t cmc_peak_bytes(void);

/// Pauses (0) or resumes (non-zero) counting; counting starts resumed. While paused, the
/// allocator functions skip the shared counters, whose atomic updates would otherwise make
/// threads that allocate in parallel contend for one cache line. Blocks allocated or freed
/// meanwhile are not seen, so take live and peak figures only around stretches that were
/// counted throughout.
void cmc_set_counting(int enabled);

/// Bytes in live blocks (as `malloc_usable_size` reports them). Blocks allocated before the
/// counter saw them may make this drift, so use differences, not the absolute value.
int64_t cmc_live_bytes(void);

#endif
