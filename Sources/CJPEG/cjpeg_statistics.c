// The statistics pass of a JPEG encode with optimised Huffman tables, counted faster than libjpeg
// counts it, for the same tables and so the same bytes.
//
// Why: every JPEG we write has optimised Huffman tables (libvips's `optimize_coding`, as thumbor's
// `optimize`), so libjpeg first runs the whole image through its entropy encoder in "gather" mode:
// for each 8×8 block it walks the 63 AC coefficients in zigzag order, one branch per coefficient,
// and finds each non-zero one's size with a shift loop (jchuff.c, htest_one_block; libjpeg-turbo has
// no SIMD for it). Sampled over a srcset run that was 11 % of the server's CPU. Here a block's zero
// coefficients are found eight at a time and put in zigzag order with byte shuffles, giving a 64-bit
// mask; only the non-zero coefficients (10 to 20 of 64 in a photo) are then visited, their size from
// a count of leading zeros. The counts are the same numbers libjpeg's loop makes, and the tables are
// made from them by libjpeg's own `jpeg_gen_optimal_table`.
//
// The seam: libvips (and anything else in the process) starts an encode with `jpeg_start_compress`,
// which sets libjpeg's modules up and begins the first pass: for a one-scan sequential Huffman
// encode with `optimize_coding`, that pass gathers statistics. This file defines
// `jpeg_start_compress`, so the dynamic linker binds every caller's reference to it (an executable's
// definition comes first in symbol lookup; the structures are those of the libjpeg-turbo 6.2 ABI
// the executable is built against, the process's only libjpeg). It calls libjpeg's (found with
// dlsym(RTLD_NEXT)), then, for such an encode, puts its own counter in `cinfo->entropy` for the
// statistics pass. At the output pass (`start_pass` with gather false) it hands `cinfo->entropy`
// back to libjpeg's Huffman encoder, which writes the file with the tables made here. Progressive,
// arithmetic-coded, multi-scan and non-optimised encodes are left entirely to libjpeg.
// `cjpeg_statistics_set_enabled(0)` leaves a thread's encodes to it, which is how the tests and the
// JPEG fuzzer compare the two.
#define JPEG_INTERNALS
#define _GNU_SOURCE
#include "cjpeg_statistics.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define HAVE_SHUFFLE 1
#endif

// From libjpeg's jchuff.h, which is not installed: the optimal-table maker libjpeg exports (its
// progressive encoder uses it too), and the most bits an 8-bit sample's quantized coefficient has.
void jpeg_gen_optimal_table(j_compress_ptr cinfo, JHUFF_TBL *htbl, long freq[]);
enum { MAX_COEF_BITS = 10 };

// Per thread, so a test or the fuzzer comparing the two ways changes no other thread's encodes.
static _Thread_local int left_to_libjpeg;
static _Thread_local unsigned long passes_counted;

void cjpeg_statistics_set_enabled(int on) { left_to_libjpeg = !on; }

unsigned long cjpeg_statistics_passes(void) { return passes_counted; }

typedef struct {
    struct jpeg_entropy_encoder pub;
    // libjpeg's Huffman encoder, put back in `cinfo->entropy` for the output pass.
    struct jpeg_entropy_encoder *libjpeg;
    unsigned int restarts_to_go;
    int last_dc_val[MAX_COMPS_IN_SCAN];
    // Symbol counts per table, 257 entries each as jpeg_gen_optimal_table wants.
    long *dc_counts[NUM_HUFF_TBLS], *ac_counts[NUM_HUFF_TBLS];
} statistics_encoder;

static void bad_coefficient(j_compress_ptr cinfo) { ERREXIT(cinfo, JERR_BAD_DCT_COEF); }

// Bits needed for magnitude `value` (0 for 0), as htest_one_block's shift loops count them.
static inline int magnitude_bits(unsigned int value) { return value == 0 ? 0 : 32 - __builtin_clz(value); }

// Zigzag position k is natural (row-major) position jpeg_natural_order[k]: libjpeg's own table
// (jpegint.h), the order its statistics pass walks a block in.

// Bit k set when zigzag coefficient k of `block` is not zero, without the shuffles.
static uint64_t zigzag_mask_scalar(const JCOEF *block) {
    uint64_t mask = 0;
    for (int k = 0; k < DCTSIZE2; k++)
        if (block[jpeg_natural_order[k]] != 0) mask |= (uint64_t) 1 << k;
    return mask;
}

