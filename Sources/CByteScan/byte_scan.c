// Byte scans the readers run over every file, string and line: sixteen
// bytes a step with SSE2 (part of every x86-64), eight with the word tricks
// elsewhere. Swift's SIMD types did not compile to the vector instructions.
#include "byte_scan.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline int is_special_string_byte(uint8_t byte) {
  return byte == '"' || byte == '\\' || byte < 0x20;
}

#if !defined(__SSE2__)
static const uint64_t ones = 0x0101010101010101ULL;
static const uint64_t high_bits = 0x8080808080808080ULL;

/// The high bit of each zero byte of `word`, exact for the lowest of them.
static inline uint64_t zero_bytes(uint64_t word) { return (word - ones) & ~word; }

static inline uint64_t special_string_bytes(uint64_t word) {
  return zero_bytes(word ^ (ones * '"')) | zero_bytes(word ^ (ones * '\\')) | ((word - ones * 0x20) & ~word);
}

static inline uint64_t output_escape_candidates(uint64_t word) {
  return special_string_bytes(word) | zero_bytes(word ^ (ones * 0x7F)) | zero_bytes(word ^ (ones * 0xC2)) |
         zero_bytes(word ^ (ones * 0xE2));
}

static inline uint64_t unclean_ascii_bytes(uint64_t word) { return word | zero_bytes(word); }

/// Skips whole eight-byte words in which `marks` flags no byte; the caller
/// scans the rest byte by byte (a flag can be false above a true one).
static inline size_t skip_unmarked_words(
    const uint8_t *bytes, size_t count, size_t index, uint64_t (*marks)(uint64_t)) {
  while (index + 8 <= count) {
    uint64_t word;
    memcpy(&word, bytes + index, 8);
    if ((marks(word) & high_bits) != 0) break;
    index += 8;
  }
  return index;
}
#endif

#if defined(__SSE2__)
/// Skips whole sixteen-byte chunks in which `marks` sets the high bit of no
/// lane, and returns the first marked byte's offset, or where fewer than
/// sixteen bytes are left (the caller scans the rest byte by byte).
static inline size_t skip_unmarked_chunks(
    const uint8_t *bytes, size_t count, size_t index, __m128i (*marks)(__m128i)) {
  while (index + 16 <= count) {
    int mask = _mm_movemask_epi8(marks(_mm_loadu_si128((const __m128i *)(bytes + index))));
    if (mask != 0) return index + (size_t)__builtin_ctz((unsigned)mask);
    index += 16;
  }
  return index;
}

/// The lanes of `chunk` holding a quote, a backslash or a byte below 0x20.
static inline __m128i special_string_lanes(__m128i chunk) {
  // Unsigned byte <= 0x1F: the larger of it and 0x1F is 0x1F.
  const __m128i control_max = _mm_set1_epi8(0x1F);
  __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(chunk, control_max), control_max);
  __m128i quote = _mm_cmpeq_epi8(chunk, _mm_set1_epi8('"'));
  __m128i backslash = _mm_cmpeq_epi8(chunk, _mm_set1_epi8('\\'));
  return _mm_or_si128(_mm_or_si128(quote, backslash), control);
}
#endif

size_t pushlint_first_special_string_byte(const uint8_t *bytes, size_t count, size_t start) {
  size_t index = start;
#if defined(__SSE2__)
  index = skip_unmarked_chunks(bytes, count, index, special_string_lanes);
#else
  index = skip_unmarked_words(bytes, count, index, special_string_bytes);
#endif
  while (index < count && !is_special_string_byte(bytes[index])) index += 1;
  return index;
}

static inline int is_output_escape_candidate(uint8_t byte) {
  return is_special_string_byte(byte) || byte == 0x7F || byte == 0xC2 || byte == 0xE2;
}

#if defined(__SSE2__)
static inline __m128i output_escape_candidate_lanes(__m128i chunk) {
  __m128i del = _mm_cmpeq_epi8(chunk, _mm_set1_epi8(0x7F));
  __m128i leads = _mm_or_si128(_mm_cmpeq_epi8(chunk, _mm_set1_epi8((char)0xC2)),
                               _mm_cmpeq_epi8(chunk, _mm_set1_epi8((char)0xE2)));
  return _mm_or_si128(special_string_lanes(chunk), _mm_or_si128(del, leads));
}

/// Lanes whose byte is NUL or not ASCII: the high bit is already set in
/// bytes past ASCII.
static inline __m128i unclean_ascii_lanes(__m128i chunk) {
  return _mm_or_si128(chunk, _mm_cmpeq_epi8(chunk, _mm_setzero_si128()));
}
#endif

