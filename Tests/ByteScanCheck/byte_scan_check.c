// The byte scans of Sources/CByteScan against plain byte-by-byte
// references, on random buffers of the bytes that matter to them (quotes,
// backslashes, controls, DEL, continuation and lead bytes). scripts/check-byte-scans
// compiles it twice: with SSE2 and without it, which gives the eight-byte
// word path arm64 builds take and the Linux build never compiles. It prints
// a digest of the unescaper's results, which has no simple reference: the
// two builds must print the same.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "byte_scan.h"

static uint64_t state = 0x9E3779B97F4A7C15ULL;

static uint64_t next_random(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

static const uint8_t alphabet[] = {
    'a', 'b', 'u', '0', '9', 'F', ' ', '"', '\\', '/', 0x00, 0x01, 0x09, 0x0A, 0x1F, 0x20, 0x7E, 0x7F,
    0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xA8, 0xBF, 0xC0, 0xC2, 0xC3, 0xDF, 0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
};

static int failures = 0;

static void fail(const char *what, const uint8_t *bytes, size_t count, size_t start, size_t expected, size_t got) {
  if (++failures > 10) return;
  fprintf(stderr, "%s: expected %zu, got %zu, from %zu in", what, expected, got, start);
  for (size_t index = 0; index < count; index++) fprintf(stderr, " %02X", bytes[index]);
  fprintf(stderr, "\n");
}

/// `pushlint_measure_json_string` against what the unescaper wrote: the
/// same length or -1, the same extra bytes, and non-ASCII content exactly
/// when a byte of the content is 0x80 or above (well-formed escapes are
/// ASCII).
static void check_measure(const uint8_t *bytes, size_t start, size_t end, long written, size_t extra) {
  size_t measured_extra = 0;
  bool non_ascii = false;
  long measured = pushlint_measure_json_string(bytes, start, end, &measured_extra, &non_ascii);
  if (measured != written) fail("measure_json_string", bytes, end, start, (size_t)written, (size_t)measured);
  if (written < 0) return;
  if (measured_extra != extra) fail("measure_json_string extra", bytes, end, start, extra, measured_extra);
  bool expected = false;
  for (size_t index = start; index < end; index++) expected |= bytes[index] >= 0x80;
  if (non_ascii != expected) fail("measure_json_string non-ASCII", bytes, end, start, expected, non_ascii);
}

/// `pushlint_unescape_json_string_to_end` against the two passes it
/// stands for: the end `pushlint_json_string_end` finds, a quote, then the
/// content up to it unescaped. The same bytes, extra bytes and end, or -1
/// for both; or -1 alone where the room given was short of what the
/// content needs and four bytes more (an escape asks for four). Nothing is
/// written past the room.
static void check_one_pass(const uint8_t *bytes, size_t count, size_t start, size_t capacity) {
  uint8_t two[192], one[192];
  size_t end = pushlint_json_string_end(bytes, count, start);
  long expected = -1;
  size_t expected_extra = 0;
  if (end < count && bytes[end] == '"') expected = pushlint_unescape_json_string(bytes, start, end, two, &expected_extra);
  size_t got_end = 0, got_extra = 0;
  memset(one, 0xAA, sizeof one);
  long got = pushlint_unescape_json_string_to_end(bytes, count, start, one, capacity, &got_end, &got_extra);
  for (size_t index = capacity; index < sizeof one; index++) {
    if (one[index] != 0xAA) {
      fail("unescape_json_string_to_end wrote past its room", bytes, count, start, capacity, index);
      break;
    }
  }
  if (got < 0) {
    if (expected >= 0 && (size_t)expected + 4 <= capacity) fail("unescape_json_string_to_end", bytes, count, start, (size_t)expected, (size_t)got);
    return;
  }
  if (got != expected || got_end != end || got_extra != expected_extra || memcmp(one, two, (size_t)got) != 0) {
    fail("unescape_json_string_to_end", bytes, count, start, (size_t)expected, (size_t)got);
  }
}

/// `pushlint_measure_json_string_to_end` against the two passes it stands
/// for: the end `pushlint_json_string_end` finds, a quote, then the
/// content up to it measured. The same length, extra bytes, non-ASCII
/// answer and end, or -1 for both.
static void check_measure_to_end(const uint8_t *bytes, size_t count, size_t start) {
  size_t end = pushlint_json_string_end(bytes, count, start);
  long expected = -1;
  size_t expected_extra = 0;
  bool expected_non_ascii = false;
  if (end < count && bytes[end] == '"') {
    expected = pushlint_measure_json_string(bytes, start, end, &expected_extra, &expected_non_ascii);
  }
  size_t got_end = 0, got_extra = 0;
  bool got_non_ascii = false;
  long got = pushlint_measure_json_string_to_end(bytes, count, start, &got_end, &got_extra, &got_non_ascii);
  if (got != expected || (got >= 0 && (got_end != end || got_extra != expected_extra ||
                                       got_non_ascii != expected_non_ascii))) {
    fail("measure_json_string_to_end", bytes, count, start, (size_t)expected, (size_t)got);
  }
}

static size_t first_where(const uint8_t *bytes, size_t count, size_t start, int (*test)(uint8_t)) {
  size_t index = start;
  while (index < count && !test(bytes[index])) index++;
  return index;
}

static int is_special(uint8_t byte) { return byte == '"' || byte == '\\' || byte < 0x20; }
static int is_candidate(uint8_t byte) { return is_special(byte) || byte == 0x7F || byte == 0xC2 || byte == 0xE2; }
static int is_unclean(uint8_t byte) { return byte == 0 || byte >= 0x80; }

/// RFC 3629's well-formed sequences (the Unicode Standard's table 3-7),
/// with NUL counted as a problem as the scan counts it.
static size_t reference_invalid_utf8(const uint8_t *bytes, size_t count, size_t start) {
  size_t index = start;
  while (index < count) {
    uint8_t lead = bytes[index];
    size_t length;
    uint8_t low = 0x80, high = 0xBF;
    if (lead == 0) return index;
    if (lead < 0x80) length = 1;
    else if (lead >= 0xC2 && lead <= 0xDF) length = 2;
    else if (lead == 0xE0) length = 3, low = 0xA0;
    else if (lead >= 0xE1 && lead <= 0xEC) length = 3;
    else if (lead == 0xED) length = 3, high = 0x9F;
    else if (lead >= 0xEE && lead <= 0xEF) length = 3;
    else if (lead == 0xF0) length = 4, low = 0x90;
    else if (lead >= 0xF1 && lead <= 0xF3) length = 4;
    else if (lead == 0xF4) length = 4, high = 0x8F;
    else return index;
    if (count - index < length) return index;
    for (size_t offset = 1; offset < length; offset++) {
      uint8_t byte = bytes[index + offset];
      uint8_t min = offset == 1 ? low : 0x80, max = offset == 1 ? high : 0xBF;
      if (byte < min || byte > max) return index;
    }
    index += length;
  }
  return count;
}

static size_t reference_string_end(const uint8_t *bytes, size_t count, size_t start) {
  size_t index = start;
  while (index < count) {
    if (bytes[index] == '\\') {
      index += 2;
      continue;
    }
    if (bytes[index] == '"' || bytes[index] < 0x20) return index;
    index++;
  }
  return count;
}

int main(void) {
  // A buffer with room before it, so scans start at every alignment.
  uint8_t storage[512], out[512];
  uint64_t digest = 1469598103934665603ULL;
  for (long round = 0; round < 2000000; round++) {
    uint8_t *bytes = storage + next_random() % 16;
    size_t count = next_random() % 72;
    int plain = (int)(next_random() % 4);
    for (size_t index = 0; index < count; index++) {
      // Long plain runs too, so the sixteen- and eight-byte steps run.
      bytes[index] = plain && next_random() % 8 ? (uint8_t)('a' + next_random() % 26)
                                                : alphabet[next_random() % sizeof alphabet];
    }
    size_t start = count ? next_random() % (count + 1) : 0;
    size_t got, expected;
    got = pushlint_first_special_string_byte(bytes, count, start);
    expected = first_where(bytes, count, start, is_special);
    if (got != expected) fail("first_special_string_byte", bytes, count, start, expected, got);
    got = pushlint_first_output_escape_candidate(bytes, count, start);
    expected = first_where(bytes, count, start, is_candidate);
    if (got != expected) fail("first_output_escape_candidate", bytes, count, start, expected, got);
    got = pushlint_end_of_clean_ascii(bytes, count, start);
    expected = first_where(bytes, count, start, is_unclean);
    if (got != expected) fail("end_of_clean_ascii", bytes, count, start, expected, got);
    got = pushlint_first_invalid_utf8(bytes, count, 0);
    expected = reference_invalid_utf8(bytes, count, 0);
    if (got != expected) fail("first_invalid_utf8", bytes, count, 0, expected, got);
    expected = 0;
    for (size_t index = start; index < count; index++) expected += (bytes[index] & 0xC0) != 0x80;
    got = pushlint_count_scalar_starts(bytes, start, count);
    if (got != expected) fail("count_scalar_starts", bytes, count, start, expected, got);
    uint8_t pair = alphabet[next_random() % sizeof alphabet];
    expected = count;
    for (size_t index = start; index + 1 < count; index++) {
      if (bytes[index] == pair && bytes[index + 1] == pair) {
        expected = index;
        break;
      }
    }
    got = pushlint_first_byte_pair(bytes, count, start, pair);
    if (got != expected) fail("first_byte_pair", bytes, count, start, expected, got);
    got = pushlint_json_string_end(bytes, count, start);
    expected = reference_string_end(bytes, count, start);
    if (got != expected) fail("json_string_end", bytes, count, start, expected, got);
    size_t extra = 0;
    long written = pushlint_unescape_json_string(bytes, start, count, out, &extra);
    digest = (digest ^ (uint64_t)written) * 1099511628211ULL;
    if (written >= 0) {
      digest = (digest ^ extra) * 1099511628211ULL;
      for (long index = 0; index < written; index++) digest = (digest ^ out[index]) * 1099511628211ULL;
    }
    check_measure(bytes, start, count, written, extra);
    check_one_pass(bytes, count, start, next_random() % 2 ? 192 : (size_t)(next_random() % 40));
    check_measure_to_end(bytes, count, start);
  }
  // Strings of escapes (\u escapes above all, at the bounds of each UTF-8
  // length and of the surrogates, pairs, lone and broken ones) between
  // runs short and long, which the random bytes above seldom spell:
  // measured as unescaped.
  static const char *const pieces[] = {"ab", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\u4E2D", "\\u0001",
                                       "\\u001F", "\\u007f", "\\ud83d\\ude00", "\\uD800", "\\uDC00", "\\ud83d\\u0041",
                                       "\\u12", "\\x", "\\", "\xc3\xa9", "\xe4\xb8\xad", "\xff", "\x01",
                                       "\\u0080", "\\u07FF", "\\u0800", "\\uD7FF", "\\uE000", "\\uFE0F",
                                       "\\uFFFF", "\\uDFFF", "\\uDBFF\\uDFFF", "\\u12G4", " ",
                                       "a run of plain words past sixteen bytes"};
  for (long round = 0; round < 300000; round++) {
    uint8_t *bytes = storage + next_random() % 16;
    size_t count = 0, pieceCount = next_random() % 8;
    for (size_t piece = 0; piece < pieceCount; piece++) {
      const char *text = pieces[next_random() % (sizeof pieces / sizeof pieces[0])];
      size_t length = strlen(text);
      memcpy(bytes + count, text, length);
      count += length;
    }
    size_t extra = 0;
    long written = pushlint_unescape_json_string(bytes, 0, count, out, &extra);
    check_measure(bytes, 0, count, written, extra);
    // Closed by a quote, with more after it: one pass must stop there.
    bytes[count] = '"';
    memcpy(bytes + count + 1, "\\u00e9\"", 8);
    check_one_pass(bytes, count + 9, 0, next_random() % 2 ? 192 : (size_t)(next_random() % 40));
    check_measure_to_end(bytes, count + 9, 0);
  }
  // Well-formed text in every length of sequence, long enough for the
  // sixteen- and thirty-two-byte UTF-8 checks, then one byte changed or the
  // end cut: a problem deep inside, after many steps that found none.
  for (long round = 0; round < 300000; round++) {
    uint8_t *bytes = storage + next_random() % 16;
    size_t count = 0, limit = 24 + next_random() % 116;
    while (count + 4 <= limit) {
      uint32_t scalar;
      switch (next_random() % 5) {
      case 0: scalar = 0x20 + (uint32_t)(next_random() % 0x5F); break;
      case 1: scalar = 0x80 + (uint32_t)(next_random() % 0x780); break;
      case 2: scalar = 0x800 + (uint32_t)(next_random() % 0xF800); break;
      case 3: scalar = 0x10000 + (uint32_t)(next_random() % 0x100000); break;
      default: {
        // The edges of the ranges the checks tell apart.
        static const uint32_t edges[] = {0x7F, 0x80, 0x7FF, 0x800, 0xFFF, 0x1000, 0xD7FF, 0xE000, 0xFFFF,
                                         0x10000, 0x3FFFF, 0x40000, 0xFFFFF, 0x100000, 0x10FFFF};
        scalar = edges[next_random() % (sizeof edges / sizeof edges[0])];
      }
      }
      if (scalar >= 0xD800 && scalar <= 0xDFFF) scalar = 0x4E2D;
      // Encoded by its length, independently of the unescaper's encoder.
      size_t length = scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4;
      static const uint8_t lead[] = {0, 0x00, 0xC0, 0xE0, 0xF0};
      bytes[count] = (uint8_t)(lead[length] | scalar >> (6 * (length - 1)));
      for (size_t place = 1; place < length; place++) {
        bytes[count + place] = (uint8_t)(0x80 | (scalar >> (6 * (length - 1 - place)) & 0x3F));
      }
      count += length;
    }
    switch (next_random() % 4) {
    case 0: break;
    case 1: bytes[next_random() % count] = alphabet[next_random() % sizeof alphabet]; break;
    case 2: bytes[next_random() % count] = (uint8_t)next_random(); break;
    default: count -= next_random() % 4; break;
    }
    size_t got = pushlint_first_invalid_utf8(bytes, count, 0);
    size_t expected = reference_invalid_utf8(bytes, count, 0);
    if (got != expected) fail("first_invalid_utf8 of text", bytes, count, 0, expected, got);
  }
  // One sequence in ASCII text, whole or cut short, at every place: some
  // end a step of the vector checks with the step after them all ASCII,
  // which those steps check apart.
  static const uint8_t leads[] = {0xC3, 0xE2, 0xF0};
  for (size_t place = 0; place < 140; place++) {
    for (size_t kind = 0; kind < 3; kind++) {
      for (size_t given = 0; given <= kind + 1; given++) {
        uint8_t text[160];
        memset(text, 'a', sizeof text);
        text[place] = leads[kind];
        for (size_t next = 0; next < given; next++) text[place + 1 + next] = 0x90;
        size_t got = pushlint_first_invalid_utf8(text, sizeof text, 0);
        size_t expected = reference_invalid_utf8(text, sizeof text, 0);
        if (got != expected) fail("first_invalid_utf8 of one sequence", text, sizeof text, 0, expected, got);
      }
    }
  }
  if (failures) {
    fprintf(stderr, "%d mismatches\n", failures);
    return 1;
  }
  printf("unescape digest %016llx\n", (unsigned long long)digest);
  return 0;
}
