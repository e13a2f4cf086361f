// Keeping a JPEG scan's DCT coefficients while libjpeg decodes it, and decoding from kept ones.
//
// Why: the sizes of one photo a page asks for (a srcset's widths, a card crop, an Open Graph image)
// decode it at different DCT scales (1/2, 1/4, 1/8), and each such decode spends most of its time in
// libjpeg's Huffman decoding, the same work every time: about 35 CPU-ms for a 12 MP photo, whatever
// the scale. The coefficients that decoding produces are the same at every scale (at 1/2 and 1/4
// libjpeg decodes all of them), so a decode keeps them, and the next decode of the file at any scale
// takes its blocks from them instead of from the file's bytes.
//
// Both work at libjpeg's own seams. Replay replaces `cinfo->entropy`, whose `decode_mcu` the
// coefficient controller calls once per MCU, in order, with zeroed blocks to fill (jdcoefct.c,
// decompress_onepass), with one that fills them from the kept copy. Capture wraps that decoder (to
// reserve the MCU's place) and each component's inverse DCT (`cinfo->idct`), which is handed the
// decoded blocks right after, in the same order: the block is kept once libjpeg has transformed it.
// Everything after the entropy decoder (the scaled inverse DCT, upsampling, colour conversion) is
// libjpeg's, so a replayed decode gives the same bytes as a decode of the file; the tests and the
// JPEG fuzzer compare the two at every scale.
//
// Kept compactly: a photo's block has 10 to 20 non-zero coefficients of 64, so each block is a
// 64-bit mask of its non-zero positions (natural order) and then those values; a 12 MP 4:2:0 photo
// keeps about 10 MB, where libjpeg's own coefficient arrays would be 36. With SSSE3, a block is
// packed and unpacked eight coefficients at a time by a byte shuffle chosen by eight bits of its
// mask, without a branch.
#define JPEG_INTERNALS
#include "cjpeg_coefficients.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <jerror.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define HAVE_SHUFFLE 1
#endif

// A chunk is a 2 MB mapping of its own, asked to be one transparent huge page (recent kernels align
// such mappings to 2 MB, so it can be): a capture's memory is fresh, and one fault per chunk instead
// of 512 takes a few CPU-ms off a 12 MP capture. Values per chunk; a chunk has room for eight more,
// which the 16-byte loads and stores of a block's last group may touch.
enum { CHUNK_BYTES = 2 << 20, CHUNK_SLACK = 8 };

typedef struct chunk {
    struct chunk *next;
    // Values written (capture) or present (replay) in this chunk.
    size_t used;
    JCOEF values[];
} chunk;

struct cjpeg_coefficients {
    // What a replay checks against the file it decodes: the frame, its sampling, the scan and the
    // quantisation tables.
    JDIMENSION width, height;
    int components, blocks_in_mcu;
    int sampling[MAX_COMPONENTS][2];
    UINT16 quantisation[MAX_COMPONENTS][DCTSIZE2];
    // Blocks the scan has (MCUs × blocks per MCU), and those kept so far.
    size_t blocks, kept_blocks;
    // One mask per block: bit k set when the coefficient at natural position k is not zero.
    uint64_t *masks;
    // The non-zero coefficients of every block, block after block, in natural order; a block's
    // values never straddle two chunks.
    chunk *first, *last;
    size_t chunks;
    // Most bytes masks and chunks may take; past it, the capture is dropped.
    size_t max_bytes;
    int dropped;
};

typedef struct {
    struct jpeg_entropy_decoder pub;
    struct jpeg_entropy_decoder *libjpeg;
    // libjpeg's inverse DCT of each component, which the capture's runs first.
    inverse_DCT_method_ptr inverse_dct[MAX_COMPONENTS];
    cjpeg_coefficients *kept;
    // The MCU being decoded: its first block in libjpeg's buffer, and its first mask.
    const JCOEF *mcu_blocks;
    size_t mcu_first_mask;
} capture_decoder;

typedef struct {
    struct jpeg_entropy_decoder pub;
    const cjpeg_coefficients *kept;
    size_t next_block;
    const chunk *chunk;
    size_t next_value;
} replay_decoder;

enum { CHUNK_VALUES = (CHUNK_BYTES - sizeof(chunk)) / sizeof(JCOEF) - CHUNK_SLACK };

