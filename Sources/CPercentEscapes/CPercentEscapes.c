#include "CPercentEscapes.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#include <pthread.h>

/// For each 8-bit mask, the offsets of its set bits in order, then 0x80s (a shuffle gathers a
/// zero for those): the shuffle that packs the bytes a mask keeps.
static uint8_t packing[256][8];
/// The widest block this processor reads: 64 (AVX-512 with VBMI2), 32 (AVX2) or 0.
static size_t widest;
static pthread_once_t prepared = PTHREAD_ONCE_INIT;

/// The low word of XCR0: which register states the system saves.
static unsigned int xgetbv_low(void) {
    unsigned int eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return eax;
}

static void prepare(void) {
    unsigned int eax, ebx, ecx, edx;
    // AVX2 for the 32-byte blocks, the system saving its registers (OSXSAVE, and XCR0's SSE
    // and AVX bits), and POPCNT.
    unsigned int eax7, ebx7, ecx7, edx7;
    const int avx2 = __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_AVX) && (ecx & bit_OSXSAVE) && (ecx & bit_POPCNT)
        && (xgetbv_low() & 6) == 6 && __get_cpuid_count(7, 0, &eax7, &ebx7, &ecx7, &edx7) && (ebx7 & bit_AVX2);
    // AVX-512 for the 64-byte blocks: its foundation, byte lanes (BW), byte permutes (VBMI),
    // byte compression (VBMI2), and the system saving the mask and upper registers (XCR0's
    // bits 5 to 7).
    const int avx512 = avx2 && (ebx7 & bit_AVX512F) && (ebx7 & bit_AVX512BW) && (ecx7 & bit_AVX512VBMI)
        && (ecx7 & bit_AVX512VBMI2) && (xgetbv_low() & 0xE6) == 0xE6;
    widest = avx512 ? 64 : avx2 ? 32 : 0;
    for (int mask = 0; mask < 256; mask++) {
        int kept = 0;
        for (int bit = 0; bit < 8; bit++) {
            if (mask & (1 << bit)) packing[mask][kept++] = (uint8_t)bit;
        }
        while (kept < 8) packing[mask][kept++] = 0x80;
    }
}

/// What one block of 32 bytes holds, lane by lane and as bit masks (bit i for byte i).
typedef struct {
    __m256i bytes;
    /// Each hexadecimal digit's value (its low four bits, plus 9 for a letter), zero elsewhere.
    __m256i values;
    uint32_t percents;
    uint32_t digits;
    /// `&` and bytes from 0x80 up: where a value's text, or what this reads of it, ends.
    uint32_t stops;
} Block;

__attribute__((target("avx2")))
static inline Block classify(const uint8_t *bytes32) {
    Block block;
    block.bytes = _mm256_loadu_si256((const __m256i *)bytes32);
    // Signed comparisons: a byte from 0x80 up is negative, neither a digit nor a letter.
    const __m256i lower = _mm256_or_si256(block.bytes, _mm256_set1_epi8(0x20));
    const __m256i hex = _mm256_or_si256(
        _mm256_and_si256(_mm256_cmpgt_epi8(block.bytes, _mm256_set1_epi8('0' - 1)),
                         _mm256_cmpgt_epi8(_mm256_set1_epi8('9' + 1), block.bytes)),
        _mm256_and_si256(_mm256_cmpgt_epi8(lower, _mm256_set1_epi8('a' - 1)),
                         _mm256_cmpgt_epi8(_mm256_set1_epi8('f' + 1), lower)));
    const __m256i letter_bit = _mm256_set1_epi8(0x40);
    block.values = _mm256_and_si256(hex, _mm256_add_epi8(
        _mm256_and_si256(block.bytes, _mm256_set1_epi8(0x0F)),
        _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(block.bytes, letter_bit), letter_bit), _mm256_set1_epi8(9))));
    block.percents = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(block.bytes, _mm256_set1_epi8('%')));
    block.digits = (uint32_t)_mm256_movemask_epi8(hex);
    block.stops = (uint32_t)_mm256_movemask_epi8(
        _mm256_or_si256(_mm256_cmpeq_epi8(block.bytes, _mm256_set1_epi8('&')), block.bytes));
    return block;
}

