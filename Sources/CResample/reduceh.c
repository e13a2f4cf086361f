// A horizontal lanczos3 reduce for 8-bit RGB that gives libvips 8.16's vips_reduceh bytes; see
// include/cresample.h.
//
// libvips's reduceh spends most of a resize: its vector path computes one output pixel of one row at
// a time in the low half of a 256-bit register, and works out each pixel's source position from a
// double for every row. Here the positions and coefficient rows are found once per strip, and each
// step computes the same pixel of two rows, one per 128-bit half. The arithmetic is libvips's: 16-bit
// coefficients from the same lanczos3 mask (VIPS_INTERPOLATE_SHIFT bits), exact 32-bit sums, the same
// rounding and clamping, so every byte is the same whatever order the products are added in.
// The edge columns are read in place where libvips first copies its input into margins that repeat
// them. `ResizeTests` and `Fuzz/ResizeFuzzer.c` compare the two over many sizes and factors.
#include "cresample.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__)
    #include <immintrin.h>
#endif

enum {
    bands = 3,
    // One coefficient row per 1/VIPS_TRANSFORM_SCALE of a pixel, both ends included (libvips's table).
    tables = VIPS_TRANSFORM_SCALE + 1,
    // libvips's largest mask (MAX_POINT in its resample code).
    max_points = 2000,
};

/// What a strip needs, kept with the output image (freed with it).
typedef struct {
    double hshrink, hoffset;
    int margin;           // libvips's left margin: its column c is the input's column c - margin
    int points;           // libvips's n_point: taps with a coefficient
    int taps;             // points rounded up to a multiple of 4; the added coefficients are 0
    int16_t *coefficients; // tables × taps
} Reduce;

// --- the mask: libvips's lanczos3 coefficients ----------------------------------------------------

static double sinc(double x) {
    if (x == 0.0) return 1.0;
    x = x * VIPS_PI;
    return sin(x) / x;
}

static double lanczos3(double x) { return x >= -3 && x <= 3 ? sinc(x) * sinc(x / 3) : 0.0; }

/// libvips's mask for a pixel at fraction `x` of the way to the next: the kernel stretched by
/// `shrink`, sampled at the `points` taps and scaled to sum to 1, then fixed-point as libvips truncates it.
static void make_mask(int16_t *row, double *scratch, int points, double shrink, double x) {
    const double half = x + points / 2.0 - 1;
    double sum = 0.0;
    for (int i = 0; i < points; i++) {
        scratch[i] = lanczos3((i - half) / shrink);
        sum += scratch[i];
    }
    for (int i = 0; i < points; i++) row[i] = (int16_t) (scratch[i] / sum * VIPS_INTERPOLATE_SCALE);
}

// --- one pixel, any row: the exact sums, for the ends of a strip ----------------------------------

static inline uint8_t clamp8(int32_t sum) {
    const int32_t value = (sum + (VIPS_INTERPOLATE_SCALE >> 1)) >> VIPS_INTERPOLATE_SHIFT;
    return value < 0 ? 0 : value > 255 ? 255 : (uint8_t) value;
}

/// The pixel whose taps start at input column `first` of the row at `row`, the columns outside
/// 0 ..< `width` read as the edge's (libvips's margin copies the edge pixels outward).
static void reduce_pixel(uint8_t *q, const uint8_t *row, int first, int width, const int16_t *k, int points) {
    for (int b = 0; b < bands; b++) {
        int32_t sum = 0;
        for (int i = 0; i < points; i++) {
            const int column = first + i < 0 ? 0 : first + i >= width ? width - 1 : first + i;
            sum += k[i] * row[column * bands + b];
        }
        q[b] = clamp8(sum);
    }
}

// --- two rows at a time ---------------------------------------------------------------------------

#if defined(__x86_64__)
/// Stores a pixel's 3 bytes and one more, which the next pixel of the row overwrites (the vector
/// paths never write a row's last pixel).
static inline void store_pixel(uint8_t *q, uint32_t value) { memcpy(q, &value, 4); }