static chunk *new_chunk(void) {
    void *memory = mmap(NULL, CHUNK_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return NULL;
    madvise(memory, CHUNK_BYTES, MADV_HUGEPAGE);
    return memory;
}

size_t cjpeg_coefficients_bytes(const cjpeg_coefficients *kept) {
    return sizeof *kept + kept->blocks * sizeof(uint64_t) + kept->chunks * (size_t) CHUNK_BYTES;
}

static void free_values(cjpeg_coefficients *kept) {
    for (chunk *next, *each = kept->first; each != NULL; each = next) {
        next = each->next;
        munmap(each, CHUNK_BYTES);
    }
    kept->first = kept->last = NULL;
    kept->chunks = 0;
}

void cjpeg_coefficients_free(cjpeg_coefficients *kept) {
    if (kept == NULL) return;
    free(kept->masks);
    free_values(kept);
    free(kept);
}

// One scan holding every component, decoded in one pass: libjpeg's coefficient controller then asks
// the entropy decoder for each MCU once, in order, just before its inverse DCT (decompress_onepass).
static int one_pass(j_decompress_ptr cinfo) {
    return !cinfo->progressive_mode && !cinfo->buffered_image && cinfo->comps_in_scan == cinfo->num_components;
}

int cjpeg_capture_applies(j_decompress_ptr cinfo) { return one_pass(cinfo) && cinfo->min_DCT_scaled_size > 1; }

// Packing and unpacking one block: eight coefficients at a time, through a byte shuffle chosen by
// their eight mask bits. pack[m] moves the set lanes of m to the front; unpack[m] moves the front
// lanes back to the set lanes of m and zeroes the others (a shuffle index with its top bit set).
#if HAVE_SHUFFLE
static uint8_t pack_shuffles[256][16], unpack_shuffles[256][16];
static int shuffles_usable;
static pthread_once_t shuffles_once = PTHREAD_ONCE_INIT;

static void make_shuffles(void) {
    for (int m = 0; m < 256; m++) {
        int packed = 0;
        memset(pack_shuffles[m], 0x80, 16);
        for (int lane = 0; lane < 8; lane++) {
            if (m & (1 << lane)) {
                pack_shuffles[m][2 * packed] = (uint8_t) (2 * lane);
                pack_shuffles[m][2 * packed + 1] = (uint8_t) (2 * lane + 1);
                unpack_shuffles[m][2 * lane] = (uint8_t) (2 * packed);
                unpack_shuffles[m][2 * lane + 1] = (uint8_t) (2 * packed + 1);
                packed++;
            } else {
                unpack_shuffles[m][2 * lane] = 0x80;
                unpack_shuffles[m][2 * lane + 1] = 0x80;
            }
        }
    }
    shuffles_usable = __builtin_cpu_supports("ssse3") && __builtin_cpu_supports("popcnt");
}

// Where group `group`'s first value goes among a block's packed values: the set bits of `mask` below
// it. Each group's offset is computed on its own, so the groups' loads and stores do not wait on one
// another.
static inline int group_offset(uint64_t mask, int group) {
    return group == 0 ? 0 : __builtin_popcountll(mask << (64 - 8 * group));
}

// Packs `block` into `values` (16-byte stores: up to 7 values past the last one) and gives its mask.
// Written out group by group, so that the eight groups stay in registers and the shifts are constant.
#define PACK_GROUP(group, lanes)                                                                              \
    _mm_storeu_si128((__m128i *) (values + group_offset(mask, group)),                                         \
                     _mm_shuffle_epi8(lanes, _mm_loadu_si128((const __m128i *) pack_shuffles[(mask >> (8 * group)) & 0xFF])))

// Two groups' non-zero bits, from their lanes compared with zero (16 bits: the first group's low).
#define PAIR_BITS(a, b) ((uint64_t) (~_mm_movemask_epi8(_mm_packs_epi16(_mm_cmpeq_epi16(a, zero), _mm_cmpeq_epi16(b, zero))) & 0xFFFF))

__attribute__((target("ssse3,popcnt"))) static uint64_t pack_shuffled(const JCOEF *block, JCOEF *values) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i *rows = (const __m128i *) block;
    __m128i g0 = _mm_loadu_si128(rows), g1 = _mm_loadu_si128(rows + 1), g2 = _mm_loadu_si128(rows + 2), g3 = _mm_loadu_si128(rows + 3);
    __m128i g4 = _mm_loadu_si128(rows + 4), g5 = _mm_loadu_si128(rows + 5), g6 = _mm_loadu_si128(rows + 6), g7 = _mm_loadu_si128(rows + 7);
    uint64_t mask = PAIR_BITS(g0, g1) | PAIR_BITS(g2, g3) << 16 | PAIR_BITS(g4, g5) << 32 | PAIR_BITS(g6, g7) << 48;
    PACK_GROUP(0, g0);
    PACK_GROUP(1, g1);
    PACK_GROUP(2, g2);
    PACK_GROUP(3, g3);
    PACK_GROUP(4, g4);
    PACK_GROUP(5, g5);
    PACK_GROUP(6, g6);
    PACK_GROUP(7, g7);
    return mask;
}

