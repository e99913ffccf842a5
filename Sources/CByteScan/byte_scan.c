// Byte scans the readers run over every file, string and line: sixteen
// bytes a step with SSE2 (part of every x86-64), eight with the word tricks
// elsewhere. Swift's SIMD types did not compile to the vector instructions.
#include "byte_scan.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// UTF-8 is checked sixteen bytes a step where the processor has SSSE3's
// byte shuffle (every x86-64 Mac, and every x86-64 server of this century,
// asked at run time: it is not part of x86-64's baseline), thirty-two with
// AVX2 (most x86-64 processors since 2013, also asked); elsewhere, and
// around a problem, a sequence at a time. PUSHLINT_NO_AVX2 leaves the
// AVX2 step out, so that scripts/check-byte-scans checks the other on a
// machine that has both.
#if defined(__SSE2__) && (defined(__x86_64__) || defined(__i386__))
#define PUSHLINT_UTF8_SSSE3 1
#include <cpuid.h>
#include <tmmintrin.h>
#if !defined(PUSHLINT_NO_AVX2)
#define PUSHLINT_AVX2 1
#include <immintrin.h>
#endif
#endif

static inline int is_special_string_byte(uint8_t byte) {
  return byte == '"' || byte == '\\' || byte < 0x20;
}

#if defined(PUSHLINT_UTF8_SSSE3)
/// `ask()`, asked once: 0 unknown, 1 no, 2 yes, in a relaxed atomic, since
/// threads may ask at once and all get the same answer.
static int remembered(int *answer, int (*ask)(void)) {
  int seen = __atomic_load_n(answer, __ATOMIC_RELAXED);
  if (seen == 0) {
    seen = ask() ? 2 : 1;
    __atomic_store_n(answer, seen, __ATOMIC_RELAXED);
  }
  return seen == 2;
}

static int asks_ssse3(void) {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_SSSE3);
}

static int has_ssse3(void) {
  static int answer = 0;
  return remembered(&answer, asks_ssse3);
}
#endif

#if defined(PUSHLINT_AVX2)
/// The processor has AVX2 (leaf 7) and the system saves the 256-bit
/// registers across switches (XGETBV's bits 1 and 2).
static int asks_avx2(void) {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_OSXSAVE) || !(ecx & bit_AVX)) return 0;
  unsigned low = 0, high = 0;
  __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
  return (low & 6) == 6 && __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) && (ebx & bit_AVX2);
}

static int has_avx2(void) {
  static int answer = 0;
  return remembered(&answer, asks_avx2);
}
#endif

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

#if defined(PUSHLINT_AVX2)
/// Where `pushlint_first_byte_pair` goes on from, thirty-two bytes a step:
/// the pair it found, or the place past which too few bytes are left.
__attribute__((target("avx2"))) static size_t first_byte_pair_avx2(const uint8_t *bytes, size_t count,
                                                                   size_t index, uint8_t byte) {
  const __m256i wanted = _mm256_set1_epi8((char)byte);
  while (index + 33 <= count) {
    unsigned here =
        (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(bytes + index)), wanted));
    if (here != 0) {
      unsigned next = (unsigned)_mm256_movemask_epi8(
          _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(bytes + index + 1)), wanted));
      if ((here & next) != 0) return index + (size_t)__builtin_ctz(here & next);
    }
    index += 32;
  }
  return index;
}
#endif

size_t pushlint_first_byte_pair(const uint8_t *bytes, size_t count, size_t start, uint8_t byte) {
  size_t index = start;
#if defined(PUSHLINT_AVX2)
  // Every JSON and YAML file is searched for `{{`: the steps below find a
  // pair this found at once.
  if (start + 64 <= count && has_avx2()) index = first_byte_pair_avx2(bytes, count, start, byte);
#endif
#if defined(__SSE2__)
  // The chunk a byte later is compared only where the byte is found: a
  // payload has few braces, and JSON's own come one at a time.
  const __m128i wanted = _mm_set1_epi8((char)byte);
  while (index + 17 <= count) {
    int here = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(bytes + index)), wanted));
    if (here != 0) {
      int next = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(bytes + index + 1)), wanted));
      if ((here & next) != 0) return index + (size_t)__builtin_ctz((unsigned)(here & next));
    }
    index += 16;
  }
