#ifndef PUSHLINT_BYTE_SCAN_H
#define PUSHLINT_BYTE_SCAN_H

#include <stddef.h>
#include <stdint.h>

/// The offset of the first byte at or after `start` that is a quote, a
/// backslash or below 0x20 (what ends a JSON string's plain run), or
/// `count` when there is none.
size_t pushlint_first_special_string_byte(const uint8_t *bytes, size_t count, size_t start);

/// The offset of the first byte at or after `start` that is NUL or not
/// ASCII, or `count` when there is none.
size_t pushlint_end_of_clean_ascii(const uint8_t *bytes, size_t count, size_t start);

/// The offset of the first byte at or after `start` that is NUL or begins
/// no well-formed UTF-8 sequence (RFC 3629: no overlong form, no surrogate,
/// nothing past U+10FFFF, no sequence cut short by the end), or `count`
/// when there is none. `start` must not fall inside a sequence.
size_t pushlint_first_invalid_utf8(const uint8_t *bytes, size_t count, size_t start);

/// How many bytes from `start` up to `end` are not UTF-8 continuation bytes
/// (0x80–0xBF): in valid UTF-8, the scalars that begin there.
size_t pushlint_count_scalar_starts(const uint8_t *bytes, size_t start, size_t end);

#endif
