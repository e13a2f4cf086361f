// The 1/8 decode of a baseline JPEG's scan, without libjpeg's entropy decoder.
//
// Why: a thumbnail of a camera photo is a 1/8 decode, and that decode is nearly all Huffman decoding
// (libjpeg-turbo spends 80 % of a fit render there). At 1/8, libjpeg needs only each luma block's DC
// coefficient; it still decodes every AC coefficient to find where the next block starts, one
// symbol at a time, then the magnitude bits. Here the stuffing is removed first (a segment at a
// time, through buffers small enough to stay in the heap), so the bit reader is one unaligned load,
// and a table of 13-bit prefixes gives the code and magnitude lengths of the next symbols together:
// skipping a coefficient takes less than one lookup.
//
// The pixels are libjpeg-turbo's, byte for byte (the tests and the JPEG fuzzer compare the two):
// the same 1×1 inverse DCT for luma, the same 2×2 one for 4:2:0 chroma (libjpeg scales chroma by
// the DCT rather than upsampling, and that needs its AC coefficients), the same range limits, and
// the same fixed-point YCbCr→RGB. Whatever libjpeg could warn about — a bad code, data cut short, a
// restart marker out of place or bytes before it — is declined, and libjpeg decodes the file.
#include "cjpeg_eighth.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { FAST_BITS = 10, MULTI_BITS = 13 };

// One Huffman table, built from libjpeg's JHUFF_TBL. Each array is an allocation of its own, of
// exactly its size, so that AddressSanitizer (in the fuzzer) sees any access past one of them.
typedef struct {
    // Codes of at most FAST_BITS bits, by their next FAST_BITS bits (1 << FAST_BITS entries):
    // (length << 8) | symbol; 0 when the code is longer.
    uint16_t *code;
    // AC tables only, for skipping AC coefficients several at a time, by the next MULTI_BITS bits
    // (1 << MULTI_BITS entries): the bits of the whole symbols (code and magnitude) they hold (bits
    // 0–3), whether the last is the end of the block (bit 4), and how far the others move the
    // coefficient index (bits 5–15); 0 when not even one symbol fits. NULL for a DC table.
    uint16_t *multi;
    // Longer codes, canonically: the largest code of each length (-1: none), and what to add to a
    // code of that length to index `symbols` (the table's symbols, one per code).
    int32_t maxcode[17];
    int32_t offset[17];
    uint8_t *symbols;
} huffman;

// Zigzag order to natural order, with 16 more entries for a run that overshoots (libjpeg's
// jpeg_natural_order: such coefficients land on the last one).
static const uint8_t natural_order[64 + 16] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,  12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13,
    6,  7,  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31,
    39, 46, 53, 60, 61, 54, 47, 55, 62, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
};

// An AC symbol that ends its block: no magnitude bits, and not the run of 16 zeros (F0).
static inline int ends_block(int symbol) { return (symbol & 15) == 0 && (symbol >> 4) != 15; }

// Whether libjpeg accepts the table (jpeg_make_d_derived_tbl, jdhuff.c): at most 256 codes; the
// codes of each length fit in it, and none is all ones (counting codes canonically, the one after
// the last of a length must still fit); a DC table's symbols (magnitude sizes) at most 15. Nothing
// is derived from a table before it passes: the loops that fill the lookup tables rely on it.
static int valid_huffman(const JHUFF_TBL *table, int is_dc) {
    int count = 0, code = 0;
    for (int length = 1; length <= 16; length++) {
        count += table->bits[length];
        code += table->bits[length];
        if (count > 256 || code >= (1 << length)) return 0;
        code <<= 1;
    }
    for (int i = 0; is_dc && i < count; i++)
        if (table->huffval[i] > 15) return 0;
    return 1;
}

static int huffman_count(const JHUFF_TBL *table) {
    int count = 0;
    for (int length = 1; length <= 16; length++) count += table->bits[length];
    return count;
}