#if HAVE_SHUFFLE
// zigzag_shuffles[out][in]: the byte shuffle that moves the bytes of natural positions 16·in ..< 16·in
// + 16 to their zigzag places in zigzag positions 16·out ..< 16·out + 16 (0x80, giving 0, elsewhere).
static uint8_t zigzag_shuffles[4][4][16];

static void make_zigzag_shuffles(void) {
    memset(zigzag_shuffles, 0x80, sizeof zigzag_shuffles);
    for (int k = 0; k < DCTSIZE2; k++)
        zigzag_shuffles[k / 16][jpeg_natural_order[k] / 16][k % 16] = (uint8_t) (jpeg_natural_order[k] % 16);
}

// The same mask: each row pair's coefficients narrowed to bytes (saturating, so a non-zero
// coefficient stays non-zero), compared with zero, then the 64 flags put in zigzag order with
// sixteen byte shuffles.
__attribute__((target("ssse3"))) static uint64_t zigzag_mask_shuffled(const JCOEF *block) {
    const __m128i zero = _mm_setzero_si128();
    __m128i zeros[4];
    for (int i = 0; i < 4; i++) {
        const __m128i first = _mm_loadu_si128((const __m128i *) (block + 16 * i));
        const __m128i second = _mm_loadu_si128((const __m128i *) (block + 16 * i + 8));
        zeros[i] = _mm_cmpeq_epi8(_mm_packs_epi16(first, second), zero);
    }
    uint64_t zero_mask = 0;
    for (int out = 0; out < 4; out++) {
        __m128i flags = zero;
        for (int in = 0; in < 4; in++)
            flags = _mm_or_si128(flags, _mm_shuffle_epi8(zeros[in], _mm_loadu_si128((const __m128i *) zigzag_shuffles[out][in])));
        zero_mask |= (uint64_t) (uint16_t) _mm_movemask_epi8(flags) << (16 * out);
    }
    return ~zero_mask;
}
#endif

static int shuffles_usable;

static void statistics_once(void) {
#if HAVE_SHUFFLE
    make_zigzag_shuffles();
    shuffles_usable = __builtin_cpu_supports("ssse3");
#endif
}

// One block's symbols, counted as htest_one_block counts them: the DC difference's size, then each
// non-zero AC coefficient's (zero run, size) with a ZRL per 16 zeros before it, and an end-of-block
// after the last non-zero one unless it is the 63rd.
static inline void count_block(j_compress_ptr cinfo, const JCOEF *block, int last_dc_val, long *dc_counts, long *ac_counts) {
    const int difference = block[0] - last_dc_val;
    const int dc_bits = magnitude_bits((unsigned int) (difference < 0 ? -difference : difference));
    if (dc_bits > MAX_COEF_BITS + 1) bad_coefficient(cinfo);
    dc_counts[dc_bits]++;

#if HAVE_SHUFFLE
    uint64_t mask = shuffles_usable ? zigzag_mask_shuffled(block) : zigzag_mask_scalar(block);
#else
    uint64_t mask = zigzag_mask_scalar(block);
#endif
    mask &= ~(uint64_t) 1;
    int previous = 0;
    while (mask != 0) {
        const int k = __builtin_ctzll(mask);
        mask &= mask - 1;
        int run = k - previous - 1;
        for (; run > 15; run -= 16) ac_counts[0xF0]++;
        const int value = block[jpeg_natural_order[k]];
        const int bits = magnitude_bits((unsigned int) (value < 0 ? -value : value));
        if (bits > MAX_COEF_BITS) bad_coefficient(cinfo);
        ac_counts[(run << 4) + bits]++;
        previous = k;
    }
    if (previous < DCTSIZE2 - 1) ac_counts[0]++;
}

// jchuff.c's encode_mcu_gather: restarts reset the DC predictions.
static boolean count_mcu(j_compress_ptr cinfo, JBLOCKROW *blocks) {
    statistics_encoder *self = (statistics_encoder *) cinfo->entropy;
    if (cinfo->restart_interval) {
        if (self->restarts_to_go == 0) {
            for (int ci = 0; ci < cinfo->comps_in_scan; ci++) self->last_dc_val[ci] = 0;
            self->restarts_to_go = cinfo->restart_interval;
        }
        self->restarts_to_go--;
    }
    for (int b = 0; b < cinfo->blocks_in_MCU; b++) {
        const int ci = cinfo->MCU_membership[b];
        const jpeg_component_info *component = cinfo->cur_comp_info[ci];
        count_block(cinfo, blocks[b][0], self->last_dc_val[ci], self->dc_counts[component->dc_tbl_no],
                    self->ac_counts[component->ac_tbl_no]);
        self->last_dc_val[ci] = blocks[b][0][0];
    }
    return TRUE;
}