/// Packs the bytes of `text` that `kept` keeps (eight lanes at a time, by the table) to
/// `output`, and returns how many.
__attribute__((target("avx2,popcnt")))
static inline size_t pack(__m128i text, unsigned kept, uint8_t *output) {
    const unsigned low = kept & 0xFF;
    const unsigned high = (kept >> 8) & 0xFF;
    _mm_storel_epi64((__m128i *)output, _mm_shuffle_epi8(text, _mm_loadl_epi64((const __m128i *)packing[low])));
    const size_t first = (size_t)_mm_popcnt_u32(low);
    _mm_storel_epi64((__m128i *)(output + first),
                     _mm_shuffle_epi8(_mm_srli_si128(text, 8), _mm_loadl_epi64((const __m128i *)packing[high])));
    return first + (size_t)_mm_popcnt_u32(high);
}

/// Blocks of 32 bytes, one after the other whatever they hold: an escape that begins in a
/// block's last two bytes is read with it, its digits taken from the next block (which is why
/// that one is always read too), and left out of the next block's text. So where the next
/// block is read from never waits for what this one holds. `carried`: the first block's bytes
/// that are the digits of an escape read before it (bit i for byte i).
__attribute__((target("avx2,popcnt")))
static size_t unescape_avx2(const uint8_t *input, size_t length, uint8_t *output, size_t *written, uint64_t carried) {
    size_t read = 0;
    size_t out = 0;
    if (length < 64) {
        *written = 0;
        return (size_t)_mm_popcnt_u64(carried);
    }
    Block block = classify(input);
    const size_t last = length - 64;
    while (read <= last) {
        const Block next = classify(input + read + 32);
        // The bytes taken: up to the first stop; short of the first escape that is not valid
        // (a stop among its digits makes it so).
        unsigned taken = block.stops ? (unsigned)__builtin_ctz(block.stops) : 32;
        int ends = block.stops != 0;
        uint64_t starts = block.percents & ~carried & ((1ull << taken) - 1);
        const uint64_t digits = block.digits | (uint64_t)next.digits << 32;
        const uint64_t bad = ((starts << 1) | (starts << 2)) & ~digits;
        if (bad) {
            // The escape with a bad digit begins at the last `%` before it.
            taken = 63 - (unsigned)__builtin_clzll(starts & ((1ull << __builtin_ctzll(bad)) - 1));
            starts &= (1ull << taken) - 1;
            ends = 1;
        }
        const uint64_t escaped = (starts << 1) | (starts << 2);
        const uint64_t kept = ~(escaped | carried) & ((1ull << taken) - 1);

        // Each escape's byte at its `%`: the next byte's value shifted up four bits (values
        // are at most 15, so shifting 16-bit lanes moves no bits between bytes), or'ed with
        // the value of the byte after; `+` a space; any other byte itself. (The shuffles work
        // within 16-byte halves: the bytes after each half are the next half's, the second
        // half's the next block's first.)
        const __m256i after = _mm256_permute2x128_si256(block.values, next.values, 0x21);
        const __m256i spelled = _mm256_or_si256(_mm256_slli_epi16(_mm256_alignr_epi8(after, block.values, 1), 4),
                                                _mm256_alignr_epi8(after, block.values, 2));
        const __m256i percent_lanes = _mm256_cmpeq_epi8(block.bytes, _mm256_set1_epi8('%'));
        const __m256i plus_lanes = _mm256_cmpeq_epi8(block.bytes, _mm256_set1_epi8('+'));
        __m256i text = _mm256_blendv_epi8(block.bytes, _mm256_set1_epi8(' '), plus_lanes);
        text = _mm256_blendv_epi8(text, spelled, percent_lanes);

        // The bytes kept (all but the escapes' digits), packed.
        out += pack(_mm256_castsi256_si128(text), (unsigned)kept, output + out);
        out += pack(_mm256_extracti128_si256(text, 1), (unsigned)(kept >> 16), output + out);
        if (ends) {
            *written = out;
            return read + taken;
        }
        carried = escaped >> 32;
        read += 32;
        block = next;
    }
    *written = out;
    // The last block's escape's digits, read already.
    return read + (size_t)_mm_popcnt_u64(carried);
}