// Fills `code`, `maxcode` and `offset` from a valid table's counts. Canonically, the codes of each
// length follow on from those of the length before (doubled), so the codes of at most FAST_BITS bits
// cover the first entries of `code` without a gap; false (never, for a valid table) for a code whose
// entries would fall outside it.
static int derive_codes(const JHUFF_TBL *table, huffman *h) {
    int code = 0, index = 0;
    for (int length = 1; length <= 16; length++) {
        int n = table->bits[length];
        h->offset[length] = index - code;
        h->maxcode[length] = n > 0 ? code + n - 1 : -1;
        for (int i = 0; i < n && length <= FAST_BITS; i++) {
            int spread = FAST_BITS - length, first = (code + i) << spread;
            if (first + (1 << spread) > (1 << FAST_BITS)) return 0;
            for (int j = 0; j < (1 << spread); j++) h->code[first + j] = (uint16_t) ((length << 8) | h->symbols[index + i]);
        }
        index += n;
        code = (code + n) << 1;
    }
    return 1;
}

// Fills an AC table's `multi` from its `code`.
static void derive_multi(huffman *h) {
    for (int prefix = 0; prefix < (1 << MULTI_BITS); prefix++) {
        int used = 0, advance = 0, end = 0;
        while (used < MULTI_BITS) {
            // The bits after `used`, zeros past the prefix: a code shorter than what is left is whole.
            uint16_t entry = h->code[((prefix << used) & ((1 << MULTI_BITS) - 1)) >> (MULTI_BITS - FAST_BITS)];
            int symbol = entry & 0xFF, total = (entry >> 8) + (symbol & 15);
            if (entry == 0 || total > MULTI_BITS - used) break;
            used += total;
            if (ends_block(symbol)) {
                end = 1;
                break;
            }
            advance += (symbol >> 4) + 1;
        }
        h->multi[prefix] = (uint16_t) (used | (end << 4) | (advance << 5));
    }
}

// False for a table libjpeg refuses, or out of memory. What it allocated is freed by free_huffman,
// whatever it returns.
static int build_huffman(const JHUFF_TBL *table, int is_dc, huffman *h) {
    if (table == NULL || !valid_huffman(table, is_dc)) return 0;
    const int count = huffman_count(table);
    h->code = calloc(1 << FAST_BITS, sizeof *h->code);
    h->symbols = malloc(count > 0 ? (size_t) count : 1);
    if (!is_dc) h->multi = malloc(sizeof *h->multi * (1 << MULTI_BITS));
    if (h->code == NULL || h->symbols == NULL || (!is_dc && h->multi == NULL)) return 0;
    memcpy(h->symbols, table->huffval, (size_t) count);
    if (!derive_codes(table, h)) return 0;
    if (!is_dc) derive_multi(h);
    return 1;
}

static void free_huffman(huffman *h) {
    free(h->code);
    free(h->multi);
    free(h->symbols);
}

// A bit reader over destuffed data: `bits` holds the next `count` bits at its top, zeros or the
// data's own bits below them.
typedef struct {
    const uint8_t *next;
    uint64_t bits;
    int count;
} reader;

// Bits read so far from `data`.
static inline uint64_t reader_position(const reader *r, const uint8_t *data) { return (uint64_t) (r->next - data) * 8 - (uint64_t) r->count; }

// Tops the reader up to at least 56 bits with one unaligned load (whole bytes only are counted; the
// bits of a partly taken byte are the data's, so loading them again changes nothing). Its callers
// refill below 32 bits, so the shift by `count` stays under 64.
static inline void refill(reader *r) {
    uint64_t word;
    memcpy(&word, r->next, sizeof word);
    r->bits |= __builtin_bswap64(word) >> r->count;
    r->next += (63 - r->count) >> 3;
    r->count |= 56;
}

static inline void consume(reader *r, int count) {
    r->bits <<= count;
    r->count -= count;
}

// The symbol of a code longer than FAST_BITS at the top of `bits`; its length in `length`, 0 for
// no code (more than 16 bits: corrupt).
//
// The index into `symbols` needs no check, for a table that valid_huffman passed: canonically, the
// codes of at most l bits (the shorter ones padded to l bits) fill the l-bit values from 0 on without
// a gap. The fast table holds no code for these bits, so their first FAST_BITS bits are past every
// shorter code, and at each longer length the loop found them past that length's codes; so when
// their first l bits are at most maxcode[l], they are a code of length l, and code + offset[l]
// indexes its symbol, one of the table's.
static int long_symbol(const huffman *h, uint64_t bits, int *length) {
    for (int l = FAST_BITS + 1; l <= 16; l++) {
        int32_t code = (int32_t) (bits >> (64 - l));
        if (code <= h->maxcode[l]) {
            *length = l;
            return h->symbols[code + h->offset[l]];
        }
    }
    *length = 0;
    return 0;
}