// jchuff.c's finish_pass_gather: one optimal table per table number the scan uses (making one
// clobbers its counts).
static void make_tables(j_compress_ptr cinfo) {
    statistics_encoder *self = (statistics_encoder *) cinfo->entropy;
    boolean did_dc[NUM_HUFF_TBLS] = {0}, did_ac[NUM_HUFF_TBLS] = {0};
    for (int ci = 0; ci < cinfo->comps_in_scan; ci++) {
        const jpeg_component_info *component = cinfo->cur_comp_info[ci];
        const int dc = component->dc_tbl_no, ac = component->ac_tbl_no;
        if (!did_dc[dc]) {
            if (cinfo->dc_huff_tbl_ptrs[dc] == NULL) cinfo->dc_huff_tbl_ptrs[dc] = jpeg_alloc_huff_table((j_common_ptr) cinfo);
            jpeg_gen_optimal_table(cinfo, cinfo->dc_huff_tbl_ptrs[dc], self->dc_counts[dc]);
            did_dc[dc] = TRUE;
        }
        if (!did_ac[ac]) {
            if (cinfo->ac_huff_tbl_ptrs[ac] == NULL) cinfo->ac_huff_tbl_ptrs[ac] = jpeg_alloc_huff_table((j_common_ptr) cinfo);
            jpeg_gen_optimal_table(cinfo, cinfo->ac_huff_tbl_ptrs[ac], self->ac_counts[ac]);
            did_ac[ac] = TRUE;
        }
    }
}

// The output pass is libjpeg's; a gathering pass (which a one-scan encode does not start again) too.
static void start_pass(j_compress_ptr cinfo, boolean gather_statistics) {
    statistics_encoder *self = (statistics_encoder *) cinfo->entropy;
    cinfo->entropy = self->libjpeg;
    (*cinfo->entropy->start_pass)(cinfo, gather_statistics);
}

// After libjpeg began the statistics pass (its start_pass checked the table numbers): the same state,
// counted here.
static void take_statistics_pass(j_compress_ptr cinfo) {
    statistics_encoder *self =
        (*cinfo->mem->alloc_small)((j_common_ptr) cinfo, JPOOL_IMAGE, sizeof(statistics_encoder));
    memset(self, 0, sizeof *self);
    self->libjpeg = cinfo->entropy;
    self->pub.start_pass = start_pass;
    self->pub.encode_mcu = count_mcu;
    self->pub.finish_pass = make_tables;
    self->restarts_to_go = cinfo->restart_interval;
    for (int ci = 0; ci < cinfo->comps_in_scan; ci++) {
        const jpeg_component_info *component = cinfo->cur_comp_info[ci];
        long **tables[2] = {&self->dc_counts[component->dc_tbl_no], &self->ac_counts[component->ac_tbl_no]};
        for (int t = 0; t < 2; t++)
            if (*tables[t] == NULL) {
                *tables[t] = (*cinfo->mem->alloc_small)((j_common_ptr) cinfo, JPOOL_IMAGE, 257 * sizeof(long));
                memset(*tables[t], 0, 257 * sizeof(long));
            }
    }
    cinfo->entropy = &self->pub;
    passes_counted++;
}

// An 8-bit, one-scan, sequential Huffman encode that optimises its tables, now in its statistics pass.
static int gathers_in_one_scan(j_compress_ptr cinfo) {
    return cinfo->optimize_coding && !cinfo->arith_code && !cinfo->progressive_mode && cinfo->num_scans == 1 &&
           cinfo->data_precision == 8 && cinfo->global_state == CSTATE_SCANNING && cinfo->comps_in_scan == cinfo->num_components;
}

static void (*libjpeg_start_compress)(j_compress_ptr, boolean);
static pthread_once_t start_once = PTHREAD_ONCE_INIT;

static void find_libjpeg(void) {
    libjpeg_start_compress = (void (*)(j_compress_ptr, boolean)) dlsym(RTLD_NEXT, "jpeg_start_compress");
    if (libjpeg_start_compress == NULL) {
        fputs("cjpeg_statistics: libjpeg's jpeg_start_compress not found (libjpeg must be a shared library)\n", stderr);
        abort();
    }
    statistics_once();
}

void jpeg_start_compress(j_compress_ptr cinfo, boolean write_all_tables) {
    pthread_once(&start_once, find_libjpeg);
    (*libjpeg_start_compress)(cinfo, write_all_tables);
    if (!left_to_libjpeg && gathers_in_one_scan(cinfo)) take_statistics_pass(cinfo);
}