// Reads up to 7 values past the block's last one (16-byte loads).
#define UNPACK_GROUP(group)                                                                                    \
    _mm_storeu_si128(rows + group, _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *) (values + group_offset(mask, group))), \
                                                    _mm_loadu_si128((const __m128i *) unpack_shuffles[(mask >> (8 * group)) & 0xFF])))

__attribute__((target("ssse3,popcnt"))) static void unpack_shuffled(const JCOEF *values, uint64_t mask, JCOEF *block) {
    __m128i *rows = (__m128i *) block;
    UNPACK_GROUP(0);
    UNPACK_GROUP(1);
    UNPACK_GROUP(2);
    UNPACK_GROUP(3);
    UNPACK_GROUP(4);
    UNPACK_GROUP(5);
    UNPACK_GROUP(6);
    UNPACK_GROUP(7);
}
#endif

// The number of values a block with `mask` has (the POPCNT instruction where the CPU has it).
#if HAVE_SHUFFLE
__attribute__((target("popcnt"))) static size_t count_values_popcnt(uint64_t mask) { return (size_t) __builtin_popcountll(mask); }
#endif

static int shuffles(void) {
#if HAVE_SHUFFLE
    pthread_once(&shuffles_once, make_shuffles);
    return shuffles_usable;
#else
    return 0;
#endif
}

// Bit k set when block[k] is not zero (where the shuffles are not usable).
static inline uint64_t nonzero_mask(const JCOEF *block) {
    uint64_t mask = 0;
    for (int k = 0; k < DCTSIZE2; k++) mask |= (uint64_t) (block[k] != 0) << k;
    return mask;
}

static void drop(cjpeg_coefficients *kept) {
    free(kept->masks);
    kept->masks = NULL;
    free_values(kept);
    kept->dropped = 1;
}

// Room for one more MCU's values (64 a block, and the slack the stores touch) in the last chunk,
// starting a chunk when needed; false when that would pass the capture's limit or memory is short.
static int reserve_mcu(cjpeg_coefficients *kept, int blocks) {
    if (kept->last != NULL && kept->last->used + (size_t) blocks * DCTSIZE2 <= CHUNK_VALUES) return 1;
    if (cjpeg_coefficients_bytes(kept) + CHUNK_BYTES > kept->max_bytes) return 0;
    chunk *fresh = new_chunk();
    if (fresh == NULL) return 0;
    fresh->next = NULL;
    fresh->used = 0;
    if (kept->last != NULL) {
        kept->last->next = fresh;
    } else {
        kept->first = fresh;
    }
    kept->last = fresh;
    kept->chunks++;
    return 1;
}

static inline size_t count_values(uint64_t mask) {
#if HAVE_SHUFFLE
    if (shuffles_usable) return count_values_popcnt(mask);
#endif
    return (size_t) __builtin_popcountll(mask);
}

// libjpeg's own decoder was started for the scan before it is wrapped or replaced.
static void no_pass_setup(j_decompress_ptr cinfo) { (void) cinfo; }