// The next symbol, or -1 for a bad code; at least 16 bits are left in the reader after it.
static inline int decode_symbol(const huffman *h, reader *r) {
    if (r->count < 32) refill(r);
    uint16_t entry = h->code[r->bits >> (64 - FAST_BITS)];
    if (entry != 0) {
        consume(r, entry >> 8);
        return entry & 0xFF;
    }
    int length, symbol = long_symbol(h, r->bits, &length);
    if (length == 0) return -1;
    consume(r, length);
    return symbol;
}

// The signed value of the next `size` (at most 15) magnitude bits (JPEG's EXTEND), just after a symbol.
static inline int receive_extend(reader *r, int size) {
    if (size == 0) return 0;
    int raw = (int) (r->bits >> (64 - size));
    consume(r, size);
    return raw < (1 << (size - 1)) ? raw - (1 << size) + 1 : raw;
}

// Steps over a block's AC coefficients, as libjpeg counts them (each symbol moves the index k by its
// run + 1; the block ends at an end-of-block symbol or when k reaches 64); false for a bad code.
static inline int skip_ac(const huffman *h, reader *r) {
    int k = 1;
    for (;;) {
        if (r->count < 32) refill(r);
        uint16_t several = h->multi[r->bits >> (64 - MULTI_BITS)];
        // They are all this block's when every symbol but the last leaves k under 64, and k is still
        // under 64 at an end-of-block symbol (at 64 the block has ended before it).
        if (several != 0 && k + (several >> 5) <= ((several & 16) ? 63 : 64)) {
            consume(r, several & 15);
            k += several >> 5;
            if ((several & 16) || k >= 64) return 1;
            continue;
        }
        // One symbol: near the block's end, or a code and magnitude longer than MULTI_BITS.
        int symbol = decode_symbol(h, r);
        if (symbol < 0) return 0;
        consume(r, symbol & 15);
        if (ends_block(symbol)) return 1;
        k += (symbol >> 4) + 1;
        if (k >= 64) return 1;
    }
}

// Decodes a block's AC coefficients into `block` (natural order, zeroed by the caller), marking in
// `written` the positions written; false for a bad code.
static inline int decode_ac(const huffman *h, reader *r, int16_t block[64], uint64_t *written) {
    for (int k = 1; k < 64; k++) {
        int symbol = decode_symbol(h, r);
        if (symbol < 0) return 0;
        int run = symbol >> 4, size = symbol & 15;
        if (size) {
            k += run;
            block[natural_order[k]] = (int16_t) receive_extend(r, size);
            *written |= (uint64_t) 1 << natural_order[k];
        } else {
            if (run != 15) break;
            k += 15;
        }
    }
    return 1;
}

// libjpeg's range limit after its inverse DCT: x + 128 within 0…255, through its table of 1024
// entries (values far out of range wrap, as they do there).
static inline uint8_t idct_limit(int x) {
    int i = x & 1023;
    if (i < 128) return (uint8_t) (i + 128);
    if (i < 512) return 255;
    if (i < 896) return 0;
    return (uint8_t) (i - 896);
}

static inline uint8_t clamp_sample(int x) { return (uint8_t) (x < 0 ? 0 : x > 255 ? 255 : x); }

// A block's 1×1 inverse DCT: the mean, DC / 8.
static inline uint8_t idct_1x1(int dc, const int16_t *quant) { return idct_limit((dc * quant[0] + 4) >> 3); }