/// What one block of 64 bytes holds, as `Block` does for 32.
typedef struct {
    __m512i bytes;
    __m512i values;
    uint64_t percents;
    uint64_t digits;
    uint64_t stops;
} WideBlock;

#define WIDE_TARGET __attribute__((target("avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt,lzcnt,bmi")))

WIDE_TARGET
static inline WideBlock classify_wide(const uint8_t *bytes64) {
    WideBlock block;
    block.bytes = _mm512_loadu_si512((const void *)bytes64);
    // Unsigned comparisons: a byte from 0x80 up is above every digit and letter.
    const __m512i lower = _mm512_or_si512(block.bytes, _mm512_set1_epi8(0x20));
    const __mmask64 decimal = _mm512_cmpge_epu8_mask(block.bytes, _mm512_set1_epi8('0'))
        & _mm512_cmple_epu8_mask(block.bytes, _mm512_set1_epi8('9'));
    const __mmask64 letter = _mm512_cmpge_epu8_mask(lower, _mm512_set1_epi8('a'))
        & _mm512_cmple_epu8_mask(lower, _mm512_set1_epi8('f'));
    block.digits = decimal | letter;
    block.values = _mm512_maskz_add_epi8(block.digits, _mm512_and_si512(block.bytes, _mm512_set1_epi8(0x0F)),
                                         _mm512_maskz_mov_epi8(letter, _mm512_set1_epi8(9)));
    block.percents = _mm512_cmpeq_epi8_mask(block.bytes, _mm512_set1_epi8('%'));
    block.stops = _mm512_cmpeq_epi8_mask(block.bytes, _mm512_set1_epi8('&')) | _mm512_movepi8_mask(block.bytes);
    return block;
}

/// The bits below `count` (at most 64).
static inline uint64_t below(unsigned count) {
    return count >= 64 ? ~0ull : (1ull << count) - 1;
}

/// `unescape_avx2`'s reading in blocks of 64, while 128 bytes are left from a block's start:
/// the same blocks of 32 two at a time, each escape's byte spelled from its digits' values by
/// two byte permutes across this block and the next, the bytes kept packed by one compression. Returns how many bytes it read, its count
/// written in `*written`, and whether it met what ends the value's bulk (`*ended`). When not,
/// it returns the start of the block it did not read, from which blocks of 32 go on, and in
/// `*carried` that block's first bytes it read already (an escape's digits).
WIDE_TARGET
static size_t unescape_avx512(const uint8_t *input, size_t length, uint8_t *output, size_t *written, int *ended,
                              uint64_t *carried_out) {
    size_t read = 0;
    size_t out = 0;
    *ended = 0;
    *carried_out = 0;
    *written = 0;
    if (length < 128) return 0;
    // Lane i's next and next-but-one byte, of this block and the next (indexes 64 up).
    const __m512i lanes = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48,
                                          47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32,
                                          31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16,
                                          15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i first_digit = _mm512_add_epi8(lanes, _mm512_set1_epi8(1));
    const __m512i second_digit = _mm512_add_epi8(lanes, _mm512_set1_epi8(2));
    WideBlock block = classify_wide(input);
    uint64_t carried = 0;
    const size_t last = length - 128;
    while (read <= last) {
        const WideBlock next = classify_wide(input + read + 64);
        unsigned taken = block.stops ? (unsigned)__builtin_ctzll(block.stops) : 64;
        int ends = block.stops != 0;
        uint64_t starts = block.percents & ~carried & below(taken);
        // An escape's digits, in this block and (bits 0 and 1) the next.
        const uint64_t bad = ((starts << 1) | (starts << 2)) & ~block.digits;
        const uint64_t bad_after = ((starts >> 63) | (starts >> 62)) & ~next.digits & 3;
        if (bad | bad_after) {
            const unsigned first_bad = bad ? (unsigned)__builtin_ctzll(bad) : 64 + (unsigned)__builtin_ctzll(bad_after);
            taken = 63 - (unsigned)__builtin_clzll(starts & below(first_bad));
            starts &= below(taken);
            ends = 1;
        }
        const uint64_t escaped = (starts << 1) | (starts << 2);
        const uint64_t kept = ~(escaped | carried) & below(taken);

        const __m512i spelled = _mm512_or_si512(
            _mm512_slli_epi16(_mm512_permutex2var_epi8(block.values, first_digit, next.values), 4),
            _mm512_permutex2var_epi8(block.values, second_digit, next.values));
        __m512i text = _mm512_mask_blend_epi8(_mm512_cmpeq_epi8_mask(block.bytes, _mm512_set1_epi8('+')),
                                              block.bytes, _mm512_set1_epi8(' '));
        text = _mm512_mask_blend_epi8(block.percents, text, spelled);
        _mm512_storeu_si512((void *)(output + out), _mm512_maskz_compress_epi8(kept, text));
        out += (size_t)__builtin_popcountll(kept);
        if (ends) {
            *written = out;
            *ended = 1;
            return read + taken;
        }
        carried = (starts >> 63) | (starts >> 62);
        read += 64;
        block = next;
    }
    *written = out;
    *carried_out = carried;
    return read;
}

