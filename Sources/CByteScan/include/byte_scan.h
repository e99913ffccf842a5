#ifndef PUSHLINT_BYTE_SCAN_H
#define PUSHLINT_BYTE_SCAN_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

/// The offset of the first byte at or after `start` that is a quote, a
/// backslash or below 0x20 (what ends a JSON string's plain run), or
/// `count` when there is none.
size_t pushlint_first_special_string_byte(const uint8_t *bytes, size_t count, size_t start);

/// The offset of the first byte at or after `start` that is a quote, a
/// backslash, below 0x20, DEL, 0xC2 or 0xE2, or `count` when there is none:
/// where text written into a report may need an escape (the lead bytes of
/// U+0080–U+00BF and of U+2000–U+2FFF, which hold the line separators and
/// the bidirectional controls).
size_t pushlint_first_output_escape_candidate(const uint8_t *bytes, size_t count, size_t start);

/// The offset of the first byte at or after `start` that is NUL or not
/// ASCII, or `count` when there is none.
size_t pushlint_end_of_clean_ascii(const uint8_t *bytes, size_t count, size_t start);

/// The offset of the first byte at or after `start` that is NUL or begins
/// no well-formed UTF-8 sequence (RFC 3629: no overlong form, no surrogate,
/// nothing past U+10FFFF, no sequence cut short by the end), or `count`
/// when there is none. `start` must not fall inside a sequence.
size_t pushlint_first_invalid_utf8(const uint8_t *bytes, size_t count, size_t start);

/// The offset of the first two bytes in a row at or after `start` that are
/// both `byte` (`{{`, where a payload template's placeholder opens), or
/// `count` when there are none.
size_t pushlint_first_byte_pair(const uint8_t *bytes, size_t count, size_t start, uint8_t byte);

/// How many bytes from `start` up to `end` are not UTF-8 continuation bytes
/// (0x80–0xBF): in valid UTF-8, the scalars that begin there.
size_t pushlint_count_scalar_starts(const uint8_t *bytes, size_t start, size_t end);

/// The offset of the first quote or control byte at or after `start` that
/// no backslash escapes (a backslash and the byte after it are passed
/// over), or `count` when there is none: where a JSON string with escapes
/// ends, if it is well-formed.
size_t pushlint_json_string_end(const uint8_t *bytes, size_t count, size_t start);

/// The content of a JSON string with escapes, from `start` (after its
/// opening quote) up to `end` (its closing quote), unescaped into `out`,
/// which has room for `end - start` bytes (no escape is shorter than what
/// it stands for). Returns how many bytes it wrote, or -1 when the content
/// holds anything but plain bytes and well-formed escapes (a control byte,
/// an unknown escape, a bad `\u` or a lone surrogate): the caller reads
/// it again to say what. `extra` is set to the bytes that writing the
/// result as compact JSON adds to it: 1 for each quote, backslash and
/// control character with a short escape, 5 for another control character.
long pushlint_unescape_json_string(
    const uint8_t *bytes, size_t start, size_t end, uint8_t *out, size_t *extra);

/// `pushlint_unescape_json_string` in one pass, its closing quote found as
/// it goes: the content from `start` on, up to the first quote no escape
/// holds, written into `out`, which has room for `capacity` bytes. Sets
/// `end` to that quote and `extra` as the other does, and returns how many
/// bytes it wrote; -1, with `end` unset, where the other returns -1, where
/// `count` comes first, or where the content needs more room.
long pushlint_unescape_json_string_to_end(
    const uint8_t *bytes, size_t count, size_t start, uint8_t *out, size_t capacity, size_t *end, size_t *extra);

/// What `pushlint_unescape_json_string` would write, measured without
/// writing it: the bytes of the content unescaped, or -1 where that
/// returns -1; `extra` as there. `has_non_ascii` is set when a byte of the
/// content itself (not of an escape) is 0x80 or above: only then can the
/// content be ill-formed UTF-8, which the caller checks.
long pushlint_measure_json_string(
    const uint8_t *bytes, size_t start, size_t end, size_t *extra, bool *has_non_ascii);

/// `pushlint_measure_json_string` in one pass, its closing quote found as
/// it goes (as `pushlint_unescape_json_string_to_end` finds it): sets `end`
/// to that quote; -1, with `end` unset, where the other returns -1 or
/// where `count` comes first.
long pushlint_measure_json_string_to_end(
    const uint8_t *bytes, size_t count, size_t start, size_t *end, size_t *extra, bool *has_non_ascii);

/// What `pushlint_skip_json_value` counts on its way: the caller sets
/// `index` (where the value starts) and the counts, which it adds to
/// (`outer_commas` it sets).
typedef struct {
  /// Where the value starts; where it ends, once skipped.
  size_t index;
  /// Whitespace bytes passed over.
  size_t insignificant_bytes;
  /// What the escapes of the strings passed over save, unescaped and
  /// written as compact JSON.
  size_t escape_savings;
  /// Line breaks passed over, and the offset after the last of them.
  size_t newlines;
  size_t line_start;
  /// Commas directly inside the value (its members or elements less one).
  size_t outer_commas;
} pushlint_json_skip;

/// Passes over the JSON value at `result->index`, inside `depth` open
/// containers, as the reader's scan of app data does: well-formed, nested
/// below `max_depth`, no string longer than `max_string_bytes`, and with
/// `check_keys` no key repeated in its object. True with `result` moved and
/// counted; false, with `result` untouched, where the caller's own scan
/// must read it: a syntax error, a repeated key, and also what this scan
/// leaves to the caller — a key with an escape or a byte past ASCII (with
/// `check_keys`), an object of more than 32 keys, more than 128 levels, or
/// a string with an escape it cannot measure.
bool pushlint_skip_json_value(
    const uint8_t *bytes, size_t count, size_t depth, size_t max_depth, size_t max_string_bytes, bool check_keys,
    pushlint_json_skip *result);

#endif
