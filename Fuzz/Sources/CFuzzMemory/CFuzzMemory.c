#include "CFuzzMemory.h"
#include <stddef.h>

// The sanitizer allocator interface (compiler-rt's sanitizer/allocator_interface.h), declared
// weak so that the target also links without a sanitizer runtime.
int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void *, size_t),
                                              void (*free_hook)(const volatile void *)) __attribute__((weak));
size_t __sanitizer_get_allocated_size(const volatile void *p) __attribute__((weak));

static int installed;
static int counting;
static uint64_t allocated;
static uint64_t allocations;
static int64_t live;
static int64_t peak;

static void on_malloc(const volatile void *p, size_t size) {
    (void)p;
    if (!counting) return;
    allocated += size;
    allocations += 1;
    live += (int64_t)size;
    if (live > peak) peak = live;
}

static void on_free(const volatile void *p) {
    if (!counting || p == NULL) return;
    live -= (int64_t)__sanitizer_get_allocated_size(p);
}

void cfm_start(void) {
    if (!installed && __sanitizer_install_malloc_and_free_hooks) {
        installed = __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free) != 0;
    }
    allocated = 0;
    allocations = 0;
    live = 0;
    peak = 0;
    counting = 1;
}

void cfm_stop(void) { counting = 0; }
uint64_t cfm_allocated_bytes(void) { return allocated; }
uint64_t cfm_allocations(void) { return allocations; }
int64_t cfm_peak_bytes(void) { return peak; }
int cfm_is_active(void) { return installed; }