#else
  // A pair flags both words; a flag may be false, so a flagged word is
  // scanned byte by byte.
  while (index + 9 <= count) {
    uint64_t here, next;
    memcpy(&here, bytes + index, 8);
    memcpy(&next, bytes + index + 1, 8);
    if ((zero_bytes(here ^ (ones * byte)) & zero_bytes(next ^ (ones * byte)) & high_bits) != 0) break;
    index += 8;
  }
#endif
  while (index + 1 < count && !(bytes[index] == byte && bytes[index + 1] == byte)) index += 1;
  return index + 1 < count ? index : count;
}

static inline int is_continuation(uint8_t byte) { return (byte & 0xC0) == 0x80; }

#if defined(PUSHLINT_UTF8_SSSE3)

// The lookup algorithm of Keiser and Lemire, "Validating UTF-8 In Less Than
// One Instruction Per Byte" (Software: Practice and Experience, 2021): each
// byte's problem with the byte before it is the AND of three table lookups
// (the high and low nibbles of the byte before, the high nibble of the
// byte); a byte that must be the second or third continuation of a three-
// or four-byte sequence is told by the bytes two and three before it.
enum {
  too_short = 1 << 0,  // a lead byte followed by ASCII or another lead
  too_long = 1 << 1,   // ASCII followed by a continuation
  overlong_3 = 1 << 2, // E0 80–9F
  too_large = 1 << 3,  // F4 90–BF, F5–FF
  surrogate = 1 << 4,  // ED A0–BF
  overlong_2 = 1 << 5, // C0–C1
  too_large_1000 = 1 << 6,
  overlong_4 = 1 << 6, // F0 80–8F
  two_continuations = 1 << 7,
  carry = too_short | too_long | two_continuations,
};

/// The three lookup tables, by the high and low nibbles of the byte before
/// and the high nibble of the byte: the problems each allows.
#define BYTE_1_HIGH_TABLE \
  too_long, too_long, too_long, too_long, too_long, too_long, too_long, too_long, (char)two_continuations, \
  (char)two_continuations, (char)two_continuations, (char)two_continuations, too_short | overlong_2, too_short, \
  too_short | overlong_3 | surrogate, too_short | too_large | too_large_1000 | overlong_4
#define BYTE_1_LOW_TABLE \
  (char)(carry | overlong_3 | overlong_2 | overlong_4), (char)(carry | overlong_2), (char)carry, (char)carry, \
  (char)(carry | too_large), (char)(carry | too_large | too_large_1000), \
  (char)(carry | too_large | too_large_1000), (char)(carry | too_large | too_large_1000), \
  (char)(carry | too_large | too_large_1000), (char)(carry | too_large | too_large_1000), \
  (char)(carry | too_large | too_large_1000), (char)(carry | too_large | too_large_1000), \
  (char)(carry | too_large | too_large_1000), (char)(carry | too_large | too_large_1000 | surrogate), \
  (char)(carry | too_large | too_large_1000), (char)(carry | too_large | too_large_1000)
#define BYTE_2_HIGH_TABLE \
  too_short, too_short, too_short, too_short, too_short, too_short, too_short, too_short, \
  (char)(too_long | overlong_2 | two_continuations | overlong_3 | too_large_1000 | overlong_4), \
  (char)(too_long | overlong_2 | two_continuations | overlong_3 | too_large), \
  (char)(too_long | overlong_2 | two_continuations | surrogate | too_large), \
  (char)(too_long | overlong_2 | two_continuations | surrogate | too_large), too_short, too_short, too_short, \
  too_short

