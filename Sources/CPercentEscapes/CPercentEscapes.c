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

__attribute__((target("ssse3,popcnt")))
static size_t unescape_ssse3(const uint8_t *input, size_t length, uint8_t *output, size_t *written) {
    const __m128i percent = _mm_set1_epi8('%');
    const __m128i plus = _mm_set1_epi8('+');
    const __m128i letter_bit = _mm_set1_epi8(0x40);
    size_t read = 0;
    size_t out = 0;
    while (length - read >= 16) {
        const __m128i bytes = _mm_loadu_si128((const __m128i *)(input + read));
        const __m128i percent_lanes = _mm_cmpeq_epi8(bytes, percent);
        const __m128i plus_lanes = _mm_cmpeq_epi8(bytes, plus);
        // Signed comparisons: a byte from 0x80 up is negative, neither a digit nor a letter.
        const __m128i lower = _mm_or_si128(bytes, _mm_set1_epi8(0x20));
        const __m128i hex_lanes = _mm_or_si128(
            _mm_and_si128(_mm_cmpgt_epi8(bytes, _mm_set1_epi8('0' - 1)), _mm_cmplt_epi8(bytes, _mm_set1_epi8('9' + 1))),
            _mm_and_si128(_mm_cmpgt_epi8(lower, _mm_set1_epi8('a' - 1)), _mm_cmplt_epi8(lower, _mm_set1_epi8('f' + 1))));
        const int stops = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('&')), bytes));

        // The bytes taken: up to the first stop; short of an escape that the block cuts in two
        // (read again with the next block); short of the first escape that is not valid.
        int taken = stops ? __builtin_ctz((unsigned)stops) : 16;
        int ends = stops != 0;
        int starts = _mm_movemask_epi8(percent_lanes) & ((1 << taken) - 1);
        const int cut = starts >> (taken > 2 ? taken - 2 : 0);
        if (cut) {
            taken = (taken > 2 ? taken - 2 : 0) + __builtin_ctz((unsigned)cut);
            starts &= (1 << taken) - 1;
        }
        const int bad = ((starts << 1) | (starts << 2)) & ~_mm_movemask_epi8(hex_lanes);
        if (bad) {
            // The escape with a bad digit begins at the last `%` before it.
            taken = 31 - __builtin_clz((unsigned)(starts & ((1 << __builtin_ctz((unsigned)bad)) - 1)));
            starts &= (1 << taken) - 1;
            ends = 1;
        }
        if (taken == 0) break;
        const int kept = ~((starts << 1) | (starts << 2)) & ((1 << taken) - 1);

        // Each escape's byte, at its `%`: the digits' values (low four bits, plus 9 for a
        // letter; zero off the digits, so that shifting 16-bit lanes by four moves no bits
        // between bytes), the next byte's shifted up four, or'ed with the one after.
        const __m128i values = _mm_and_si128(hex_lanes, _mm_add_epi8(
            _mm_and_si128(bytes, _mm_set1_epi8(0x0F)),
            _mm_and_si128(_mm_cmpeq_epi8(_mm_and_si128(bytes, letter_bit), letter_bit), _mm_set1_epi8(9))));
        const __m128i spelled = _mm_or_si128(_mm_slli_epi16(_mm_srli_si128(values, 1), 4), _mm_srli_si128(values, 2));
        __m128i text = _mm_or_si128(_mm_andnot_si128(plus_lanes, bytes), _mm_and_si128(plus_lanes, _mm_set1_epi8(' ')));
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
        read += (size_t)taken;
        if (ends) break;
    }
    *written = out;
    return read;
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
