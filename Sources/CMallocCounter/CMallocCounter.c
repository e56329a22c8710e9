#define _GNU_SOURCE
#include "CMallocCounter.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

// Sanitizers replace malloc themselves; defining it again would break them (or be bypassed).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define CMC_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define CMC_SANITIZED 1
#endif
#endif

// Interposition by definition relies on glibc's exported __libc_* entry points.
#if defined(__linux__) && defined(__GLIBC__) && !defined(CMC_SANITIZED)
#define CMC_ACTIVE 1
#endif

#if defined(CMC_ACTIVE)

#include <malloc.h>
#include <stdatomic.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

// Written by every counted allocation.
static _Alignas(64) _Atomic uint64_t allocations;
static _Atomic uint64_t frees;
static _Atomic int64_t live_bytes;
static _Atomic int64_t peak_bytes;
// The allocations of the calling thread, for measurements that run beside other threads.
static _Thread_local uint64_t thread_allocations;
// The bytes the calling thread allocated less those it freed (whoever allocated them).
static _Thread_local int64_t thread_net_bytes;
// Read by every allocation, written almost never: on a cache line of its own, away from the
// counters, so that their updates do not keep evicting it from other cores.
static _Alignas(64) _Atomic int counting = 1;

static int is_counting(void) {
    return atomic_load_explicit(&counting, memory_order_relaxed);
}

/// Adds `delta` to the live bytes and raises the high-water mark when it is passed.
static void add_live_bytes(int64_t delta) {
    int64_t live = atomic_fetch_add_explicit(&live_bytes, delta, memory_order_relaxed) + delta;
    int64_t peak = atomic_load_explicit(&peak_bytes, memory_order_relaxed);
    while (live > peak
           && !atomic_compare_exchange_weak_explicit(&peak_bytes, &peak, live,
                                                     memory_order_relaxed, memory_order_relaxed)) {
    }
}

static void *note_allocation(void *pointer) {
    if (pointer != NULL && is_counting()) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
        int64_t size = (int64_t)malloc_usable_size(pointer);
        thread_allocations += 1;
        thread_net_bytes += size;
        add_live_bytes(size);
    }
    return pointer;
}

static void note_free(void *pointer) {
    if (pointer != NULL && is_counting()) {
        int64_t size = (int64_t)malloc_usable_size(pointer);
        atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
        thread_net_bytes -= size;
        atomic_fetch_sub_explicit(&live_bytes, size, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    return note_allocation(__libc_malloc(size));
}

void *calloc(size_t count, size_t size) {
    return note_allocation(__libc_calloc(count, size));
}

void *realloc(void *pointer, size_t size) {
    if (pointer == NULL) {
        return note_allocation(__libc_realloc(NULL, size));
    }
    if (!is_counting()) {
        return __libc_realloc(pointer, size);
    }
    // Measured before the call: afterwards the old block may belong to someone else.
    int64_t old_size = (int64_t)malloc_usable_size(pointer);
    void *moved = __libc_realloc(pointer, size);
    if (moved == NULL && size != 0) {
        return NULL; // failed: the old block is untouched
    }
    // A resize counts as one free and one allocation (glibc frees on `realloc(p, 0)`).
    atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    if (moved == NULL) {
        thread_net_bytes -= old_size;
        atomic_fetch_sub_explicit(&live_bytes, old_size, memory_order_relaxed);
        return NULL;
    }
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    thread_allocations += 1;
    int64_t delta = (int64_t)malloc_usable_size(moved) - old_size;
    thread_net_bytes += delta;
    add_live_bytes(delta);
    return moved;
}

void free(void *pointer) {
    note_free(pointer);
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    return note_allocation(__libc_memalign(alignment, size));
}

void *aligned_alloc(size_t alignment, size_t size) {
    return note_allocation(__libc_memalign(alignment, size));
}

// Rarely used, but a block glibc handed out unseen would skew the live bytes when freed.
void *valloc(size_t size) {
    return note_allocation(__libc_valloc(size));
}

void *pvalloc(size_t size) {
    return note_allocation(__libc_pvalloc(size));
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // POSIX: a power of two that is a multiple of sizeof(void *).
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) {
        return EINVAL;
    }
    void *pointer = note_allocation(__libc_memalign(alignment, size));
    if (pointer == NULL) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

int cmc_is_active(void) { return 1; }
uint64_t cmc_allocations(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }
uint64_t cmc_thread_allocations(void) { return thread_allocations; }
int64_t cmc_thread_net_bytes(void) { return thread_net_bytes; }
uint64_t cmc_frees(void) { return atomic_load_explicit(&frees, memory_order_relaxed); }
int64_t cmc_live_bytes(void) { return atomic_load_explicit(&live_bytes, memory_order_relaxed); }
int64_t cmc_peak_bytes(void) { return atomic_load_explicit(&peak_bytes, memory_order_relaxed); }

void cmc_reset_peak(void) {
    atomic_store_explicit(&peak_bytes, atomic_load_explicit(&live_bytes, memory_order_relaxed),
                          memory_order_relaxed);
}

void cmc_set_counting(int enabled) {
    atomic_store_explicit(&counting, enabled != 0, memory_order_relaxed);
}

#else

int cmc_is_active(void) { return 0; }
uint64_t cmc_allocations(void) { return 0; }
uint64_t cmc_thread_allocations(void) { return 0; }
int64_t cmc_thread_net_bytes(void) { return 0; }
uint64_t cmc_frees(void) { return 0; }
int64_t cmc_live_bytes(void) { return 0; }
int64_t cmc_peak_bytes(void) { return 0; }
void cmc_reset_peak(void) {}
void cmc_set_counting(int enabled) { (void)enabled; }

#endif