/// The problems of each of `input`'s bytes with the byte before it, and
/// NUL, which the scan counts as a problem, as a nonzero lane.
__attribute__((target("ssse3"))) static inline __m128i utf8_block_problems(__m128i input, __m128i previous) {
  const __m128i low_nibble = _mm_set1_epi8(0x0F);
  __m128i prev1 = _mm_alignr_epi8(input, previous, 15);
  __m128i byte_1_high = _mm_shuffle_epi8(
      _mm_setr_epi8(BYTE_1_HIGH_TABLE),
      _mm_and_si128(_mm_srli_epi16(prev1, 4), low_nibble));
  __m128i byte_1_low = _mm_shuffle_epi8(
      _mm_setr_epi8(BYTE_1_LOW_TABLE),
      _mm_and_si128(prev1, low_nibble));
  __m128i byte_2_high = _mm_shuffle_epi8(
      _mm_setr_epi8(BYTE_2_HIGH_TABLE),
      _mm_and_si128(_mm_srli_epi16(input, 4), low_nibble));
  __m128i special = _mm_and_si128(_mm_and_si128(byte_1_high, byte_1_low), byte_2_high);
  // Two bytes after E0–FF, or three after F0–FF, a continuation must be:
  // only those leave 0x80 or more once 0x60 (0x70) is taken away.
  __m128i prev2 = _mm_alignr_epi8(input, previous, 14);
  __m128i prev3 = _mm_alignr_epi8(input, previous, 13);
  __m128i must_continue = _mm_and_si128(
      _mm_or_si128(_mm_subs_epu8(prev2, _mm_set1_epi8(0x60)), _mm_subs_epu8(prev3, _mm_set1_epi8(0x70))),
      _mm_set1_epi8((char)0x80));
  return _mm_or_si128(_mm_xor_si128(must_continue, special), _mm_cmpeq_epi8(input, _mm_setzero_si128()));
}

/// Where the vector steps' scan hands over, `index` being where the step
/// that found a problem (or the last whole step) begins: every sequence
/// begun before `index - 3` ends before `index`, checked, so the start of
/// the sequence at `index - 4` or before it.
static inline size_t sequence_start_before(const uint8_t *bytes, size_t start, size_t index) {
  if (index < start + 4) return start;
  size_t place = index - 4;
  while (place > start && (bytes[place] & 0xC0) == 0x80) place -= 1;
  return place;
}

/// A place at or after `start`, at the start of a sequence, before which
/// every byte from `start` on is well-formed UTF-8: the scan goes on from
/// there a sequence at a time. It is at least four bytes before the first
/// sixteen that hold a problem (a problem can be a sequence begun three
/// bytes before them), or before the bytes too few for a step.
__attribute__((target("ssse3"))) static size_t checked_utf8_prefix(const uint8_t *bytes, size_t count,
                                                                    size_t start) {
  // Of the last three bytes of a step, those that begin a sequence longer
  // than the bytes left after them.
  const __m128i last_leads_cut_short = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                                     (char)0xEF, (char)0xDF, (char)0xBF);
  __m128i previous = _mm_setzero_si128();
  size_t index = start;
  while (index + 16 <= count) {
    __m128i input = _mm_loadu_si128((const __m128i *)(bytes + index));
    // Sixteen ASCII bytes: only a sequence the last step left open, or
    // NUL, is a problem.
    __m128i problems =
        _mm_movemask_epi8(input) == 0
            ? _mm_or_si128(_mm_subs_epu8(previous, last_leads_cut_short), _mm_cmpeq_epi8(input, _mm_setzero_si128()))
            : utf8_block_problems(input, previous);
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(problems, _mm_setzero_si128())) != 0xFFFF) break;
    previous = input;
    index += 16;
  }
  return sequence_start_before(bytes, start, index);
}
#endif

#if defined(PUSHLINT_AVX2)
/// A 256-bit table of the same sixteen bytes in each half: AVX2's byte
/// shuffle looks up within each half.
#define TWICE(...) _mm256_setr_epi8(__VA_ARGS__, __VA_ARGS__)

