#ifndef CPERCENTESCAPES_H
#define CPERCENTESCAPES_H

#include <stddef.h>
#include <stdint.h>

/// Unescapes the start of a form's value, 32 bytes at a time, with the processor's byte shuffle:
/// `%XX` becomes the byte it spells, `+` a space, and every other byte below 0x80 but `&` stays
/// as it is. Reads `input`'s `length` bytes in blocks of 32 up to the first byte it does not
/// take — a `&`, a byte from 0x80 up, a `%` that begins no valid escape — or until fewer than
/// 64 are left from a block's start (an escape at a block's end is read with it, its digits
/// from the next block), writes the unescaped bytes to `output` and their count to `*written`,
/// and returns how many input bytes it read (always whole escapes).
///
/// Where the processor has AVX-512 with byte compression (VBMI2) and `widest_block` is 64, it
/// reads the same blocks two at a time while 128 bytes are left from their start, then one at
/// a time: the result is the same, sooner. (`widest_block` 32 keeps to single blocks, for
/// tests to compare.)
///
/// It checks the escapes' spelling only: whether the bytes they spell are UTF-8 is the
/// caller's to check.
///
/// `output` must have room for `length` bytes: each block is written whole, the unescaped bytes
/// first and the rest scratch, overwritten next. Where the processor lacks what it runs on
/// (x86-64 without AVX2 or POPCNT), and on other architectures, it reads nothing.
size_t cpercent_unescape(const uint8_t *input, size_t length, uint8_t *output, size_t *written, size_t widest_block);

/// The widest block `cpercent_unescape` reads on this processor: 64, 32, or 0 where it reads
/// nothing.
size_t cpercent_widest_block(void);

/// Checks that `bytes` is UTF-8 up to a character it may end in the middle of, 32 bytes at a
/// time with the processor's byte shuffle (the lookup algorithm of Keiser and Lemire,
/// "Validating UTF-8 in less than one instruction per byte", 2021). Returns how many leading
/// bytes are whole characters — `count`, or less by the bytes of an unfinished last character,
/// whose bytes so far are not checked — or -1 when they are not UTF-8; sets `*beyond_ascii` to
/// whether any byte of the whole characters is from 0x80 up. Where the processor has no byte shuffle (see
/// `cpercent_unescape`), it returns -1: the caller's own check finds the answer.
///
/// `readable` (at least `count`) is how many bytes from `bytes` may be read: where the last
/// block's 32 bytes are readable, it is read in place, and the bytes past `count` do not count.
ptrdiff_t cpercent_check_utf8(const uint8_t *bytes, size_t count, size_t readable, int *beyond_ascii);

/// Reads the name of a pair at `name` in one block of 32 bytes, where it is ASCII as sent and
/// unescaped: returns its length (the offset of the first `=` or `&`), sets `*escaped` to
/// whether it holds an escape or a `+`, and `*shared` to how many leading bytes it shares with
/// the `previous_length` bytes at `previous` (the last pair's name, from which 32 bytes must be
/// readable too). Or returns -1, leaving both alone, when it cannot tell in one block —
/// `readable` (how many bytes from `name` may be read) is less than 32, no `=` or `&` is among
/// them, a byte before it is from 0x80 up, or a `%` before it begins no escape (its two digits
/// before the end) of a byte below 0x80. The caller's own loop then reads the name, and finds
/// the error where there is one.
///
/// It runs on AVX2: it reads nothing (returns -1) where `cpercent_widest_block()` is below 32,
/// or was not called yet.
ptrdiff_t cpercent_scan_name(const uint8_t *name, size_t readable, const uint8_t *previous, size_t previous_length,
                             int *escaped, size_t *shared);

#endif
