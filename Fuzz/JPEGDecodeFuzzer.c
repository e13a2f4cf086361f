// libFuzzer harness for the scaled JPEG decoder (Sources/CJPEG): any bytes, as a file, decoded at
// every shrink. The decoder must return a result code for all of them and free what it allocated
// (AddressSanitizer and LeakSanitizer check both). At 1/8, where the baseline decoder of
// cjpeg_eighth.c runs, the result must be libjpeg's alone exactly: the same code and message, or the
// same pixels and profile (the harness aborts on any difference). The 1/2 decode keeps the file's
// coefficients (cjpeg_coefficients.c) when it can; then decodes from them at every scale must be
// libjpeg's alone exactly too.
//
// Its seeds are real photos (Fuzz/corpus/jpeg-large), hundreds of kilobytes each, which byte-level
// mutation mostly breaks at their first marker or leaves as the same photo. So a custom mutator
// (below) parses the file's segments and changes what the 1/8 decoder trusts: a Huffman table's
// counts or symbols, a quantisation value, the frame's or scan's fields, a segment's length, or the
// scan's bytes where the decoder's buffers end; a quarter of the time it is libFuzzer's own.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <jpeglib.h>

#include "cjpeg_scaled.h"
#include "cjpeg_statistics.h"

// The service's source limit (50 MP) and whole-decode limit (4 MiP); no deadline.
static int decode(int fd, int shrink, int options, cjpeg_scaled *out) {
    return cjpeg_decode_scaled(fd, shrink, 0, 50000000, 4 << 20, 500, options, NULL, 0, NULL, out);
}

// The same limits; keeps the coefficients in `*captured` (up to 64 MiB) or decodes from `kept`.
static int decode_keeping(int fd, int shrink, const cjpeg_coefficients *kept, cjpeg_coefficients **captured, cjpeg_scaled *out) {
    return cjpeg_decode_scaled(fd, shrink, 0, 50000000, 4 << 20, 500, 0, kept, captured != NULL ? 64 << 20 : 0, captured, out);
}

static void release(int result, cjpeg_scaled *out) {
    if (result != CJPEG_OK) return;
    free(out->pixels);
    free(out->icc);
}

static int same(int a, const cjpeg_scaled *x, int b, const cjpeg_scaled *y) {
    if (a != b) return 0;
    if (a != CJPEG_OK) return strcmp(x->message, y->message) == 0;
    if (x->width != y->width || x->height != y->height || x->bands != y->bands || x->icc_length != y->icc_length) return 0;
    if (x->icc_length > 0 && memcmp(x->icc, y->icc, x->icc_length) != 0) return 0;
    return memcmp(x->pixels, y->pixels, (size_t) x->width * (size_t) x->height * (size_t) x->bands) == 0;
}

// libjpeg's errors jump back to `encode`; the file libjpeg's memory destination grows is here, so it
// is freed either way.
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf failed;
    unsigned char *file;
    unsigned long length;
} encode_state;

static void encode_failed(j_common_ptr cinfo) { longjmp(((encode_state *) cinfo->err)->failed, 1); }

// `image` as a JPEG with optimised tables, in a malloc'd buffer (NULL when libjpeg fails).
static unsigned char *encode(const cjpeg_scaled *image, int quality, int restart_interval, unsigned long *length) {
    struct jpeg_compress_struct cinfo;
    encode_state state = {.file = NULL, .length = 0};
    cinfo.err = jpeg_std_error(&state.pub);
    state.pub.error_exit = encode_failed;
    jpeg_create_compress(&cinfo);
    if (setjmp(state.failed)) {
        jpeg_destroy_compress(&cinfo);
        free(state.file);
        return NULL;
    }
    jpeg_mem_dest(&cinfo, &state.file, &state.length);
    cinfo.image_width = (JDIMENSION) image->width;
    cinfo.image_height = (JDIMENSION) image->height;
    cinfo.input_components = image->bands;
    cinfo.in_color_space = image->bands == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.optimize_coding = TRUE;
    cinfo.restart_interval = (unsigned int) restart_interval;
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = image->pixels + (size_t) cinfo.next_scanline * (size_t) image->width * (size_t) image->bands;
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *length = state.length;
    return state.file;
}