/// `utf8_block_problems` over thirty-two bytes.
__attribute__((target("avx2"))) static inline __m256i utf8_block_problems_avx2(__m256i input, __m256i previous) {
  const __m256i low_nibble = _mm256_set1_epi8(0x0F);
  // The bytes before each: AVX2's alignr works within each half, so the
  // halves are first paired as (previous high, input low).
  __m256i straddle = _mm256_permute2x128_si256(previous, input, 0x21);
  __m256i prev1 = _mm256_alignr_epi8(input, straddle, 15);
  __m256i byte_1_high = _mm256_shuffle_epi8(
      TWICE(BYTE_1_HIGH_TABLE),
      _mm256_and_si256(_mm256_srli_epi16(prev1, 4), low_nibble));
  __m256i byte_1_low = _mm256_shuffle_epi8(
      TWICE(BYTE_1_LOW_TABLE),
      _mm256_and_si256(prev1, low_nibble));
  __m256i byte_2_high = _mm256_shuffle_epi8(
      TWICE(BYTE_2_HIGH_TABLE),
      _mm256_and_si256(_mm256_srli_epi16(input, 4), low_nibble));
  __m256i special = _mm256_and_si256(_mm256_and_si256(byte_1_high, byte_1_low), byte_2_high);
  __m256i prev2 = _mm256_alignr_epi8(input, straddle, 14);
  __m256i prev3 = _mm256_alignr_epi8(input, straddle, 13);
  __m256i must_continue = _mm256_and_si256(
      _mm256_or_si256(_mm256_subs_epu8(prev2, _mm256_set1_epi8(0x60)), _mm256_subs_epu8(prev3, _mm256_set1_epi8(0x70))),
      _mm256_set1_epi8((char)0x80));
  return _mm256_or_si256(_mm256_xor_si256(must_continue, special), _mm256_cmpeq_epi8(input, _mm256_setzero_si256()));
}
#undef TWICE

/// `checked_utf8_prefix` thirty-two bytes a step.
__attribute__((target("avx2"))) static size_t checked_utf8_prefix_avx2(const uint8_t *bytes, size_t count,
                                                                       size_t start) {
  const __m256i last_leads_cut_short =
      _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                       -1, -1, -1, -1, -1, (char)0xEF, (char)0xDF, (char)0xBF);
  __m256i previous = _mm256_setzero_si256();
  size_t index = start;
  while (index + 32 <= count) {
    __m256i input = _mm256_loadu_si256((const __m256i *)(bytes + index));
    __m256i problems = _mm256_movemask_epi8(input) == 0
                           ? _mm256_or_si256(_mm256_subs_epu8(previous, last_leads_cut_short),
                                             _mm256_cmpeq_epi8(input, _mm256_setzero_si256()))
                           : utf8_block_problems_avx2(input, previous);
    if (!_mm256_testz_si256(problems, problems)) break;
    previous = input;
    index += 32;
  }
  return sequence_start_before(bytes, start, index);
}
#endif

size_t pushlint_first_invalid_utf8(const uint8_t *bytes, size_t count, size_t start) {
  size_t index = start;
#if defined(PUSHLINT_AVX2)
  if (start + 64 <= count && has_avx2()) {
    index = checked_utf8_prefix_avx2(bytes, count, start);
  } else
#endif
#if defined(PUSHLINT_UTF8_SSSE3)
  if (start + 32 <= count && has_ssse3()) index = checked_utf8_prefix(bytes, count, start);
#endif
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

/// The escape at `*index` (a backslash) decoded: its scalar, with `*index`
/// moved past it; 0x110000 when it is no well-formed escape before `end`.
/// Inlined into both callers: it runs once an escape, and text in other
/// scripts arrives as one `\u` escape a character.
__attribute__((always_inline)) static inline uint32_t decode_escape(
    const uint8_t *bytes, size_t *index, size_t end) {
  size_t at = *index;
  if (at + 1 >= end) return 0x110000;
  uint8_t kind = bytes[at + 1];
  uint32_t scalar;
  switch (kind) {
  case '"': case '\\': case '/': scalar = kind; break;
  case 'b': scalar = 0x08; break;
  case 'f': scalar = 0x0C; break;
  case 'n': scalar = 0x0A; break;
  case 'r': scalar = 0x0D; break;
  case 't': scalar = 0x09; break;
  case 'u': {
    if (at + 6 > end) return 0x110000;
    scalar = hex4(bytes + at + 2);
    if (scalar > 0xFFFF) return 0x110000;
    at += 6;
    if (scalar >= 0xDC00 && scalar <= 0xDFFF) return 0x110000;
    if (scalar >= 0xD800 && scalar <= 0xDBFF) {
      if (at + 6 > end || bytes[at] != '\\' || bytes[at + 1] != 'u') return 0x110000;
      uint32_t low = hex4(bytes + at + 2);
      if (low < 0xDC00 || low > 0xDFFF) return 0x110000;
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00);
      at += 6;
    }
    *index = at;
    return scalar;
  }
  default: return 0x110000;
  }
  *index = at + 2;
  return scalar;
}