/// The pixels `0 ..< fast` of two rows (of one, twice, for a strip's odd last row).
__attribute__((target("avx2"))) static void reduce_two_rows(
    uint8_t *q0, uint8_t *q1, const uint8_t *p0, const uint8_t *p1, const int *starts, const int16_t *const *rows, int fast, int taps) {
    // The taps' bytes r0 g0 b0 r1 g1 b1 … as 16-bit pairs (r0, r1) (g0, g1) (b0, b1) and (r2, r3)
    // (g2, g3) (b2, b3), so one multiply-add gives two taps of every band.
    const __m256i low = _mm256_setr_epi8(
        0, -1, 3, -1, 1, -1, 4, -1, 2, -1, 5, -1, -1, -1, -1, -1, 0, -1, 3, -1, 1, -1, 4, -1, 2, -1, 5, -1, -1, -1, -1, -1);
    const __m256i high = _mm256_setr_epi8(
        6, -1, 9, -1, 7, -1, 10, -1, 8, -1, 11, -1, -1, -1, -1, -1, 6, -1, 9, -1, 7, -1, 10, -1, 8, -1, 11, -1, -1, -1, -1, -1);
    const __m256i round = _mm256_set1_epi32(VIPS_INTERPOLATE_SCALE >> 1);
    for (int x = 0; x < fast; x++) {
        const uint8_t *a = p0 + starts[x] * bands, *b = p1 + starts[x] * bands;
        const int16_t *k = rows[x];
        __m256i sum = round;
        for (int t = 0; t < taps; t += 4) {
            const __m256i source =
                _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *) (a + t * bands))),
                                        _mm_loadu_si128((const __m128i *) (b + t * bands)), 1);
            int32_t pair01, pair23;
            memcpy(&pair01, k + t, 4);
            memcpy(&pair23, k + t + 2, 4);
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_shuffle_epi8(source, low), _mm256_set1_epi32(pair01)));
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_shuffle_epi8(source, high), _mm256_set1_epi32(pair23)));
        }
        sum = _mm256_srai_epi32(sum, VIPS_INTERPOLATE_SHIFT);
        // Saturating packs: 32 → 16 bits, then 16 → 8 bits clamped to 0…255, as libvips's demotion.
        const __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(sum, sum), sum);
        store_pixel(q0 + x * bands, (uint32_t) _mm256_extract_epi32(bytes, 0));
        store_pixel(q1 + x * bands, (uint32_t) _mm256_extract_epi32(bytes, 4));
    }
}

#endif

// --- the strip ------------------------------------------------------------------------------------

static int generate(VipsRegion *out_region, void *sequence, void *image, void *state, gboolean *stop) {
    (void) image, (void) stop;
    const Reduce *reduce = state;
    VipsRegion *input = sequence;
    const VipsRect *r = &out_region->valid;

    // The input columns libvips's reduceh asks for (of its input with the margins), inside the image:
    // the margins' pixels are the edge's, read by `reduce_pixel`.
    const int width = input->im->Xsize;
    const int left = (int) (r->left * reduce->hshrink - reduce->hoffset) - reduce->margin;
    const int right = left + (int) (r->width * reduce->hshrink + reduce->points);
    VipsRect s = {.left = left < 0 ? 0 : left, .top = r->top, .height = r->height};
    s.width = (right > width ? width : right) - s.left;
    if (vips_region_prepare(input, &s)) return -1;

    // Each output column's first input column and coefficient row, found as libvips finds them
    // (the same double, stepped the same way from the strip's left edge), less the margin.
    int *starts = g_try_new(int, r->width);
    const int16_t **rows = g_try_new(const int16_t *, r->width);
    if (!starts || !rows) {
        g_free(starts), g_free(rows);
        vips_error("cresample_reduceh", "out of memory");
        return -1;
    }
    double X = (r->left + 0.5) * reduce->hshrink - 0.5 - reduce->hoffset;
    for (int x = 0; x < r->width; x++) {
        const int ix = (int) X;
        const int sx = X * VIPS_TRANSFORM_SCALE * 2;
        const int six = sx & (VIPS_TRANSFORM_SCALE * 2 - 1);
        const int tx = (six + 1) >> 1;
        starts[x] = ix - reduce->margin;
        rows[x] = reduce->coefficients + tx * reduce->taps;
        X += reduce->hshrink;
    }
    // Columns whose padded taps' 16-byte loads (5 1/3 pixels each) stay inside the prepared input
    // take the vector path; those near the image's edges, the exact sum over `points` taps. The
    // vector path stores 4 bytes per pixel, so a row's last pixel is always the exact path's.
    int first = 0, fast = 0;
#if defined(__x86_64__)
    const int end = input->valid.left + input->valid.width;
    while (first < r->width && starts[first] < input->valid.left) first++;
    fast = first;
    while (fast < r->width - 1 && starts[fast] + reduce->taps + 2 <= end) fast++;
#endif

    for (int y = 0; y < r->height; y += 2) {
        // Rows y and y + 1; a strip's odd last row is computed twice over into itself.
        const int next = y + 1 < r->height ? y + 1 : y;
        const VipsPel *p0 = VIPS_REGION_ADDR(input, input->valid.left, r->top + y) - input->valid.left * bands;
        const VipsPel *p1 = VIPS_REGION_ADDR(input, input->valid.left, r->top + next) - input->valid.left * bands;
        uint8_t *q0 = VIPS_REGION_ADDR(out_region, r->left, r->top + y);
        uint8_t *q1 = VIPS_REGION_ADDR(out_region, r->left, r->top + next);
#if defined(__x86_64__)
        reduce_two_rows(q0 + first * bands, q1 + first * bands, p0, p1, starts + first, rows + first, fast - first, reduce->taps);
#endif
        // After the vector path: its last 4-byte store reaches into pixel `fast`.
        for (int x = 0; x < r->width; x++) {
            if (x == first) x = fast;
            if (x == r->width) break;
            reduce_pixel(q0 + x * bands, p0, starts[x], width, rows[x], reduce->points);
            reduce_pixel(q1 + x * bands, p1, starts[x], width, rows[x], reduce->points);
        }
    }
    g_free(starts);
    g_free(rows);
    return 0;
}