size_t pushlint_first_output_escape_candidate(const uint8_t *bytes, size_t count, size_t start) {
  size_t index = start;
#if defined(__SSE2__)
  index = skip_unmarked_chunks(bytes, count, index, output_escape_candidate_lanes);
#else
  index = skip_unmarked_words(bytes, count, index, output_escape_candidates);
#endif
  while (index < count && !is_output_escape_candidate(bytes[index])) index += 1;
  return index;
}

size_t pushlint_end_of_clean_ascii(const uint8_t *bytes, size_t count, size_t start) {
  size_t index = start;
#if defined(__SSE2__)
  index = skip_unmarked_chunks(bytes, count, index, unclean_ascii_lanes);
#else
  index = skip_unmarked_words(bytes, count, index, unclean_ascii_bytes);
#endif
  while (index < count && bytes[index] != 0 && bytes[index] < 0x80) index += 1;
  return index;
}

static inline int is_continuation(uint8_t byte) { return (byte & 0xC0) == 0x80; }

size_t pushlint_first_invalid_utf8(const uint8_t *bytes, size_t count, size_t start) {
  size_t index = start;
  while (index < count) {
    uint8_t byte = bytes[index];
    if (byte < 0x80) {
      // A run of ASCII is skipped sixteen bytes a step; text in other
      // scripts stays in this loop, sequence after sequence.
      index = pushlint_end_of_clean_ascii(bytes, count, index);
      if (index == count) break;
      byte = bytes[index];
      if (byte == 0) return index;
    }
    size_t left = count - index;
    if (byte >= 0xC2 && byte <= 0xDF) {
      if (left < 2 || !is_continuation(bytes[index + 1])) return index;
      index += 2;
    } else if (byte >= 0xE0 && byte <= 0xEF) {
      if (left < 3) return index;
      uint8_t second = bytes[index + 1];
      if (!is_continuation(second) || !is_continuation(bytes[index + 2])) return index;
      // E0 80–9F would be overlong; ED A0–BF a UTF-16 surrogate.
      if ((byte == 0xE0 && second < 0xA0) || (byte == 0xED && second > 0x9F)) return index;
      index += 3;
    } else if (byte >= 0xF0 && byte <= 0xF4) {
      if (left < 4) return index;
      uint8_t second = bytes[index + 1];
      if (!is_continuation(second) || !is_continuation(bytes[index + 2]) || !is_continuation(bytes[index + 3]))
        return index;
      // F0 80–8F would be overlong; F4 90–BF past U+10FFFF.
      if ((byte == 0xF0 && second < 0x90) || (byte == 0xF4 && second > 0x8F)) return index;
      index += 4;
    } else {
      return index;
    }
  }
  return count;
}

#if defined(__SSE2__)
/// Sixteen zero bytes, then sixteen 0xFF: loaded from `n` on, a mask of the
/// last `n` of sixteen lanes.
static const uint8_t last_lanes[32] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
};

/// The two 64-bit lanes of `sums` (from `_mm_sad_epu8`) added.
static inline size_t sum_of_lanes(__m128i sums) {
  return (size_t)_mm_cvtsi128_si64(sums) + (size_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums));
}
#endif

size_t pushlint_count_scalar_starts(const uint8_t *bytes, size_t start, size_t end) {
  size_t index = start;
#if defined(__SSE2__)
  // Continuation bytes are counted as ones summed by `_mm_sad_epu8`
  // (SSE2 has no population count), and taken from the length.
  // As signed bytes, continuation bytes are exactly those below -64 (0xC0).
  const __m128i lowest_lead = _mm_set1_epi8((char)0xC0);
  const __m128i one = _mm_set1_epi8(1);
  __m128i sums = _mm_setzero_si128();
  while (index + 16 <= end) {
    __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + index));
    __m128i continuations = _mm_and_si128(_mm_cmpgt_epi8(lowest_lead, chunk), one);
    sums = _mm_add_epi64(sums, _mm_sad_epu8(continuations, _mm_setzero_si128()));
    index += 16;
  }
  if (index < end && end >= 16) {
    // The last few bytes: the sixteen that end at `end`, those already
    // counted masked off. Positions are asked for every few bytes, so this
    // is most calls' only step.
    size_t left = end - index;
    __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + end - 16));
    __m128i fresh = _mm_loadu_si128((const __m128i *)(last_lanes + left));
    __m128i continuations = _mm_and_si128(_mm_and_si128(_mm_cmpgt_epi8(lowest_lead, chunk), fresh), one);
    sums = _mm_add_epi64(sums, _mm_sad_epu8(continuations, _mm_setzero_si128()));
    index = end;
  }
  size_t starts = (index - start) - sum_of_lanes(sums);