/// How many bytes a scalar takes in UTF-8.
static inline size_t utf8_length(uint32_t scalar) {
  return scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4;
}

/// `scalar` written in UTF-8 at `out`; how many bytes it took.
static inline size_t write_utf8(uint8_t *out, uint32_t scalar) {
  if (scalar < 0x80) {
    out[0] = (uint8_t)scalar;
    return 1;
  }
  if (scalar < 0x800) {
    out[0] = (uint8_t)(0xC0 | scalar >> 6);
    out[1] = (uint8_t)(0x80 | (scalar & 0x3F));
    return 2;
  }
  if (scalar < 0x10000) {
    out[0] = (uint8_t)(0xE0 | scalar >> 12);
    out[1] = (uint8_t)(0x80 | (scalar >> 6 & 0x3F));
    out[2] = (uint8_t)(0x80 | (scalar & 0x3F));
    return 3;
  }
  out[0] = (uint8_t)(0xF0 | scalar >> 18);
  out[1] = (uint8_t)(0x80 | (scalar >> 12 & 0x3F));
  out[2] = (uint8_t)(0x80 | (scalar >> 6 & 0x3F));
  out[3] = (uint8_t)(0x80 | (scalar & 0x3F));
  return 4;
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
    uint32_t scalar = decode_escape(bytes, &index, end);
    if (scalar > 0x10FFFF) return -1;
    if (scalar < 0x80) added += compact_extra(scalar);
    written += write_utf8(out + written, scalar);
  }
  *extra = added;
  return (long)written;
}

long pushlint_unescape_json_string_to_end(
    const uint8_t *bytes, size_t count, size_t start, uint8_t *out, size_t capacity, size_t *end, size_t *extra) {
  size_t index = start, written = 0, added = 0;
  while (index < count) {
    uint8_t byte = bytes[index];
    if (byte == '"') {
      *end = index;
      *extra = added;
      return (long)written;
    }
    if (byte != '\\') {
      if (byte < 0x20 || written == capacity) return -1;
      out[written++] = byte;
      index += 1;
      continue;
    }
    uint32_t scalar = decode_escape(bytes, &index, count);
    if (scalar > 0x10FFFF || capacity - written < 4) return -1;
    if (scalar < 0x80) added += compact_extra(scalar);
    written += write_utf8(out + written, scalar);
  }
  return -1;
}