// The 1/8 decode encoded both ways must give the same file.
static void compare_encodes(const cjpeg_scaled *image, const uint8_t *data, size_t size) {
    const int quality = size > 0 ? 1 + data[size / 2] % 100 : 75;
    const int restart_interval = size > 1 ? data[size / 3] % 4 : 0;
    unsigned long ours_length, libjpeg_length;
    const unsigned long before = cjpeg_statistics_passes();
    unsigned char *ours = encode(image, quality, restart_interval, &ours_length);
    if (ours != NULL && cjpeg_statistics_passes() != before + 1) abort();
    cjpeg_statistics_set_enabled(0);
    unsigned char *libjpeg = encode(image, quality, restart_interval, &libjpeg_length);
    cjpeg_statistics_set_enabled(1);
    if ((ours == NULL) != (libjpeg == NULL)) abort();
    if (ours != NULL && (ours_length != libjpeg_length || memcmp(ours, libjpeg, ours_length) != 0)) abort();
    free(ours);
    free(libjpeg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    int fd = memfd_create("jpeg", MFD_CLOEXEC);
    if (fd < 0) return 0;
    if (size > 0 && write(fd, data, size) != (ssize_t) size) {
        close(fd);
        return 0;
    }
    static const int shrinks[] = {1, 2, 4, 8};
    cjpeg_coefficients *kept = NULL;
    for (int i = 0; i < 4; i++) {
        cjpeg_scaled out, reference;
        int result = shrinks[i] == 2 ? decode_keeping(fd, 2, NULL, &kept, &out) : decode(fd, shrinks[i], 0, &out);
        if (shrinks[i] == 8 || shrinks[i] == 2) {
            int expected = decode(fd, shrinks[i], CJPEG_LIBJPEG_ONLY, &reference);
            if (!same(result, &out, expected, &reference)) abort();
            release(expected, &reference);
        }
        if (shrinks[i] == 8 && result == CJPEG_OK) compare_encodes(&out, data, size);
        release(result, &out);
    }
    for (int i = 0; kept != NULL && i < 4; i++) {
        cjpeg_scaled out, reference;
        int result = decode_keeping(fd, shrinks[i], kept, NULL, &out);
        int expected = decode(fd, shrinks[i], CJPEG_LIBJPEG_ONLY, &reference);
        if ((result == CJPEG_OK && !out.replayed) || !same(result, &out, expected, &reference)) abort();
        release(expected, &reference);
        release(result, &out);
    }
    cjpeg_coefficients_free(kept);
    close(fd);
    return 0;
}

// ---------------------------------------------------------------------------------------------
// The structure-aware mutator.

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

// A marker segment: FF `type` at `at`, then (but for SOI, EOI, RSTn and TEM) a 16-bit length that
// counts itself, `length`.
typedef struct {
    size_t at, length;
    uint8_t type;
} segment;

enum { MAX_SEGMENTS = 64, DHT = 0xC4, DQT = 0xDB, SOS = 0xDA, RAW_CHUNK = 32 * 1024 };

typedef struct {
    uint8_t *data;
    size_t size, max_size;
    segment segments[MAX_SEGMENTS];
    int count;
    // The first scan's entropy-coded bytes: from after its SOS segment to the marker that ends them.
    size_t scan_start, scan_end;
    uint32_t random;
} mutation;

// xorshift32, from libFuzzer's seed, so that a mutation repeats.
static uint32_t below(mutation *m, uint32_t bound) {
    m->random ^= m->random << 13;
    m->random ^= m->random >> 17;
    m->random ^= m->random << 5;
    return bound == 0 ? 0 : m->random % bound;
}

static unsigned get16(const uint8_t *at) { return (unsigned) at[0] << 8 | at[1]; }

static void put16(uint8_t *at, unsigned value) {
    at[0] = (uint8_t) (value >> 8);
    at[1] = (uint8_t) value;
}

static int standalone(uint8_t type) { return type == 0x01 || (type >= 0xD0 && type <= 0xD9); }

// The end of entropy-coded data from `at`: the next FF that is neither stuffing (FF 00) nor RSTn.
static size_t scan_data_end(const uint8_t *data, size_t size, size_t at) {
    for (; at + 1 < size; at++)
        if (data[at] == 0xFF && data[at + 1] != 0x00 && !(data[at + 1] >= 0xD0 && data[at + 1] <= 0xD7)) return at;
    return size;
}

// Reads the segments from SOI on, as far as they are well formed; false when there are none.
static int parse(mutation *m) {
    const uint8_t *data = m->data;
    size_t at = 2;
    m->count = 0;
    m->scan_start = m->scan_end = 0;
    if (m->size < 4 || data[0] != 0xFF || data[1] != 0xD8) return 0;
    while (at + 4 <= m->size && data[at] == 0xFF && m->count < MAX_SEGMENTS) {
        segment s = {at, 0, data[at + 1]};
        if (!standalone(s.type)) {
            s.length = get16(data + at + 2);
            if (s.length < 2 || at + 2 + s.length > m->size) break;
        }
        m->segments[m->count++] = s;
        at += 2 + s.length;
        if (s.type == SOS) {
            size_t end = scan_data_end(data, m->size, at);
            if (m->scan_end == 0) {
                m->scan_start = at;
                m->scan_end = end;
            }
            at = end;
        }
    }
    return m->count > 0;
}

// A random segment whose type is in first…last (with its length field), or NULL.
static segment *pick(mutation *m, uint8_t first, uint8_t last) {
    segment *chosen = NULL;
    int seen = 0;
    for (int i = 0; i < m->count; i++) {
        segment *s = &m->segments[i];
        if (s->type < first || s->type > last || s->length < 3) continue;
        if (below(m, (uint32_t) ++seen) == 0) chosen = s;
    }
    return chosen;
}

// Makes the `old_length` bytes at `at` `new_length` long (what follows moves; new bytes are left as
// they were); false when the result would pass max_size.
static int resize(mutation *m, size_t at, size_t old_length, size_t new_length) {
    if (m->size - old_length + new_length > m->max_size) return 0;
    memmove(m->data + at + new_length, m->data + at + old_length, m->size - at - old_length);
    m->size = m->size - old_length + new_length;
    return 1;
}

// A value for a field of `bits` bits that was `old`: next to it, an extreme, or any.
static unsigned nearby_or_extreme(mutation *m, unsigned old, int bits) {
    unsigned all = (1u << bits) - 1;
    switch (below(m, 5)) {
    case 0: return (old + 1) & all;
    case 1: return (old - 1) & all;
    case 2: return 0;
    case 3: return all;
    default: return below(m, all + 1);
    }
}

// The offset of a random Huffman table within a DHT segment (its class and number byte), and its
// symbol count; false when the segment holds none whole.
static int pick_huffman_table(mutation *m, const segment *s, size_t *table, size_t *count) {
    size_t at = s->at + 4, end = s->at + 2 + s->length;
    int seen = 0;
    while (at + 17 <= end) {
        size_t n = 0;
        for (int i = 1; i <= 16; i++) n += m->data[at + i];
        if (at + 17 + n > end) break;
        if (below(m, (uint32_t) ++seen) == 0) *table = at, *count = n;
        at += 17 + n;
    }
    return seen > 0;
}

// New counts for a Huffman table, and as many symbols (the old ones, then random ones; DC symbols
// mostly valid sizes): a length with 255 codes, a code space overflowed by a few dozen short codes
// (the tables stay small), counts summing past 256, or one count changed.
static int mutate_huffman_counts(mutation *m) {
    segment *s = pick(m, DHT, DHT);
    size_t table, old_count;
    if (s == NULL || !pick_huffman_table(m, s, &table, &old_count)) return 0;
    uint8_t counts[17] = {0};
    memcpy(counts + 1, m->data + table + 1, 16);
    switch (below(m, 4)) {
    case 0:
        memset(counts, 0, sizeof counts);
        counts[below(m, 3) == 0 ? 1 + below(m, 16) : 1] = 255;
        break;
    case 1:
        memset(counts, 0, sizeof counts);
        counts[1] = (uint8_t) below(m, 4);
        counts[2] = (uint8_t) (50 + below(m, 40));
        break;
    case 2:
        for (int i = 1; i <= 16; i++) counts[i] = (uint8_t) (16 + below(m, 16));
        break;
    default: {
        uint8_t *one = counts + 1 + below(m, 16);
        *one = (uint8_t) nearby_or_extreme(m, *one, 8);
    }
    }
    size_t count = 0;
    for (int i = 1; i <= 16; i++) count += counts[i];
    if (s->length - old_count + count > 0xFFFF || !resize(m, table + 17, old_count, count)) return 0;
    const int dc = (m->data[table] >> 4) == 0;
    for (size_t i = old_count; i < count; i++) m->data[table + 17 + i] = (uint8_t) (dc && below(m, 8) != 0 ? below(m, 16) : below(m, 256));
    memcpy(m->data + table + 1, counts + 1, 16);
    put16(m->data + s->at + 2, (unsigned) (s->length - old_count + count));
    return 1;
}

// One symbol of a Huffman table: any byte (a DC symbol over 15 is invalid).
static int mutate_huffman_symbol(mutation *m) {
    segment *s = pick(m, DHT, DHT);
    size_t table, count;
    if (s == NULL || !pick_huffman_table(m, s, &table, &count) || count == 0) return 0;
    m->data[table + 17 + below(m, (uint32_t) count)] = (uint8_t) below(m, 256);
    return 1;
}

// A random quantisation table within a DQT segment (its precision and number byte), or NULL.
static uint8_t *pick_quantization_table(mutation *m, const segment *s) {
    size_t at = s->at + 4, end = s->at + 2 + s->length;
    uint8_t *chosen = NULL;
    int seen = 0;
    while (at < end) {
        size_t size = 1 + ((m->data[at] >> 4) == 0 ? 64 : 128);
        if (at + size > end) break;
        if (below(m, (uint32_t) ++seen) == 0) chosen = m->data + at;
        at += size;
    }
    return chosen;
}

// One value of a quantisation table (8- or 16-bit), or its precision and number byte.
static int mutate_quantization(mutation *m) {
    segment *s = pick(m, DQT, DQT);
    uint8_t *table = s != NULL ? pick_quantization_table(m, s) : NULL;
    if (table == NULL) return 0;
    if (below(m, 8) == 0) {
        table[0] = (uint8_t) below(m, 256);
    } else if ((table[0] >> 4) == 0) {
        uint8_t *value = table + 1 + below(m, 64);
        *value = (uint8_t) nearby_or_extreme(m, *value, 8);
    } else {
        uint8_t *value = table + 1 + 2 * below(m, 64);
        put16(value, nearby_or_extreme(m, get16(value), 16));
    }
    return 1;
}

// A field of the frame header (SOFn): its type, precision, height, width, component count, or a
// component's id, sampling factors or quantisation table.
static int mutate_frame(mutation *m) {
    segment *s = pick(m, 0xC0, 0xC3);
    if (s == NULL || s->length < 8) return 0;
    uint8_t *frame = m->data + s->at;
    const size_t components = (s->length - 8) / 3;
    switch (components > 0 ? below(m, 8) : below(m, 5)) {
    case 0: frame[1] = (uint8_t) (0xC0 + below(m, 3)); break;
    case 1: frame[4] = below(m, 2) ? 8 : (uint8_t) below(m, 256); break;
    case 2: put16(frame + 5, nearby_or_extreme(m, get16(frame + 5), 16)); break;
    case 3: put16(frame + 7, nearby_or_extreme(m, get16(frame + 7), 16)); break;
    case 4: frame[9] = (uint8_t) (below(m, 2) ? below(m, 5) : below(m, 256)); break;
    default: {
        uint8_t *component = frame + 10 + 3 * below(m, (uint32_t) components);
        int field = (int) below(m, 3);
        // Mostly plausible: sampling factors (two nibbles) of 1 to 4, a table number of 0 to 4.
        uint32_t plausible = field == 1 ? (1 + below(m, 4)) << 4 | (1 + below(m, 4)) : field == 2 ? below(m, 5) : below(m, 256);
        component[field] = (uint8_t) (below(m, 4) != 0 ? plausible : below(m, 256));
    }
    }
    return 1;
}

// A field of a scan header (SOS): its component count, a component selector or its tables, or the
// spectral selection and approximation (Ss, Se, Ah/Al).
static int mutate_scan_header(mutation *m) {
    segment *s = pick(m, SOS, SOS);
    if (s == NULL || s->length < 6) return 0;
    uint8_t *scan = m->data + s->at;
    const size_t components = (s->length - 6) / 2, tail = s->at + 2 + s->length - 3;
    switch (components > 0 ? below(m, 4) : 0) {
    case 0: scan[4] = (uint8_t) below(m, 5); break;
    case 1: scan[5 + 2 * below(m, (uint32_t) components)] = (uint8_t) below(m, below(m, 2) ? 4 : 256); break;
    case 2: scan[6 + 2 * below(m, (uint32_t) components)] = (uint8_t) (below(m, 2) ? below(m, 4) << 4 | below(m, 4) : below(m, 256)); break;
    default: {
        uint8_t *field = m->data + tail + below(m, 3);
        *field = (uint8_t) (below(m, 2) ? nearby_or_extreme(m, *field, 8) : below(m, 64));
    }
    }
    return 1;
}

// A segment's length field, off by a little or anything.
static int mutate_segment_length(mutation *m) {
    segment *s = pick(m, 0x00, 0xFF);
    if (s == NULL) return 0;
    put16(m->data + s->at + 2, below(m, 2) ? (unsigned) s->length + below(m, 9) - 4 : nearby_or_extreme(m, (unsigned) s->length, 16));
    return 1;
}

// Where in the scan to change its bytes: mostly near a multiple of 32 KB from its start (the 1/8
// decoder reads the file 32 KB at a time, and destuffs 64 KB at a time), else anywhere in it.
static size_t scan_offset(mutation *m) {
    size_t length = m->scan_end - m->scan_start, at = below(m, (uint32_t) length + 1);
    if (length > RAW_CHUNK && below(m, 4) != 0) {
        size_t edge = RAW_CHUNK * (1 + below(m, (uint32_t) (length / RAW_CHUNK)));
        at = edge + below(m, 64) - 32;
        if (at > length) at = length;
    }
    return m->scan_start + at;
}

// Bytes of the scan: a marker or fill bytes inserted (FF FF, FF 00, FF FF 00, RSTn, EOI), a few
// bytes deleted, or a byte's bits flipped.
static int mutate_scan_data(mutation *m) {
    if (m->scan_end <= m->scan_start) return 0;
    size_t at = scan_offset(m);
    static const uint8_t inserts[][3] = {{0xFF, 0xFF}, {0xFF, 0x00}, {0xFF, 0xFF, 0x00}, {0xFF, 0xD0}, {0xFF, 0xD9}};
    static const size_t insert_lengths[] = {2, 2, 3, 2, 2};
    switch (below(m, 4)) {
    case 0:
    case 1: {
        int kind = (int) below(m, 5);
        if (!resize(m, at, 0, insert_lengths[kind])) return 0;
        memcpy(m->data + at, inserts[kind], insert_lengths[kind]);
        if (kind == 3) m->data[at + 1] = (uint8_t) (0xD0 + below(m, 8));
        return 1;
    }
    case 2: {
        size_t count = 1 + below(m, 4);
        if (at + count > m->size) return 0;
        return resize(m, at, count, 0);
    }
    default:
        if (at >= m->size) return 0;
        m->data[at] ^= (uint8_t) (1 + below(m, 255));
        return 1;
    }
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
    static int (*const mutations[])(mutation *) = {
        mutate_huffman_counts, mutate_huffman_symbol, mutate_quantization, mutate_frame,
        mutate_scan_header,    mutate_segment_length, mutate_scan_data,    mutate_scan_data,
    };
    mutation m = {.data = data, .size = size, .max_size = max_size, .random = seed | 1};
    if (below(&m, 4) != 0 && parse(&m) && mutations[below(&m, sizeof mutations / sizeof *mutations)](&m)) return m.size;
    return LLVMFuzzerMutate(data, size, max_size);
}