// libjpeg's decoder decodes the MCU (it finds its own state through cinfo->entropy, so that is its
// own for the call); its blocks get masks of zero until their inverse DCT keeps them
// (capture_inverse_dct). The MCU's room is reserved here, so that a block's values never straddle
// two chunks.
static boolean capture_mcu(j_decompress_ptr cinfo, JBLOCKROW *blocks) {
    capture_decoder *capture = (capture_decoder *) cinfo->entropy;
    cinfo->entropy = capture->libjpeg;
    boolean decoded = (*capture->libjpeg->decode_mcu)(cinfo, blocks);
    cinfo->entropy = &capture->pub;
    capture->pub.insufficient_data = capture->libjpeg->insufficient_data;
    cjpeg_coefficients *kept = capture->kept;
    if (!decoded || kept->dropped) return decoded;
    if (kept->kept_blocks + (size_t) cinfo->blocks_in_MCU > kept->blocks || !reserve_mcu(kept, cinfo->blocks_in_MCU)) {
        drop(kept);
        return decoded;
    }
    capture->mcu_blocks = blocks[0][0];
    capture->mcu_first_mask = kept->kept_blocks;
    memset(kept->masks + kept->kept_blocks, 0, (size_t) cinfo->blocks_in_MCU * sizeof(uint64_t));
    kept->kept_blocks += (size_t) cinfo->blocks_in_MCU;
    return decoded;
}

// libjpeg's inverse DCT of a block of the MCU, then the block is kept. By then the Huffman decoder's
// narrow stores into the block have been read by the inverse DCT, so its loads do not wait on them
// again. libjpeg transforms an MCU's blocks in their order in the MCU (jdcoefct.c), so the values
// follow the masks' order; it skips the dummy blocks past the image's right and bottom edges, which
// keep a mask of zero (no scale transforms them).
static void capture_inverse_dct(j_decompress_ptr cinfo, jpeg_component_info *component, JCOEFPTR block, JSAMPARRAY output,
                                JDIMENSION column) {
    capture_decoder *capture = (capture_decoder *) cinfo->entropy;
    (*capture->inverse_dct[component->component_index])(cinfo, component, block, output, column);
    cjpeg_coefficients *kept = capture->kept;
    if (kept->dropped) return;
    // The block's place in the MCU (libjpeg's MCU buffer is one array of blocks).
    ptrdiff_t offset = block - capture->mcu_blocks;
    if (offset < 0 || offset % DCTSIZE2 != 0 || offset / DCTSIZE2 >= cinfo->blocks_in_MCU) {
        drop(kept);
        return;
    }
    size_t index = (size_t) (offset / DCTSIZE2);
    JCOEF *values = kept->last->values + kept->last->used;
    uint64_t mask;
#if HAVE_SHUFFLE
    if (shuffles()) {
        mask = pack_shuffled(block, values);
    } else
#endif
    {
        mask = nonzero_mask(block);
        for (uint64_t rest = mask; rest != 0; rest &= rest - 1) *values++ = block[__builtin_ctzll(rest)];
    }
    kept->masks[capture->mcu_first_mask + index] = mask;
    kept->last->used += count_values(mask);
}

static size_t scan_blocks(j_decompress_ptr cinfo) {
    return (size_t) cinfo->MCUs_per_row * (size_t) cinfo->MCU_rows_in_scan * (size_t) cinfo->blocks_in_MCU;
}

cjpeg_coefficients *cjpeg_capture_start(j_decompress_ptr cinfo, size_t max_bytes) {
    size_t blocks = scan_blocks(cinfo);
    if (blocks == 0 || blocks > max_bytes / sizeof(uint64_t)) return NULL;
    cjpeg_coefficients *kept = calloc(1, sizeof *kept);
    if (kept == NULL) return NULL;
    kept->masks = malloc(blocks * sizeof(uint64_t));
    if (kept->masks == NULL) {
        free(kept);
        return NULL;
    }
    kept->width = cinfo->image_width;
    kept->height = cinfo->image_height;
    kept->components = cinfo->num_components;
    kept->blocks_in_mcu = cinfo->blocks_in_MCU;
    for (int ci = 0; ci < cinfo->num_components; ci++) {
        const jpeg_component_info *component = &cinfo->comp_info[ci];
        kept->sampling[ci][0] = component->h_samp_factor;
        kept->sampling[ci][1] = component->v_samp_factor;
        // Latched by jpeg_start_decompress for the scan's components, which are all of them.
        memcpy(kept->quantisation[ci], component->quant_table->quantval, sizeof kept->quantisation[ci]);
    }
    kept->blocks = blocks;
    kept->max_bytes = max_bytes;
    capture_decoder *capture =
        (capture_decoder *) (*cinfo->mem->alloc_small)((j_common_ptr) cinfo, JPOOL_IMAGE, sizeof(capture_decoder));
    capture->libjpeg = cinfo->entropy;
    capture->kept = kept;
    capture->pub.start_pass = no_pass_setup;
    capture->pub.decode_mcu = capture_mcu;
    capture->pub.insufficient_data = cinfo->entropy->insufficient_data;
    cinfo->entropy = &capture->pub;
    // jpeg_start_decompress chose each component's inverse DCT for the one output pass.
    for (int ci = 0; ci < cinfo->num_components; ci++) {
        capture->inverse_dct[ci] = cinfo->idct->inverse_DCT[ci];
        cinfo->idct->inverse_DCT[ci] = capture_inverse_dct;
    }
    return kept;
}

