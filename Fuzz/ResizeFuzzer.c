// libFuzzer harness for the horizontal reduce (Sources/CResample): the first bytes choose an RGB
// image's size (1 to 4,096 by 1 to 24: a photo's width, a few strips of rows), the two factors
// (down to 1/5, each axis on its own, so some reductions need libvips's box pre-shrink and some
// none) and the gap, the rest are its pixels (repeated to fill it). `cresample_resize` must give
// `vips_resize`'s pixels exactly, whole and in a crop that starts mid-row (the harness aborts on any
// difference), and read and write only inside its buffers (AddressSanitizer, UndefinedBehaviorSanitizer).
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vips/vips.h>

#include "cresample.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void) argc;
    if (VIPS_INIT((*argv)[0])) abort();
    // Every call a fresh operation: libvips's cache would hand back the first result.
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    return 0;
}

/// The pixels of `image` (or its `width`-wide crop at `left`, `width` 0 for all of it), malloc'd.
static uint8_t *pixels(VipsImage *image, int left, int width, size_t *length) {
    VipsImage *area = image;
    if (width > 0 && vips_extract_area(image, &area, left, 0, width, image->Ysize, NULL)) abort();
    void *bytes = vips_image_write_to_memory(area, length);
    if (area != image) g_object_unref(area);
    return bytes;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 8) return 0;
    const int width = 1 + (data[0] | data[1] << 8) % 4096, height = 1 + data[2] % 24;
    // Factors 1/5 … 1 in 1/256 steps; a byte of 255 keeps the axis at 1.
    const double hscale = data[3] == 255 ? 1.0 : 0.2 + 0.8 * data[3] / 256.0;
    const double vscale = data[4] == 255 ? 1.0 : 0.2 + 0.8 * data[4] / 256.0;
    const double gap = data[5] % 3 == 0 ? 0.0 : data[5] % 3 == 1 ? 1.0 : 2.0;
    const int crop = data[6];
    data += 8, size -= 8;

    const size_t count = (size_t) width * height * 3;
    uint8_t *source = malloc(count);
    for (size_t i = 0; i < count; i++) source[i] = size ? data[i % size] : (uint8_t) i;
    VipsImage *image = vips_image_new_from_memory(source, count, width, height, 3, VIPS_FORMAT_UCHAR);
    if (!image) abort();

    VipsImage *ours = NULL, *theirs = NULL;
    const int a = cresample_resize(image, &ours, hscale, vscale, VIPS_KERNEL_LANCZOS3, gap);
    const int b = vips_resize(image, &theirs, hscale, "vscale", vscale, "kernel", VIPS_KERNEL_LANCZOS3, "gap", gap, NULL);
    if (a != b) {
        fprintf(stderr, "cresample_resize returned %d, vips_resize %d\n", a, b);
        abort();
    }
    if (a == 0) {
        if (ours->Xsize != theirs->Xsize || ours->Ysize != theirs->Ysize) abort();
        // The whole image, then a crop from a column the byte picks.
        const int left = crop % ours->Xsize, part = ours->Xsize - left;
        for (int pass = 0; pass < 2; pass++) {
            size_t ours_length = 0, theirs_length = 0;
            uint8_t *x = pixels(ours, pass ? left : 0, pass ? part : 0, &ours_length);
            uint8_t *y = pixels(theirs, pass ? left : 0, pass ? part : 0, &theirs_length);
            if (!x || !y || ours_length != theirs_length || memcmp(x, y, ours_length) != 0) {
                fprintf(stderr, "%dx%d at %gx%g, gap %g: pixels differ (pass %d)\n", width, height, hscale, vscale, gap, pass);
                abort();
            }
            g_free(x), g_free(y);
        }
        g_object_unref(ours);
        g_object_unref(theirs);
    } else {
        vips_error_clear();
    }
    g_object_unref(image);
    free(source);
    return 0;
}