// The kinds of error a pair of bytes can show, by the first byte's high and low nibble and the
// second byte's high nibble: a pair is an error when all three lookups share a bit.
enum {
    TOO_SHORT = 1 << 0,    // 11______ 0_______, 11______ 11______
    TOO_LONG = 1 << 1,     // 0_______ 10______
    OVERLONG_3 = 1 << 2,   // 11100000 100_____
    TOO_LARGE = 1 << 3,    // 11110100 1001____, 11110100 101_____, 11110101+ 1001____ or 101_____
    SURROGATE = 1 << 4,    // 11101101 101_____
    OVERLONG_2 = 1 << 5,   // 1100000_ 10______
    TOO_LARGE_1000 = 1 << 6, // 11110101+ 1000____
    OVERLONG_4 = 1 << 6,   // 11110000 1000____
    TWO_CONTS = 1 << 7,    // 10______ 10______
    CARRY = TOO_SHORT | TOO_LONG | TWO_CONTS,
};

/// The three lookups, each indexed by a nibble.
static const uint8_t first_high[16] = {
    TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
    TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,
    TOO_SHORT | OVERLONG_2, TOO_SHORT, TOO_SHORT | OVERLONG_3 | SURROGATE,
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
};
static const uint8_t first_low[16] = {
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, CARRY | OVERLONG_2, CARRY, CARRY,
    CARRY | TOO_LARGE, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
};
static const uint8_t second_high[16] = {
    TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
};

/// The bytes of a block of 32 that are an error, with `previous` the block before (zeros at
/// first).
__attribute__((target("avx2")))
static inline __m256i utf8_errors(__m256i bytes, __m256i previous) {
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    // The bytes one, two and three back: within each 16-byte half, the half before it (the
    // first half's is the last block's second half) joined to it.
    const __m256i before = _mm256_permute2x128_si256(previous, bytes, 0x21);
    const __m256i previous1 = _mm256_alignr_epi8(bytes, before, 15);
    const __m256i pairs = _mm256_and_si256(
        _mm256_and_si256(
            _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)first_high)),
                                _mm256_and_si256(_mm256_srli_epi16(previous1, 4), nibble)),
            _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)first_low)),
                                _mm256_and_si256(previous1, nibble))),
        _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)second_high)),
                            _mm256_and_si256(_mm256_srli_epi16(bytes, 4), nibble)));
    // A third or fourth byte must continue the character its lead began two or three back:
    // there TWO_CONTS is expected rather than an error.
    const __m256i third = _mm256_subs_epu8(_mm256_alignr_epi8(bytes, before, 14), _mm256_set1_epi8((char)(0xE0 - 0x80)));
    const __m256i fourth = _mm256_subs_epu8(_mm256_alignr_epi8(bytes, before, 13), _mm256_set1_epi8((char)(0xF0 - 0x80)));
    const __m256i continues = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8((char)0x80));
    return _mm256_xor_si256(continues, pairs);
}