long pushlint_measure_json_string_to_end(
    const uint8_t *bytes, size_t count, size_t start, size_t *end, size_t *extra, bool *has_non_ascii) {
  size_t index = start, length = 0, added = 0;
  bool non_ascii = false;
  while (index < count) {
    uint8_t byte = bytes[index];
    if (byte == '\\') {
      // Text in other scripts arrives as one `\u` escape a character, most
      // of them a scalar past ASCII and outside the surrogates: two or
      // three bytes, and nothing for compact JSON to add.
      if (count - index >= 6 && bytes[index + 1] == 'u') {
        // Told from the digits: past ASCII when its high byte (`high`) is
        // not 0 or its third digit is 8 or more; a surrogate when its high
        // byte is D8 to DF; three bytes from 0x800 on.
        unsigned a = hex_values[bytes[index + 2]], b = hex_values[bytes[index + 3]];
        unsigned c = hex_values[bytes[index + 4]], d = hex_values[bytes[index + 5]];
        unsigned high = a << 4 | b;
        if ((a | b | c | d) <= 15 && (high != 0 || c >= 8) && (high < 0xD8 || high > 0xDF)) {
          length += high < 0x08 ? 2 : 3;
          index += 6;
          continue;
        }
      }
      uint32_t scalar = decode_escape(bytes, &index, count);
      if (scalar > 0x10FFFF) return -1;
      length += utf8_length(scalar);
      if (scalar < 0x80) added += compact_extra(scalar);
      continue;
    }
    if (byte == '"') {
      *end = index;
      *extra = added;
      *has_non_ascii = non_ascii;
      return (long)length;
    }
    if (byte < 0x20) return -1;
    // Between escapes a run is often a space or a short word: a few bytes
    // are looked at one by one before the vector search is called.
    size_t run_end = index + 1;
    size_t near = count - run_end < 16 ? count : run_end + 16;
    uint8_t seen = byte;
    while (run_end < near && !is_special_string_byte(bytes[run_end])) seen |= bytes[run_end++];
    if (run_end == near && near < count) {
      size_t far = pushlint_first_special_string_byte(bytes, count, run_end);
      // A run holds no control byte, so no NUL: the clean ASCII scan stops
      // before its end only at a byte past ASCII.
      non_ascii |= pushlint_end_of_clean_ascii(bytes, far, run_end) < far;
      run_end = far;
    }
    non_ascii |= seen >= 0x80;
    length += run_end - index;
    index = run_end;
  }
  return -1;
}

long pushlint_measure_json_string(
    const uint8_t *bytes, size_t start, size_t end, size_t *extra, bool *has_non_ascii) {
  size_t index = start, length = 0, added = 0;
  bool non_ascii = false;
  while (index < end) {
    // A run of plain bytes counts as it is.
    const uint8_t *escape = memchr(bytes + index, '\\', end - index);
    size_t run_end = escape ? (size_t)(escape - bytes) : end;
    for (size_t at = index; at < run_end; at++) {
      uint8_t byte = bytes[at];
      if (byte < 0x20 || byte == '"') return -1;
      non_ascii |= byte >= 0x80;
    }
    length += run_end - index;
    index = run_end;
    if (index == end) break;
    uint32_t scalar = decode_escape(bytes, &index, end);
    if (scalar > 0x10FFFF) return -1;
    length += utf8_length(scalar);
    if (scalar < 0x80) added += compact_extra(scalar);
  }
  *extra = added;
  *has_non_ascii = non_ascii;
  return (long)length;
}

// A JSON value passed over as `JSONScanner.skipValue` passes over it, for
// app data the reader checks without building: the same checks and counts,
// in one loop over the bytes. It accepts less than the Swift scan does
// (any key with an escape or a byte past ASCII, an object of many keys, a
// string with an escape it cannot measure, nesting past its stack): the
// Swift scan reads those, and says what is wrong with a value this refuses.

enum {
  /// Open containers the skip follows; deeper values are left to Swift.
  skip_levels = 128,
  /// Keys of the open objects held for the repeat check.
  skip_keys = 256,
  /// Keys of one object compared each with all; more are left to Swift.
  skip_keys_per_object = 32,
};

static inline int is_json_whitespace(uint8_t byte) {
  return byte == ' ' || byte == '\n' || byte == '\t' || byte == '\r';
}