// A block's 2×2 inverse DCT (libjpeg's jpeg_idct_2x2, islow: the coefficients of rows and columns
// 0, 1, 3, 5 and 7, in 13-bit fixed point), into out[row * 2 + column]. `written` marks the AC
// coefficients that may not be zero. A column or row whose odd terms are all zero reduces to its DC
// term, exactly (as libjpeg's shortcuts do).
//
// libjpeg-turbo runs this transform in SIMD where the CPU has it, in 16-bit lanes: dequantised
// coefficients and the first pass's results wrap or saturate there, and its output saturates where
// the C code's range table wraps. For the values of any real image the two agree; for values outside
// those ranges (corrupt data) this gives false, and libjpeg decodes the file.
static int idct_2x2(const int16_t *block, uint64_t written, const int16_t *quant, uint8_t out[4]) {
    enum { C7 = -5906, C5 = 6967, C3 = -10426, C1 = 29692 };  // sqrt(2) × sums of cosines, × 2^13
    // The AC coefficients it uses: rows 1, 3, 5 and 7 of a column (shifted by the column), and of
    // those columns (0, 1, 3, 5, 7) in each row; and columns 1, 3, 5 and 7 of row 0.
    const uint64_t odd_rows = 0x0100010001000100ULL, used = (odd_rows * 0xAB) | 0xAA;
    const uint64_t present = written & used;
    long dc = (long) block[0] * quant[0];
    if (dc < -32768 || dc > 32767) return 0;
    for (uint64_t rest = present; rest != 0; rest &= rest - 1) {
        int at = __builtin_ctzll(rest);
        long value = (long) block[at] * quant[at];
        if (value < -32768 || value > 32767) return 0;
    }
    long results[4];
    if (present == 0) {
        results[0] = results[1] = results[2] = results[3] = (dc * 4 + 16) >> 5;
    } else {
        long workspace[2][8];
        static const int columns[5] = {0, 1, 3, 5, 7};
        for (int i = 0; i < 5; i++) {
            int column = columns[i];
            const int16_t *b = block + column, *q = quant + column;
            long even = (long) (b[0] * q[0]);
            if ((present & (odd_rows << column)) == 0) {
                workspace[0][column] = workspace[1][column] = even * 4;
            } else {
                long odd = (long) (b[56] * q[56]) * C7 + (long) (b[40] * q[40]) * C5 + (long) (b[24] * q[24]) * C3 + (long) (b[8] * q[8]) * C1;
                // × 2^15, libjpeg's LEFT_SHIFT: a multiplication, as a shift of a negative value is undefined.
                workspace[0][column] = (even * (1L << 15) + odd + (1L << 12)) >> 13;
                workspace[1][column] = (even * (1L << 15) - odd + (1L << 12)) >> 13;
            }
            if (workspace[0][column] < -32768 || workspace[0][column] > 32767 || workspace[1][column] < -32768 || workspace[1][column] > 32767)
                return 0;
        }
        for (int row = 0; row < 2; row++) {
            const long *w = workspace[row];
            if (w[1] == 0 && w[3] == 0 && w[5] == 0 && w[7] == 0) {
                results[row * 2] = results[row * 2 + 1] = (w[0] + 16) >> 5;
                continue;
            }
            long even = w[0] * (1L << 15);
            long odd = w[7] * C7 + w[5] * C5 + w[3] * C3 + w[1] * C1;
            results[row * 2] = (even + odd + (1L << 19)) >> 20;
            results[row * 2 + 1] = (even - odd + (1L << 19)) >> 20;
        }
    }
    for (int i = 0; i < 4; i++) {
        if (results[i] < -384 || results[i] > 383) return 0;  // where the range table stops clamping
        out[i] = idct_limit((int) results[i]);
    }
    return 1;
}

// libjpeg's YCbCr→RGB (jdcolor.c): 16-bit fixed point, rounded as its tables are.
static inline void ycc_to_rgb(int y, int cb, int cr, uint8_t *rgb) {
    long b = cb - 128, r = cr - 128;
    rgb[0] = clamp_sample(y + (int) ((91881 * r + 32768) >> 16));
    rgb[1] = clamp_sample(y + (int) ((-22554 * b + 32768 - 46802 * r) >> 16));
    rgb[2] = clamp_sample(y + (int) ((116130 * b + 32768) >> 16));
}

static int64_t monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t) now.tv_sec * 1000000000 + now.tv_nsec;
}

enum {
    // File bytes read at a time.
    RAW_CHUNK = 32 * 1024,
    // Destuffed bytes held at a time.
    CLEAN_CAPACITY = 64 * 1024,
    // Destuffed bytes kept ahead of the reader before an MCU: more than an MCU's codes can take
    // (6 blocks × 64 symbols × 31 bits), plus the reader's 8-byte load.
    MCU_MARGIN = 2048,
    // Bytes libjpeg may read past the last bit it decodes (its 57-bit lookahead, rounded up).
    LIBJPEG_READ_AHEAD = 16,
    // Zeros after the destuffed data, so the bit reader needs no end checks inside an MCU: an MCU
    // that runs past a segment's end is found after it, within these.
    PADDING = 4096,
};

