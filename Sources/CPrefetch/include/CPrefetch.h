#ifndef CPREFETCH_H
#define CPREFETCH_H

/// Asks the processor to bring the cache line holding `address` into its caches for a read
/// soon, and goes on at once: no fault, no wait, nothing read. Swift has no way to say this.
///
/// `static inline`, so that Swift's compiler sees the body and each call becomes the one
/// instruction (`prefetcht0` on x86-64, `prfm pldl1keep` on ARM64).
static inline void cprefetch_read(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