static inline int is_word_byte(uint8_t byte) {
  return (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') || (byte >= '0' && byte <= '9') ||
         byte == '_';
}

static inline int is_digit_at(const uint8_t *bytes, size_t count, size_t index) {
  return index < count && bytes[index] >= '0' && bytes[index] <= '9';
}

/// Whitespace from `*index` on, counted into `state`.
__attribute__((always_inline)) static inline void skip_json_whitespace(
    const uint8_t *bytes, size_t count, size_t *index, pushlint_json_skip *state) {
  size_t at = *index;
  // Compact JSON has none: one comparison tells.
  if (at < count && bytes[at] > ' ') return;
  while (at < count && is_json_whitespace(bytes[at])) {
    if (bytes[at] == '\n') {
      state->newlines += 1;
      state->line_start = at + 1;
    }
    at += 1;
  }
  state->insignificant_bytes += at - *index;
  *index = at;
}

/// A string value from its opening quote at `*index`; false where the Swift
/// scan must read it.
__attribute__((always_inline)) static inline bool skip_json_string(
    const uint8_t *bytes, size_t count, size_t *index, size_t max_string_bytes, pushlint_json_skip *state) {
  size_t content_start = *index + 1;
  size_t at = pushlint_first_special_string_byte(bytes, count, content_start);
  if (at >= count) return false;
  if (bytes[at] == '"') {
    if (at - content_start > max_string_bytes) return false;
    *index = at + 1;
    return true;
  }
  if (bytes[at] != '\\') return false;
  size_t end = 0, extra = 0;
  bool has_non_ascii = false;
  long length = pushlint_measure_json_string_to_end(bytes, count, content_start, &end, &extra, &has_non_ascii);
  if (length < 0 || (size_t)length > max_string_bytes) return false;
  if (has_non_ascii && pushlint_first_invalid_utf8(bytes, end, content_start) != end) return false;
  state->escape_savings += end - content_start - ((size_t)length + extra);
  *index = end + 1;
  return true;
}

/// A number as JSON spells it; false for anything else.
__attribute__((always_inline)) static inline bool skip_json_number(
    const uint8_t *bytes, size_t count, size_t *index) {
  size_t at = *index;
  if (bytes[at] == '-') at += 1;
  if (!is_digit_at(bytes, count, at)) return false;
  if (bytes[at] == '0') {
    at += 1;
    if (is_digit_at(bytes, count, at)) return false;
  } else {
    while (is_digit_at(bytes, count, at)) at += 1;
  }
  if (at < count && bytes[at] == '.') {
    at += 1;
    if (!is_digit_at(bytes, count, at)) return false;
    while (is_digit_at(bytes, count, at)) at += 1;
  }
  if (at < count && (bytes[at] == 'e' || bytes[at] == 'E')) {
    at += 1;
    if (at < count && (bytes[at] == '+' || bytes[at] == '-')) at += 1;
    if (!is_digit_at(bytes, count, at)) return false;
    while (is_digit_at(bytes, count, at)) at += 1;
  }
  *index = at;
  return true;
}

/// `word` exactly, not the start of a longer word.
__attribute__((always_inline)) static inline bool skip_json_literal(
    const uint8_t *bytes, size_t count, size_t *index, const char *word, size_t length) {
  size_t at = *index;
  if (count - at < length || memcmp(bytes + at, word, length) != 0) return false;
  if (at + length < count && is_word_byte(bytes[at + length])) return false;
  *index = at + length;
  return true;
}

typedef struct {
  size_t start, length;
} key_range;

/// `memcmp(one, other, length) == 0`, inlined for the short keys most
/// objects have: each key is compared with every earlier key of its length.
static inline bool same_key_bytes(const uint8_t *one, const uint8_t *other, size_t length) {
  if (length <= 8) {
    for (size_t index = 0; index < length; index++) {
      if (one[index] != other[index]) return false;
    }
    return true;
  }
  return memcmp(one, other, length) == 0;
}

/// A key at `*index` and its colon. With `check_keys`, the key is plain
/// ASCII and no earlier key of its object (from `keys[first]` on) has its
/// bytes; it joins them. Without, any string.
__attribute__((always_inline)) static inline bool skip_json_key(
    const uint8_t *bytes, size_t count, size_t *index, size_t max_string_bytes, bool check_keys, key_range *keys,
    size_t first, size_t *key_count, pushlint_json_skip *state) {
  if (*index >= count || bytes[*index] != '"') return false;
  if (check_keys) {
    size_t start = *index + 1, at = start;
#if defined(__SSE2__)
    // Keys are short: most end inside the sixteen bytes after the quote.
    if (start + 16 <= count) {
      __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + start));
      int mask = _mm_movemask_epi8(_mm_or_si128(special_string_lanes(chunk), chunk));
      if (mask != 0) {
        at = start + (size_t)__builtin_ctz((unsigned)mask);
        if (bytes[at] != '"') return false;
      } else {
        at = start + 16;
      }
    }
#endif
    while (at < count && bytes[at] != '"') {
      if (is_special_string_byte(bytes[at]) || bytes[at] >= 0x80) return false;
      at += 1;
    }
    if (at >= count || at - start > max_string_bytes) return false;
    size_t length = at - start;
    if (*key_count - first >= skip_keys_per_object || *key_count >= skip_keys) return false;
    for (size_t earlier = first; earlier < *key_count; earlier++) {
      if (keys[earlier].length == length && same_key_bytes(bytes + keys[earlier].start, bytes + start, length)) {
        return false;
      }
    }
    keys[*key_count].start = start;
    keys[*key_count].length = length;
    *key_count += 1;
    *index = at + 1;
  } else if (!skip_json_string(bytes, count, index, max_string_bytes, state)) {
    return false;
  }
  skip_json_whitespace(bytes, count, index, state);
  if (*index >= count || bytes[*index] != ':') return false;
  *index += 1;
  return true;
}

