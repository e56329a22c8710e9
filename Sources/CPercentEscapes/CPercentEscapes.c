#include "CPercentEscapes.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#include <pthread.h>

/// For each 8-bit mask, the offsets of its set bits in order, then -1s (a shuffle gathers a
/// zero for those): the shuffle that packs the bytes a mask keeps.
static uint8_t packing[256][8];
static int usable;
static pthread_once_t prepared = PTHREAD_ONCE_INIT;

static void prepare(void) {
    unsigned int eax, ebx, ecx, edx;
    usable = __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_SSSE3) && (ecx & bit_POPCNT);
    for (int mask = 0; mask < 256; mask++) {
        int kept = 0;
        for (int bit = 0; bit < 8; bit++) {
            if (mask & (1 << bit)) packing[mask][kept++] = (uint8_t)bit;
        }
        while (kept < 8) packing[mask][kept++] = 0x80;
    }
}

/// What one block of 16 bytes holds, lane by lane and as bit masks (bit i for byte i).
typedef struct {
    __m128i bytes;
    /// Each hexadecimal digit's value (its low four bits, plus 9 for a letter), zero elsewhere.
    __m128i values;
    int percents;
    int digits;
    /// `&` and bytes from 0x80 up: where a value's text, or what this reads of it, ends.
    int stops;
} Block;

__attribute__((target("ssse3")))
static inline Block classify(const uint8_t *bytes16) {
    Block block;
    block.bytes = _mm_loadu_si128((const __m128i *)bytes16);
    // Signed comparisons: a byte from 0x80 up is negative, neither a digit nor a letter.
    const __m128i lower = _mm_or_si128(block.bytes, _mm_set1_epi8(0x20));
    const __m128i hex = _mm_or_si128(
        _mm_and_si128(_mm_cmpgt_epi8(block.bytes, _mm_set1_epi8('0' - 1)), _mm_cmplt_epi8(block.bytes, _mm_set1_epi8('9' + 1))),
        _mm_and_si128(_mm_cmpgt_epi8(lower, _mm_set1_epi8('a' - 1)), _mm_cmplt_epi8(lower, _mm_set1_epi8('f' + 1))));
    const __m128i letter_bit = _mm_set1_epi8(0x40);
    block.values = _mm_and_si128(hex, _mm_add_epi8(
        _mm_and_si128(block.bytes, _mm_set1_epi8(0x0F)),
        _mm_and_si128(_mm_cmpeq_epi8(_mm_and_si128(block.bytes, letter_bit), letter_bit), _mm_set1_epi8(9))));
    block.percents = _mm_movemask_epi8(_mm_cmpeq_epi8(block.bytes, _mm_set1_epi8('%')));
    block.digits = _mm_movemask_epi8(hex);
    block.stops = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(block.bytes, _mm_set1_epi8('&')), block.bytes));
    return block;
}

/// Blocks of 16 bytes, one after the other whatever they hold: an escape that begins in a
/// block's last two bytes is read with it, its digits taken from the next block (which is why
/// that one is always read too), and left out of the next block's text. So where the next
/// block is read from never waits for what this one holds.
__attribute__((target("ssse3,popcnt")))
static size_t unescape_ssse3(const uint8_t *input, size_t length, uint8_t *output, size_t *written) {
    size_t read = 0;
    size_t out = 0;
    if (length < 32) {
        *written = 0;
        return 0;
    }
    Block block = classify(input);
    // The bytes at the start of `block` that are the last block's escape's digits.
    int carried = 0;
    while (length - read >= 32) {
        const Block next = classify(input + read + 16);
        // The bytes taken: up to the first stop; short of the first escape that is not valid
        // (a stop among its digits makes it so).
        int taken = block.stops ? __builtin_ctz((unsigned)block.stops) : 16;
        int ends = block.stops != 0;
        int starts = block.percents & ~carried & ((1 << taken) - 1);
        const int digits = block.digits | next.digits << 16;
        const int bad = ((starts << 1) | (starts << 2)) & ~digits;
        if (bad) {
            // The escape with a bad digit begins at the last `%` before it.
            taken = 31 - __builtin_clz((unsigned)(starts & ((1 << __builtin_ctz((unsigned)bad)) - 1)));
            starts &= (1 << taken) - 1;
            ends = 1;
        }
        const int escaped = (starts << 1) | (starts << 2);
        const int kept = ~(escaped | carried) & ((1 << taken) - 1);

        // Each escape's byte at its `%`: the next byte's value shifted up four bits (values
        // are at most 15, so shifting 16-bit lanes moves no bits between bytes), or'ed with
        // the value of the byte after; `+` a space; any other byte itself.
        const __m128i spelled = _mm_or_si128(_mm_slli_epi16(_mm_alignr_epi8(next.values, block.values, 1), 4),
                                             _mm_alignr_epi8(next.values, block.values, 2));
        const __m128i percent_lanes = _mm_cmpeq_epi8(block.bytes, _mm_set1_epi8('%'));
        const __m128i plus_lanes = _mm_cmpeq_epi8(block.bytes, _mm_set1_epi8('+'));
        __m128i text = _mm_or_si128(_mm_andnot_si128(plus_lanes, block.bytes), _mm_and_si128(plus_lanes, _mm_set1_epi8(' ')));
        text = _mm_or_si128(_mm_andnot_si128(percent_lanes, text), _mm_and_si128(percent_lanes, spelled));

        // The bytes kept (all but the escapes' digits), packed eight lanes at a time.
        const int low = kept & 0xFF;
        const int high = kept >> 8;
        _mm_storel_epi64((__m128i *)(output + out),
                         _mm_shuffle_epi8(text, _mm_loadl_epi64((const __m128i *)packing[low])));
        out += (size_t)_mm_popcnt_u32((unsigned)low);
        _mm_storel_epi64((__m128i *)(output + out),
                         _mm_shuffle_epi8(_mm_srli_si128(text, 8), _mm_loadl_epi64((const __m128i *)packing[high])));
        out += (size_t)_mm_popcnt_u32((unsigned)high);
        if (ends) {
            *written = out;
            return read + (size_t)taken;
        }
        carried = escaped >> 16;
        read += 16;
        block = next;
    }
    *written = out;
    // The last block's escape's digits, read already.
    return read + (size_t)_mm_popcnt_u32((unsigned)carried);
}

size_t cpercent_unescape(const uint8_t *input, size_t length, uint8_t *output, size_t *written) {
    pthread_once(&prepared, prepare);
    if (!usable) {
        *written = 0;
        return 0;
    }
    return unescape_ssse3(input, length, output, written);
}

#else

size_t cpercent_unescape(const uint8_t *input, size_t length, uint8_t *output, size_t *written) {
    (void)input;
    (void)length;
    (void)output;
    *written = 0;
    return 0;
}

#endif