enum {
    // The end of the file (or a read error) before the scan's end: libjpeg warns.
    END_OF_FILE = -1,
    // FF followed by FF, fill bytes (before a marker, or before a 00, which libjpeg-turbo reads as an
    // FF data byte where it decodes a byte at a time, but as a marker in its fast path). Declined, as
    // libjpeg's own answer for them depends on which of its paths met them.
    FILL_BYTES = -2,
};

// The scan's bytes: the file from `offset` on, destuffed one segment (the data up to the next
// marker) at a time into `clean`, which zeros follow.
typedef struct {
    int fd;
    off_t offset;
    int at_end_of_file;
    size_t raw_at, raw_end;
    size_t clean_end;
    // What ended the segment: 0 while it goes on, END_OF_FILE, FILL_BYTES, else the marker's code
    // (FF xx).
    int marker;
    uint8_t raw[RAW_CHUNK];
    uint8_t clean[CLEAN_CAPACITY + PADDING];
} scan_source;

// Reads more of the file after the `keep` raw bytes not yet processed.
static void read_raw(scan_source *s) {
    size_t keep = s->raw_end - s->raw_at;
    memmove(s->raw, s->raw + s->raw_at, keep);
    s->raw_at = 0;
    s->raw_end = keep;
    ssize_t count;
    do {
        count = pread(s->fd, s->raw + keep, RAW_CHUNK - keep, s->offset);
    } while (count < 0 && errno == EINTR);
    if (count <= 0) {
        s->at_end_of_file = 1;
        return;
    }
    s->offset += count;
    s->raw_end += (size_t) count;
}

// Destuffs the segment's data (FF 00 → FF; FF FF ends it, as FILL_BYTES) into `clean` until
// it holds `wanted` bytes (at most CLEAN_CAPACITY) or the segment has ended; zeros follow the data.
static void fill_clean(scan_source *s, size_t wanted) {
    while (s->clean_end < wanted && s->marker == 0) {
        if (s->raw_end - s->raw_at < 2 && !s->at_end_of_file) {
            read_raw(s);
            continue;
        }
        if (s->raw_at >= s->raw_end) {
            s->marker = END_OF_FILE;
            break;
        }
        const uint8_t *from = s->raw + s->raw_at;
        size_t count = s->raw_end - s->raw_at;
        if (count > wanted - s->clean_end) count = wanted - s->clean_end;
        const uint8_t *ff = memchr(from, 0xFF, count);
        size_t run = ff != NULL ? (size_t) (ff - from) : count;
        memcpy(s->clean + s->clean_end, from, run);
        s->clean_end += run;
        s->raw_at += run;
        if (ff == NULL) continue;
        size_t next = s->raw_at + 1;
        if (next >= s->raw_end) {
            // The byte after the FF is in the next chunk: read on from this FF.
            if (s->at_end_of_file) {
                s->marker = END_OF_FILE;
                break;
            }
            read_raw(s);
            continue;
        }
        s->raw_at = next + 1;
        if (s->raw[next] == 0x00) {
            s->clean[s->clean_end++] = 0xFF;
        } else {
            s->marker = s->raw[next] == 0xFF ? FILL_BYTES : s->raw[next];
        }
    }
    memset(s->clean + s->clean_end, 0, PADDING);
}

// Moves the reader's unread bytes to the front of `clean`, making room to destuff more after them.
static void compact(scan_source *s, reader *r) {
    size_t consumed = (size_t) (reader_position(r, s->clean) >> 3);
    memmove(s->clean, s->clean + consumed, s->clean_end - consumed);
    s->clean_end -= consumed;
    r->next -= consumed;
}

// Before an MCU: at least MCU_MARGIN destuffed bytes ahead of the reader, or the segment's end.
// (So the reader never loads the zeros after bytes still to come.)
static void keep_ahead(scan_source *s, reader *r) {
    if (s->marker != 0 || s->clean_end * 8 - reader_position(r, s->clean) >= MCU_MARGIN * 8) return;
    compact(s, r);
    fill_clean(s, CLEAN_CAPACITY);
}