// --- building it as libvips builds reduceh --------------------------------------------------------

/// libvips's output width, and the whole-pixel box pre-shrink it would run first (1: none).
static int output_width(const VipsImage *in, double hshrink) { return (int) ((double) in->Xsize / hshrink + 0.5); }

static int box_shrink(const VipsImage *in, double hshrink, double gap) {
    if (gap <= 0.0) return 1;
    const int width = output_width(in, hshrink);
    if (width <= 0) return 1;
    const int shrink = (int) floor((double) in->Xsize / width / gap);
    return shrink > 1 ? shrink : 1;
}

int cresample_reduceh_applies(VipsImage *in, double hshrink, double gap) {
#if defined(__x86_64__)
    return __builtin_cpu_supports("avx2") && vips_vector_isenabled() && in->Coding == VIPS_CODING_NONE && in->BandFmt == VIPS_FORMAT_UCHAR &&
           in->Bands == bands && hshrink > 1.0 && (gap <= 0.0 || gap >= 1.0) && box_shrink(in, hshrink, gap) == 1 &&
           output_width(in, hshrink) > 0 && 2 * rint(3 * hshrink) + 1 <= max_points;
#else
    (void) in, (void) hshrink, (void) gap;
    return 0;
#endif
}

int cresample_reduceh(VipsImage *in, VipsImage **out, double hshrink, double gap) {
    if (!cresample_reduceh_applies(in, hshrink, gap)) {
        return vips_reduceh(in, out, hshrink, "kernel", VIPS_KERNEL_LANCZOS3, "gap", gap, NULL);
    }
    const int width = output_width(in, hshrink);
    const int points = 2 * rint(3 * hshrink) + 1;
    const int taps = (points + 3) & ~3;
    // Pixels invented (+) or dropped (-) at the ends, split evenly, as libvips places the output.
    const double extra = width * hshrink - in->Xsize;

    *out = vips_image_new();
    Reduce *reduce = vips_malloc(VIPS_OBJECT(*out), sizeof(Reduce));
    int16_t *coefficients = vips_malloc(VIPS_OBJECT(*out), sizeof(int16_t) * tables * taps);
    double *scratch = g_try_new(double, points);
    if (!reduce || !coefficients || !scratch) {
        g_free(scratch);
        VIPS_UNREF(*out);
        vips_error("cresample_reduceh", "out of memory");
        return -1;
    }
    memset(coefficients, 0, sizeof(int16_t) * tables * taps);
    for (int x = 0; x < tables; x++) {
        make_mask(coefficients + x * taps, scratch, points, hshrink, (float) x / VIPS_TRANSFORM_SCALE);
    }
    g_free(scratch);
    *reduce = (Reduce){
        .hshrink = hshrink,
        .hoffset = (1 + extra) / 2.0 - 1,
        .margin = (int) ceil(points / 2.0) - 1,
        .points = points,
        .taps = taps,
        .coefficients = coefficients,
    };

    // libvips pads its input with margins that repeat the edge pixels; here the edge columns read
    // them in place (`reduce_pixel`), with no copy of the input. The output holds the input until
    // it is closed.
    g_object_ref(in);
    vips_object_local(*out, in);
    if (vips_image_pipelinev(*out, VIPS_DEMAND_STYLE_FATSTRIP, in, NULL)) {
        VIPS_UNREF(*out);
        return -1;
    }
    (*out)->Xsize = width;
    if (vips_image_generate(*out, vips_start_one, generate, vips_stop_one, in, reduce)) {
        VIPS_UNREF(*out);
        return -1;
    }
    vips_reorder_margin_hint(*out, points);
    return 0;
}

int cresample_resize(VipsImage *in, VipsImage **out, double hscale, double vscale, VipsKernel kernel, double gap) {
    // vips_resize's own clamp: neither axis below one pixel.
    const double h = VIPS_MAX(hscale, 1.0 / in->Xsize), v = VIPS_MAX(vscale, 1.0 / in->Ysize);
    if (kernel != VIPS_KERNEL_LANCZOS3 || h >= 1.0 || v > 1.0 || in->Coding != VIPS_CODING_NONE) {
        return vips_resize(in, out, hscale, "vscale", vscale, "kernel", kernel, "gap", gap, NULL);
    }
    VipsImage *reduced = in;
    if (v < 1.0) {
        if (vips_reducev(in, &reduced, 1.0 / v, "kernel", kernel, "gap", gap, NULL)) return -1;
    } else {
        g_object_ref(in);
    }
    // vips_resize's second step; libvips's own reduceh where ours does not apply.
    const int result = cresample_reduceh(reduced, out, 1.0 / h, gap);
    g_object_unref(reduced);
    return result;
}