/// How many bytes an unfinished character at the end of `bytes` has, 0 when none.
static size_t unfinished(const uint8_t *bytes, size_t count) {
    if (count >= 3) {
        // The same without a branch on the bytes (text ends in characters of every length):
        // a lead byte one, two or three back whose character is longer, after which there
        // are only continuation bytes.
        const uint8_t last = bytes[count - 1], second = bytes[count - 2], third = bytes[count - 3];
        const size_t continues1 = (last & 0xC0) == 0x80, continues2 = (second & 0xC0) == 0x80;
        return ((size_t)(last >= 0xC0 && last < 0xF8))
             | ((size_t)(continues1 & (second >= 0xE0 && second < 0xF8)) << 1)
             | ((size_t)(continues1 & continues2 & (third >= 0xF0 && third < 0xF8)) * 3);
    }
    for (size_t back = 1; back <= 3 && back <= count; back++) {
        const uint8_t byte = bytes[count - back];
        if ((byte & 0xC0) == 0x80) continue;
        const size_t length = byte >= 0xF0 && byte < 0xF8 ? 4 : byte >= 0xE0 && byte < 0xF0 ? 3 : byte >= 0xC0 && byte < 0xE0 ? 2 : 1;
        return length > back ? back : 0;
    }
    return 0;
}

__attribute__((target("avx2")))
static ptrdiff_t check_utf8_avx2(const uint8_t *bytes, size_t count, size_t readable, int *beyond_ascii) {
    const size_t whole = count - unfinished(bytes, count);
    __m256i previous = _mm256_setzero_si256();
    __m256i errors = _mm256_setzero_si256();
    __m256i high = _mm256_setzero_si256();
    size_t offset = 0;
    for (; offset + 32 <= whole; offset += 32) {
        const __m256i block = _mm256_loadu_si256((const __m256i *)(bytes + offset));
        errors = _mm256_or_si256(errors, utf8_errors(block, previous));
        high = _mm256_or_si256(high, block);
        previous = block;
    }
    if (offset < whole) {
        // The last bytes, then zeros (ASCII: a character cut short among them is an error).
        __m256i block;
        if (offset + 32 <= readable) {
            // Read in place and the lanes past them cleared: copying them to a buffer first
            // would make the load wait for the bytes' stores.
            const __m256i lanes = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                                   16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
            const __m256i inside = _mm256_cmpgt_epi8(_mm256_set1_epi8((char)(whole - offset)), lanes);
            block = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(bytes + offset)), inside);
        } else {
            uint8_t last[32] = {0};
            for (size_t index = offset; index < whole; index++) last[index - offset] = bytes[index];
            block = _mm256_loadu_si256((const __m256i *)last);
        }
        errors = _mm256_or_si256(errors, utf8_errors(block, previous));
        high = _mm256_or_si256(high, block);
        previous = block;
    } else if (whole > 0) {
        // A character cut short at the very end.
        errors = _mm256_or_si256(errors, utf8_errors(_mm256_setzero_si256(), previous));
    }
    *beyond_ascii = _mm256_movemask_epi8(high) != 0;
    return _mm256_movemask_epi8(_mm256_cmpeq_epi8(errors, _mm256_setzero_si256())) == -1 ? (ptrdiff_t)whole : -1;
}