// Whether `count` more bytes follow the reader's last whole byte before the segment's end; destuffs
// as far as needed to tell.
static int bytes_follow(scan_source *s, reader *r, size_t count) {
    compact(s, r);
    size_t last = (size_t) ((reader_position(r, s->clean) + 7) >> 3);
    fill_clean(s, last + count);
    return s->clean_end >= last + count;
}

// Starts the next segment, after the marker that ended this one.
static void next_segment(scan_source *s, reader *r) {
    s->clean_end = 0;
    s->marker = 0;
    fill_clean(s, CLEAN_CAPACITY);
    *r = (reader) {s->clean, 0, 0};
}

int cjpeg_eighth_takes(j_decompress_ptr cinfo) {
    if (cinfo->progressive_mode || cinfo->arith_code || cinfo->data_precision != 8 || cinfo->CCIR601_sampling) return 0;
    if (cinfo->Ss != 0 || cinfo->Se != 63 || cinfo->Ah != 0 || cinfo->Al != 0) return 0;
    if (cinfo->comps_in_scan != cinfo->num_components) return 0;
    for (int i = 0; i < cinfo->comps_in_scan; i++)
        if (cinfo->cur_comp_info[i] != &cinfo->comp_info[i]) return 0;
    if (cinfo->num_components == 1) return cinfo->jpeg_color_space == JCS_GRAYSCALE && cinfo->out_color_space == JCS_GRAYSCALE;
    if (cinfo->num_components != 3 || cinfo->jpeg_color_space != JCS_YCbCr || cinfo->out_color_space != JCS_RGB) return 0;
    const jpeg_component_info *c = cinfo->comp_info;
    for (int i = 1; i < 3; i++)
        if (c[i].h_samp_factor != 1 || c[i].v_samp_factor != 1) return 0;
    return (c[0].h_samp_factor == 1 && c[0].v_samp_factor == 1) || (c[0].h_samp_factor == 2 && c[0].v_samp_factor == 2);
}

// What one component decodes with.
typedef struct {
    huffman dc, ac;
    int16_t quant[64];
} component_tables;