int cjpeg_capture_complete(cjpeg_coefficients *kept) { return !kept->dropped && kept->kept_blocks == kept->blocks; }

// Fills the MCU's zeroed blocks from the kept ones. cjpeg_replay_start checked that the scan has as
// many blocks as were kept; capture keeps one mask per block and, in order, one value per set bit,
// starting a block's values in the next chunk only when the last one had no room for 64.
static boolean replay_mcu(j_decompress_ptr cinfo, JBLOCKROW *blocks) {
    replay_decoder *replay = (replay_decoder *) cinfo->entropy;
    const cjpeg_coefficients *kept = replay->kept;
    // More MCUs than the scan has: libjpeg never asks for them (a bug, not data), so stop.
    if (replay->next_block + (size_t) cinfo->blocks_in_MCU > kept->blocks) ERREXIT(cinfo, JERR_BAD_BUFFER_MODE);
    int shuffled = shuffles();
    for (int b = 0; b < cinfo->blocks_in_MCU; b++) {
        uint64_t mask = kept->masks[replay->next_block++];
        size_t count = count_values(mask);
        if (replay->next_value + count > replay->chunk->used) {
            replay->chunk = replay->chunk->next;
            replay->next_value = 0;
            if (replay->chunk == NULL || count > replay->chunk->used) ERREXIT(cinfo, JERR_BAD_BUFFER_MODE);
        }
        const JCOEF *values = replay->chunk->values + replay->next_value;
        JCOEF *block = blocks[b][0];
        replay->next_value += count;
#if HAVE_SHUFFLE
        if (shuffled) {
            unpack_shuffled(values, mask, block);
            continue;
        }
#endif
        (void) shuffled;
        for (uint64_t rest = mask; rest != 0; rest &= rest - 1) block[__builtin_ctzll(rest)] = *values++;
    }
    return TRUE;
}

int cjpeg_replay_start(j_decompress_ptr cinfo, const cjpeg_coefficients *kept) {
    if (!one_pass(cinfo)) return 0;
    if (kept->dropped || kept->first == NULL || kept->kept_blocks != kept->blocks || kept->blocks != scan_blocks(cinfo)) return 0;
    if (kept->width != cinfo->image_width || kept->height != cinfo->image_height || kept->components != cinfo->num_components ||
        kept->blocks_in_mcu != cinfo->blocks_in_MCU) {
        return 0;
    }
    for (int ci = 0; ci < cinfo->num_components; ci++) {
        const jpeg_component_info *component = &cinfo->comp_info[ci];
        if (kept->sampling[ci][0] != component->h_samp_factor || kept->sampling[ci][1] != component->v_samp_factor) return 0;
        if (component->quant_table == NULL ||
            memcmp(kept->quantisation[ci], component->quant_table->quantval, sizeof kept->quantisation[ci]) != 0) {
            return 0;
        }
    }
    replay_decoder *replay = (replay_decoder *) (*cinfo->mem->alloc_small)((j_common_ptr) cinfo, JPOOL_IMAGE, sizeof(replay_decoder));
    replay->kept = kept;
    replay->next_block = 0;
    replay->chunk = kept->first;
    replay->next_value = 0;
    replay->pub.start_pass = no_pass_setup;
    replay->pub.decode_mcu = replay_mcu;
    replay->pub.insufficient_data = FALSE;
    cinfo->entropy = &replay->pub;
    return 1;
}