bool pushlint_skip_json_value(
    const uint8_t *bytes, size_t count, size_t depth, size_t max_depth, size_t max_string_bytes, bool check_keys,
    pushlint_json_skip *result) {
  // Counted in a copy the compiler can keep in registers: through
  // `result`, each count would be a store that the loads of bytes may alias.
  pushlint_json_skip counts = *result;
  counts.outer_commas = 0;
  pushlint_json_skip *state = &counts;
  // For each open container: whether it is an object, and where its keys
  // start in `keys`.
  bool is_object[skip_levels];
  size_t first_key[skip_levels];
  key_range keys[skip_keys];
  size_t key_count = 0, level = 0, index = counts.index;
  for (;;) {
    skip_json_whitespace(bytes, count, &index, state);
    if (index >= count) return false;
    uint8_t byte = bytes[index];
    switch (byte) {
    case '{':
    case '[': {
      if (depth + level >= max_depth || level >= skip_levels) return false;
      bool object = byte == '{';
      index += 1;
      skip_json_whitespace(bytes, count, &index, state);
      if (index < count && bytes[index] == (object ? '}' : ']')) {
        index += 1;
        break;
      }
      is_object[level] = object;
      first_key[level] = key_count;
      if (object && !skip_json_key(bytes, count, &index, max_string_bytes, check_keys, keys, key_count, &key_count,
                                   state)) {
        return false;
      }
      level += 1;
      continue;
    }
    case '"':
      if (!skip_json_string(bytes, count, &index, max_string_bytes, state)) return false;
      break;
    case '-':
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
      if (!skip_json_number(bytes, count, &index)) return false;
      break;
    case 't':
      if (!skip_json_literal(bytes, count, &index, "true", 4)) return false;
      break;
    case 'f':
      if (!skip_json_literal(bytes, count, &index, "false", 5)) return false;
      break;
    case 'n':
      if (!skip_json_literal(bytes, count, &index, "null", 4)) return false;
      break;
    default:
      return false;
    }
    // A value is complete: close what ends after it, or go on to the next.
    for (;;) {
      if (level == 0) {
        counts.index = index;
        *result = counts;
        return true;
      }
      skip_json_whitespace(bytes, count, &index, state);
      if (index >= count) return false;
      bool object = is_object[level - 1];
      uint8_t closer = object ? '}' : ']';
      if (bytes[index] == ',') {
        if (level == 1) state->outer_commas += 1;
        index += 1;
        skip_json_whitespace(bytes, count, &index, state);
        if (index >= count || bytes[index] == closer) return false;
        if (object && !skip_json_key(bytes, count, &index, max_string_bytes, check_keys, keys, first_key[level - 1],
                                     &key_count, state)) {
          return false;
        }
        break;
      }
      if (bytes[index] != closer) return false;
      index += 1;
      key_count = first_key[level - 1];
      level -= 1;
    }
  }
}