int cjpeg_decode_eighth(j_decompress_ptr cinfo, int fd, off_t scan_offset, int64_t deadline_ns, uint8_t *pixels) {
    if (!cjpeg_eighth_takes(cinfo)) return EIGHTH_DECLINED;
    const int components = cinfo->num_components;
    const int subsampled = components == 3 && cinfo->comp_info[0].h_samp_factor == 2;
    const int mcu_size = subsampled ? 16 : 8;
    const long mcus_per_row = ((long) cinfo->image_width + mcu_size - 1) / mcu_size;
    const long mcu_rows = ((long) cinfo->image_height + mcu_size - 1) / mcu_size;
    const long width = (long) cinfo->output_width, height = (long) cinfo->output_height;
    const long interval = (long) cinfo->restart_interval;
    if (width != ((long) cinfo->image_width + 7) / 8 || height != ((long) cinfo->image_height + 7) / 8) return EIGHTH_DECLINED;

    int result = EIGHTH_DECLINED;
    // Zeroed, so that every table pointer can be freed whether or not it was built.
    component_tables *tables = calloc((size_t) components, sizeof(component_tables));
    scan_source *source = malloc(sizeof(scan_source));
    if (tables == NULL || source == NULL) goto done;
    for (int i = 0; i < components; i++) {
        const jpeg_component_info *c = &cinfo->comp_info[i];
        const JQUANT_TBL *quant = c->quant_tbl_no >= 0 && c->quant_tbl_no < NUM_QUANT_TBLS ? cinfo->quant_tbl_ptrs[c->quant_tbl_no] : NULL;
        if (quant == NULL || c->dc_tbl_no < 0 || c->dc_tbl_no >= NUM_HUFF_TBLS || c->ac_tbl_no < 0 || c->ac_tbl_no >= NUM_HUFF_TBLS) goto done;
        if (!build_huffman(cinfo->dc_huff_tbl_ptrs[c->dc_tbl_no], 1, &tables[i].dc)) goto done;
        if (!build_huffman(cinfo->ac_huff_tbl_ptrs[c->ac_tbl_no], 0, &tables[i].ac)) goto done;
        for (int k = 0; k < 64; k++) {
            if (quant->quantval[k] > 32767) goto done;  // libjpeg's 16-bit multiplier would wrap it
            tables[i].quant[k] = (int16_t) quant->quantval[k];
        }
    }
    *source = (scan_source) {.fd = fd, .offset = scan_offset};
    reader r;
    next_segment(source, &r);
    const uint8_t *data = source->clean;
    int next_restart = 0;
    long restarts_left = interval;
    int dc[3] = {0, 0, 0};
    const size_t stride = (size_t) width * (size_t) components;
    for (long row = 0; row < mcu_rows; row++) {
        if (deadline_ns > 0 && monotonic_ns() > deadline_ns) {
            result = EIGHTH_TIMED_OUT;
            goto done;
        }
        for (long column = 0; column < mcus_per_row; column++) {
            if (interval > 0) {
                if (restarts_left == 0) {
                    // The interval's data ends here, but for its padding (a whole byte more is one libjpeg
                    // counts as extraneous, a warning), at the restart marker due.
                    if (bytes_follow(source, &r, 1) || source->marker != 0xD0 + next_restart) goto done;
                    next_restart = (next_restart + 1) & 7;
                    next_segment(source, &r);
                    dc[0] = dc[1] = dc[2] = 0;
                    restarts_left = interval;
                }
                restarts_left--;
            }
            keep_ahead(source, &r);
            uint8_t luma[4], cb[4], cr[4];
            const int luma_blocks = subsampled ? 4 : 1;
            for (int b = 0; b < luma_blocks; b++) {
                int size = decode_symbol(&tables[0].dc, &r);
                if (size < 0) goto done;
                dc[0] += receive_extend(&r, size);
                if (dc[0] < -32768 || dc[0] > 32767 || !skip_ac(&tables[0].ac, &r)) goto done;
                luma[b] = idct_1x1(dc[0], tables[0].quant);
            }
            for (int ci = 1; ci < components; ci++) {
                int size = decode_symbol(&tables[ci].dc, &r);
                if (size < 0) goto done;
                dc[ci] += receive_extend(&r, size);
                if (dc[ci] < -32768 || dc[ci] > 32767) goto done;
                uint8_t *chroma = ci == 1 ? cb : cr;
                if (subsampled) {
                    int16_t block[64] = {0};
                    uint64_t written = 0;
                    block[0] = (int16_t) dc[ci];
                    if (!decode_ac(&tables[ci].ac, &r, block, &written)) goto done;
                    if (!idct_2x2(block, written, tables[ci].quant, chroma)) goto done;
                } else {
                    if (!skip_ac(&tables[ci].ac, &r)) goto done;
                    chroma[0] = idct_1x1(dc[ci], tables[ci].quant);
                }
            }
            if (reader_position(&r, data) > source->clean_end * 8) goto done;  // past the segment: cut short, or corrupt
            const int side = subsampled ? 2 : 1;
            for (int dy = 0; dy < side; dy++) {
                long y = row * side + dy;
                if (y >= height) break;
                for (int dx = 0; dx < side; dx++) {
                    long x = column * side + dx;
                    if (x >= width) break;
                    uint8_t *pixel = pixels + (size_t) y * stride + (size_t) x * (size_t) components;
                    int i = dy * 2 + dx;
                    if (components == 1) {
                        pixel[0] = luma[0];
                    } else if (subsampled) {
                        ycc_to_rgb(luma[i], cb[i], cr[i], pixel);
                    } else {
                        ycc_to_rgb(luma[0], cb[0], cr[0], pixel);
                    }
                }
            }
        }
    }
    // libjpeg, reading ahead, would meet the end of the file here and warn, or fill bytes.
    if (!bytes_follow(source, &r, LIBJPEG_READ_AHEAD) && (source->marker == END_OF_FILE || source->marker == FILL_BYTES)) goto done;
    result = EIGHTH_OK;
done:
    for (int i = 0; tables != NULL && i < components; i++) {
        free_huffman(&tables[i].dc);
        free_huffman(&tables[i].ac);
    }
    free(tables);
    free(source);
    return result;
}