/// A name of ASCII read in one block of 32 bytes (see `cpercent_scan_name`).
__attribute__((target("avx2")))
static ptrdiff_t scan_name_avx2(const uint8_t *name, const uint8_t *previous, size_t previous_length,
                                int *escaped, size_t *shared) {
    const __m256i bytes = _mm256_loadu_si256((const __m256i *)name);
    const uint32_t ends = (uint32_t)_mm256_movemask_epi8(_mm256_or_si256(
        _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('=')), _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('&'))));
    if (ends == 0) return -1;
    const unsigned length = (unsigned)__builtin_ctz(ends);
    const uint64_t inside = (1ull << length) - 1;
    // A raw byte from 0x80 up: a character the byte loop checks.
    if ((uint32_t)_mm256_movemask_epi8(bytes) & inside) return -1;
    const uint64_t percents = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('%'))) & inside;
    const uint64_t pluses = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('+'))) & inside;
    if (percents) {
        // Signed comparisons: a byte from 0x80 up is negative, neither a digit nor a letter.
        const __m256i lower = _mm256_or_si256(bytes, _mm256_set1_epi8(0x20));
        const __m256i above_zero = _mm256_cmpgt_epi8(bytes, _mm256_set1_epi8('0' - 1));
        const uint64_t octal = (uint32_t)_mm256_movemask_epi8(
            _mm256_and_si256(above_zero, _mm256_cmpgt_epi8(_mm256_set1_epi8('7' + 1), bytes)));
        const uint64_t hex = (uint32_t)_mm256_movemask_epi8(_mm256_or_si256(
            _mm256_and_si256(above_zero, _mm256_cmpgt_epi8(_mm256_set1_epi8('9' + 1), bytes)),
            _mm256_and_si256(_mm256_cmpgt_epi8(lower, _mm256_set1_epi8('a' - 1)),
                             _mm256_cmpgt_epi8(_mm256_set1_epi8('f' + 1), lower))));
        // Every escape spelling a byte of ASCII: its first digit 0 to 7, its second any. An
        // escape cut short by the name's end has the `=` or `&` for a digit, and one at the
        // block's end a digit past bit 31, where neither mask has one.
        const uint64_t first = percents << 1;
        const uint64_t second = percents << 2;
        if ((first & ~octal) || (second & ~hex)) return -1;
    }
    *escaped = (percents | pluses) != 0;
    // The leading bytes equal in both blocks, as far as either name goes.
    const uint32_t equal = (uint32_t)_mm256_movemask_epi8(
        _mm256_cmpeq_epi8(bytes, _mm256_loadu_si256((const __m256i *)previous)));
    const size_t common = equal == UINT32_MAX ? 32 : (size_t)__builtin_ctz(~equal);
    const size_t longest = length < previous_length ? length : previous_length;
    *shared = common < longest ? common : longest;
    return (ptrdiff_t)length;
}

ptrdiff_t cpercent_scan_name(const uint8_t *name, size_t readable, const uint8_t *previous, size_t previous_length,
                             int *escaped, size_t *shared) {
    // (`widest` is 0 until `cpercent_widest_block` prepared it.)
    if (readable < 32 || widest < 32) return -1;
    return scan_name_avx2(name, previous, previous_length, escaped, shared);
}

ptrdiff_t cpercent_check_utf8(const uint8_t *bytes, size_t count, size_t readable, int *beyond_ascii) {
    pthread_once(&prepared, prepare);
    *beyond_ascii = 1;
    return widest ? check_utf8_avx2(bytes, count, readable, beyond_ascii) : -1;
}

size_t cpercent_unescape(const uint8_t *input, size_t length, uint8_t *output, size_t *written, size_t widest_block) {
    pthread_once(&prepared, prepare);
    *written = 0;
    if (!widest) return 0;
    size_t read = 0;
    uint64_t carried = 0;
    if (widest >= 64 && widest_block >= 64) {
        int ended;
        read = unescape_avx512(input, length, output, written, &ended, &carried);
        if (ended) return read;
    }
    size_t more = 0;
    read += unescape_avx2(input + read, length - read, output + *written, &more, carried);
    *written += more;
    return read;
}

size_t cpercent_widest_block(void) {
    pthread_once(&prepared, prepare);
    return widest;
}

#else

ptrdiff_t cpercent_check_utf8(const uint8_t *bytes, size_t count, size_t readable, int *beyond_ascii) {
    (void)bytes;
    (void)count;
    (void)readable;
    *beyond_ascii = 1;
    return -1;
}

size_t cpercent_unescape(const uint8_t *input, size_t length, uint8_t *output, size_t *written, size_t widest_block) {
    (void)input;
    (void)length;
    (void)output;
    (void)widest_block;
    *written = 0;
    return 0;
}

ptrdiff_t cpercent_scan_name(const uint8_t *name, size_t readable, const uint8_t *previous, size_t previous_length,
                             int *escaped, size_t *shared) {
    (void)name;
    (void)readable;
    (void)previous;
    (void)previous_length;
    (void)escaped;
    (void)shared;
    return -1;
}

size_t cpercent_widest_block(void) {
    return 0;
}

#endif
