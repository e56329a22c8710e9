#ifndef CFUZZMEMORY_H
#define CFUZZMEMORY_H

#include <stdint.h>

/// Watches the heap through AddressSanitizer's malloc and free hooks, for the fuzz target's
/// memory property: between `cfm_start()` and `cfm_stop()` it sums the bytes allocated and
/// tracks the peak of live bytes above the start. One thread (libFuzzer's) at a time.

/// Installs the hooks (once) and starts a window at zero.
void cfm_start(void);
/// Ends the window; the figures stay readable until the next start.
void cfm_stop(void);
/// Bytes allocated in the window, summed over every allocation.
uint64_t cfm_allocated_bytes(void);
/// Allocations made in the window.
uint64_t cfm_allocations(void);
/// The highest live byte count above the window's start.
int64_t cfm_peak_bytes(void);
/// 1 when the hooks are installed (an AddressSanitizer build), else 0.
int cfm_is_active(void);

#endif