#else
  size_t starts = 0;
#endif
  for (; index < end; index += 1) starts += (bytes[index] & 0xC0) != 0x80;
  return starts;
}

size_t pushlint_json_string_end(const uint8_t *bytes, size_t count, size_t start) {
  size_t index = pushlint_first_special_string_byte(bytes, count, start);
  while (index < count && bytes[index] == '\\') {
    if (count - index <= 2) return count;
    index = pushlint_first_special_string_byte(bytes, count, index + 2);
  }
  return index;
}

/// The value of each byte as a hex digit, or 0xFF: text in other scripts
/// often reaches the reader escaped, four hex digits a character.
static const uint8_t hex_values[256] = {
#define X16 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF
    X16, X16, X16,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 10, 11, 12, 13, 14, 15, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    X16,
    0xFF, 10, 11, 12, 13, 14, 15, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    X16, X16, X16, X16, X16, X16, X16, X16, X16,
#undef X16
};

static inline unsigned hex_digit(uint8_t byte) { return hex_values[byte]; }

/// The four hex digits at `bytes`, or a value above 0xFFFF.
static inline uint32_t hex4(const uint8_t *bytes) {
  unsigned a = hex_digit(bytes[0]), b = hex_digit(bytes[1]), c = hex_digit(bytes[2]), d = hex_digit(bytes[3]);
  if ((a | b | c | d) > 15) return 0x110000;
  return (uint32_t)(a << 12 | b << 8 | c << 4 | d);
}

/// What compact JSON adds to a decoded character below 0x80.
static inline size_t compact_extra(uint32_t scalar) {
  switch (scalar) {
  case '"': case '\\': case 0x08: case 0x0C: case 0x0A: case 0x0D: case 0x09: return 1;
  default: return scalar < 0x20 ? 5 : 0;
  }
}

long pushlint_unescape_json_string(
    const uint8_t *bytes, size_t start, size_t end, uint8_t *out, size_t *extra) {
  size_t index = start, written = 0, added = 0;
  while (index < end) {
    uint8_t byte = bytes[index];
    if (byte != '\\') {
      if (byte < 0x20 || byte == '"') return -1;
      out[written++] = byte;
      index += 1;
      continue;
    }
    if (index + 1 >= end) return -1;
    uint8_t kind = bytes[index + 1];
    uint32_t scalar;
    switch (kind) {
    case '"': case '\\': case '/': scalar = kind; index += 2; break;
    case 'b': scalar = 0x08; index += 2; break;
    case 'f': scalar = 0x0C; index += 2; break;
    case 'n': scalar = 0x0A; index += 2; break;
    case 'r': scalar = 0x0D; index += 2; break;
    case 't': scalar = 0x09; index += 2; break;
    case 'u': {
      if (index + 6 > end) return -1;
      scalar = hex4(bytes + index + 2);
      if (scalar > 0xFFFF) return -1;
      index += 6;
      if (scalar >= 0xDC00 && scalar <= 0xDFFF) return -1;
      if (scalar >= 0xD800 && scalar <= 0xDBFF) {
        if (index + 6 > end || bytes[index] != '\\' || bytes[index + 1] != 'u') return -1;
        uint32_t low = hex4(bytes + index + 2);
        if (low < 0xDC00 || low > 0xDFFF) return -1;
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00);
        index += 6;
      }
      break;
    }
    default: return -1;
    }
    if (scalar < 0x80) {
      out[written++] = (uint8_t)scalar;
      added += compact_extra(scalar);
    } else if (scalar < 0x800) {
      out[written++] = (uint8_t)(0xC0 | scalar >> 6);
      out[written++] = (uint8_t)(0x80 | (scalar & 0x3F));
    } else if (scalar < 0x10000) {
      out[written++] = (uint8_t)(0xE0 | scalar >> 12);
      out[written++] = (uint8_t)(0x80 | (scalar >> 6 & 0x3F));
      out[written++] = (uint8_t)(0x80 | (scalar & 0x3F));
    } else {
      out[written++] = (uint8_t)(0xF0 | scalar >> 18);
      out[written++] = (uint8_t)(0x80 | (scalar >> 12 & 0x3F));
      out[written++] = (uint8_t)(0x80 | (scalar >> 6 & 0x3F));
      out[written++] = (uint8_t)(0x80 | (scalar & 0x3F));
    }
  }
  *extra = added;
  return (long)written;
}
