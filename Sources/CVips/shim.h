// Fixed-argument wrappers for the libvips calls ImageFrame uses.
//
// Why: most libvips operations are C variadic functions (optional arguments as name/value pairs
// ending in NULL), which Swift cannot call. Each cvips_ function below passes exactly the optional
// arguments we need, so the Swift side stays type-checked. They are `static inline` in this header
// so the system-library module needs no compiled C sources of its own.
#ifndef IMGFRAME_CVIPS_SHIM_H
#define IMGFRAME_CVIPS_SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <vips/vips.h>
#include <vips/vector.h>  // vips_vector_set_enabled, not in vips.h

// Why: VIPS_INIT is a macro, which Swift cannot call. The settings the service relies on (no
// operation cache, blocked loaders, no orc) are applied after it by `Vips.start` in Swift.
static inline int cvips_init(const char *argv0) {
    if (VIPS_INIT(argv0)) return -1;
    return 0;
}

// Why: g_object_unref takes gpointer; a typed helper keeps Swift from casting.
static inline void cvips_unref(VipsImage *image) { g_object_unref(image); }
static inline void cvips_unref_source(VipsSource *source) { g_object_unref(source); }

// Why: g_free for buffers returned by libvips (error text, encoded bytes).
static inline void cvips_free(void *pointer) { g_free(pointer); }

// Why: which loader will read a source; NULL when none recognises the bytes.
static inline const char *cvips_loader_for(VipsSource *source) {
    return vips_foreign_find_load_source(source);
}

// Why: opens a source lazily (header only until pixels are needed). Shrink-on-load: `jpeg_shrink` 2, 4
// or 8 asks libjpeg for DCT-scaled output (libvips 8.14 rounds the sizes down), `webp_scale` < 1 asks libwebp's
// rescaler for that scale (sizes rounded to nearest); each applies only to its own loader, and other
// formats load at full size (libvips 8.14 has no PNG shrink-on-load, and HEIF only offers embedded
// thumbnails). `fail` makes truncated or corrupt files errors instead of grey fill. It fails on
// warnings, as sharp does by default: libjpeg reports entropy data cut short before the end marker
// ("premature end of data segment") only as a warning, so VIPS_FAIL_ON_TRUNCATED and _ERROR still
// decode such a file as a mostly grey image.
static inline int cvips_load_source(VipsSource *source, VipsImage **out, int jpeg_shrink, double webp_scale,
                                    int sequential, int fail) {
    const char *loader = vips_foreign_find_load_source(source);
    VipsAccess access = sequential ? VIPS_ACCESS_SEQUENTIAL : VIPS_ACCESS_RANDOM;
    VipsFailOn fail_on = fail ? VIPS_FAIL_ON_WARNING : VIPS_FAIL_ON_NONE;
    if (loader == NULL) return -1;
    if (jpeg_shrink > 1 && strstr(loader, "Jpeg") != NULL)
        return vips_jpegload_source(source, out, "shrink", jpeg_shrink, "access", access, "fail_on", fail_on, NULL);
    if (webp_scale > 0 && webp_scale < 1 && strstr(loader, "Webp") != NULL)
        return vips_webpload_source(source, out, "scale", webp_scale, "access", access, "fail_on", fail_on, NULL);
    *out = vips_image_new_from_source(source, "", "access", access, "fail_on", fail_on, NULL);
    return *out == NULL ? -1 : 0;
}

// Why: the loader that read an image (its "vips-loader" field, e.g. "jpegload_source"), which
// decides the shrink-on-load a file allows; NULL when the field is missing.
static inline const char *cvips_loader_of(VipsImage *image) {
    const char *name = NULL;
    if (vips_image_get_typeof(image, "vips-loader") == 0 || vips_image_get_string(image, "vips-loader", &name)) return NULL;
    return name;
}

// Why: only the loaders the service needs may run. Blocking just the "untrusted" ones leaves others
// on (matrixload reads a text file "2 2\n1 2\n3 4\n" named .png as an image), so every loader is
// blocked and the wanted families unblocked; SVG and PDF only when configuration allows untrusted
// loaders. Blocking a class blocks its file, buffer and source subclasses too.
static inline void cvips_allow_loaders(int allow_untrusted) {
    static const char *trusted[] = { "VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadWebp",
                                     "VipsForeignLoadNsgif", "VipsForeignLoadHeif", "VipsForeignLoadTiff" };
    static const char *untrusted[] = { "VipsForeignLoadSvg", "VipsForeignLoadPdf" };
    vips_block_untrusted_set(TRUE);
    vips_operation_block_set("VipsForeignLoad", TRUE);
    for (size_t i = 0; i < sizeof(trusted) / sizeof(trusted[0]); i++) vips_operation_block_set(trusted[i], FALSE);
    // libvips marks libjxl untrusted both ways; its encoder only ever sees pixels we rendered.
    if (g_type_from_name("VipsForeignSaveJxl") != 0) vips_operation_block_set("VipsForeignSaveJxl", FALSE);
    if (allow_untrusted)
        for (size_t i = 0; i < sizeof(untrusted) / sizeof(untrusted[0]); i++)
            if (g_type_from_name(untrusted[i]) != 0) vips_operation_block_set(untrusted[i], FALSE);
}

// Why: a source of its own for a file already open as `fd`: reopening /proc/self/fd/N reads the same
// inode (even if the path was replaced since) through a new open file description, so each source
// has its own read offset; a dup() would share the offset between sources read at the same time.
// libvips dup()s the descriptor it is given, so ours is closed here either way.
static inline VipsSource *cvips_source_for_descriptor(int fd) {
    char path[64];
    snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
    int own = open(path, O_RDONLY | O_CLOEXEC);
    if (own < 0) {
        vips_error("cvips_source_for_descriptor", "cannot reopen descriptor %d: %s", fd, g_strerror(errno));
        return NULL;
    }
    VipsSource *source = vips_source_new_from_descriptor(own);
    close(own);
    return source;
}

static inline int cvips_autorot(VipsImage *in, VipsImage **out) { return vips_autorot(in, out, NULL); }

// Why: an explicit orientation is applied by writing it as the EXIF tag and letting autorot do the
// (well-tested) rotation and flip; vips_copy gives a new header we may change.
static inline int cvips_orient(VipsImage *in, VipsImage **out, int exif_orientation) {
    VipsImage *copy;
    if (vips_copy(in, &copy, NULL)) return -1;
    vips_image_set_int(copy, VIPS_META_ORIENTATION, exif_orientation);
    int result = vips_autorot(copy, out, NULL);
    g_object_unref(copy);
    return result;
}

// Why: embedded ICC profile (or CMYK's default) to 8-bit sRGB with perceptual intent.
static inline int cvips_icc_to_srgb(VipsImage *in, VipsImage **out, const char *input_profile) {
    if (input_profile != NULL)
        return vips_icc_transform(in, out, "srgb", "input_profile", input_profile, "embedded", TRUE,
                                  "intent", VIPS_INTENT_PERCEPTUAL, "depth", 8, NULL);
    return vips_icc_transform(in, out, "srgb", "embedded", TRUE, "intent", VIPS_INTENT_PERCEPTUAL, "depth", 8, NULL);
}

static inline int cvips_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space) {
    return vips_colourspace(in, out, space, NULL);
}

static inline int cvips_cast(VipsImage *in, VipsImage **out, VipsBandFormat format) {
    return vips_cast(in, out, format, NULL);
}

// Why: kernel and gap are optional arguments. gap 0 turns off the box pre-shrink. libvips's own
// resize: `VImage.resized` runs CResample's, which gives the same bytes; tests compare the two.
static inline int cvips_resize(VipsImage *in, VipsImage **out, double hscale, double vscale, VipsKernel kernel, double gap) {
    return vips_resize(in, out, hscale, "vscale", vscale, "kernel", kernel, "gap", gap, NULL);
}

// Why: vips_cast truncates toward zero; rounding first keeps float results unbiased.
static inline int cvips_rint(VipsImage *in, VipsImage **out) { return vips_round(in, out, VIPS_OPERATION_ROUND_RINT, NULL); }

static inline int cvips_premultiply(VipsImage *in, VipsImage **out) { return vips_premultiply(in, out, NULL); }
static inline int cvips_unpremultiply(VipsImage *in, VipsImage **out) { return vips_unpremultiply(in, out, NULL); }

static inline int cvips_extract_area(VipsImage *in, VipsImage **out, int left, int top, int width, int height) {
    return vips_extract_area(in, out, left, top, width, height, NULL);
}

static inline int cvips_extract_band(VipsImage *in, VipsImage **out, int band, int n) {
    return vips_extract_band(in, out, band, "n", n, NULL);
}

static inline int cvips_embed(VipsImage *in, VipsImage **out, int x, int y, int width, int height, VipsExtend extend) {
    return vips_embed(in, out, x, y, width, height, "extend", extend, NULL);
}

static inline int cvips_replicate(VipsImage *in, VipsImage **out, int across, int down) {
    return vips_replicate(in, out, across, down, NULL);
}

static inline int cvips_black(VipsImage **out, int width, int height, int bands) {
    return vips_black(out, width, height, "bands", bands, NULL);
}

// Why: "over" compositing at an offset; both inputs straight (not premultiplied) alpha. Without
// `linear_light` libvips picks the space (sRGB for colour), converting scRGB inputs back to sRGB
// first; with it, blending happens in scRGB (linear light, alpha 0–1 since libvips 8.15).
static inline int cvips_composite_over(VipsImage *base, VipsImage *overlay, VipsImage **out, int x, int y, int linear_light) {
    if (linear_light)
        return vips_composite2(base, overlay, out, VIPS_BLEND_MODE_OVER, "x", x, "y", y,
                               "compositing_space", VIPS_INTERPRETATION_scRGB, NULL);
    return vips_composite2(base, overlay, out, VIPS_BLEND_MODE_OVER, "x", x, "y", y, NULL);
}

// Why: pastes `sub` into `main` unchanged (no blending), for areas nothing has been drawn on yet.
static inline int cvips_insert(VipsImage *main_image, VipsImage *sub, VipsImage **out, int x, int y) {
    return vips_insert(main_image, sub, out, x, y, NULL);
}

static inline int cvips_flatten(VipsImage *in, VipsImage **out, double r, double g, double b) {
    double ink[3] = { r, g, b };
    VipsArrayDouble *background = vips_array_double_new(ink, 3);
    int result = vips_flatten(in, out, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return result;
}

// Why: a constant colour as an sRGB image (lazy, no memory per pixel); vips_black alone is
// interpreted as greyscale/multiband, which compositing would misread.
static inline int cvips_constant(VipsImage **out, int width, int height, const double *ink, int bands) {
    VipsImage *black;
    if (vips_black(&black, width, height, "bands", bands, NULL)) return -1;
    VipsImage *filled = vips_image_new_from_image(black, ink, bands);
    g_object_unref(black);
    if (filled == NULL) return -1;
    int result = vips_copy(filled, out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(filled);
    return result;
}

// Why: pixels computed in Swift (gradients, tests) become an 8-bit sRGB image.
static inline int cvips_from_memory(VipsImage **out, const void *data, size_t size, int width, int height, int bands) {
    VipsImage *image = vips_image_new_from_memory_copy(data, size, width, height, bands, VIPS_FORMAT_UCHAR);
    if (image == NULL) return -1;
    int result = vips_copy(image, out, "interpretation", bands >= 3 ? VIPS_INTERPRETATION_sRGB : VIPS_INTERPRETATION_B_W, NULL);
    g_object_unref(image);
    return result;
}

// Why: pixels decoded outside libvips (the scaled JPEG decoder) become an image without a copy. The
// image owns `pixels` (malloc'd) from here on, also when this fails, and frees them when it closes;
// `icc` (may be NULL) is copied into its metadata, so colour management sees the file's profile, and
// the resolution is the one libvips's loader read from the same file, so encoders write the same DPI.
static void cvips_free_pixels(VipsImage *image, void *pixels) {
    (void) image;
    free(pixels);
}

static inline int cvips_from_decoded(VipsImage **out, unsigned char *pixels, int width, int height, int bands,
                                     const void *icc, size_t icc_length, double xres, double yres) {
    *out = vips_image_new_from_memory(pixels, (size_t) width * height * bands, width, height, bands, VIPS_FORMAT_UCHAR);
    if (*out == NULL) {
        free(pixels);
        return -1;
    }
    g_signal_connect(*out, "postclose", G_CALLBACK(cvips_free_pixels), pixels);
    (*out)->Type = bands >= 3 ? VIPS_INTERPRETATION_sRGB : VIPS_INTERPRETATION_B_W;
    (*out)->Xres = xres;
    (*out)->Yres = yres;
    if (icc != NULL && icc_length > 0) vips_image_set_blob_copy(*out, VIPS_META_ICC_NAME, icc, icc_length);
    return 0;
}

// Why: a gradient computed lazily, pixel by pixel as the encoder asks, so it stops at the deadline and
// holds no full-size buffer: index = clamp(ax·x + ay·y + b, 0, entries − 1) from pixel coordinates
// (in double, so large rects keep their precision), then looked up in an RGBA table of `entries`
// colours computed in Swift.
static inline int cvips_ramp(VipsImage **out, int width, int height, double ax, double ay, double b,
                             const unsigned char *table, int entries) {
    VipsObject *scope = VIPS_OBJECT(vips_image_new());
    VipsImage **t = (VipsImage **) vips_object_local_array(scope, 6);
    double row[2] = { ax, ay };
    double offset = b + 0.5;  // cast truncates; +0.5 rounds the non-negative indices
    double scale = 1.0;
    int result = -1;
    t[0] = vips_image_new_matrix_from_array(2, 1, row, 2);
    t[1] = vips_image_new_from_memory_copy(table, (size_t) entries * 4, entries, 1, 4, VIPS_FORMAT_UCHAR);
    if (t[0] != NULL && t[1] != NULL &&
        !vips_xyz(&t[2], width, height, NULL) &&
        !vips_cast(t[2], &t[3], VIPS_FORMAT_DOUBLE, NULL) &&
        !vips_recomb(t[3], &t[4], t[0], NULL) &&
        !vips_linear(t[4], &t[5], &scale, &offset, 1, NULL)) {
        VipsImage *index, *mapped;
        // Casting to 16 bits clips below 0 and above 65535; entries ≤ 65536 keeps indices in the table.
        if (!vips_cast(t[5], &index, VIPS_FORMAT_USHORT, NULL)) {
            if (!vips_maplut(index, &mapped, t[1], NULL)) {
                result = vips_copy(mapped, out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
                g_object_unref(mapped);
            }
            g_object_unref(index);
        }
    }
    g_object_unref(scope);
    return result;
}

// Why: the same gradient as `cvips_ramp`, computed at once into memory: a row of pixels is one add
// per pixel and a table lookup, where the lazy ramp ran six full-size operations in double. Used
// where the whole area is drawn anyway (a view's background); the index is the lazy ramp's, exactly:
// clamp(ax·x + ay·y + b + 0.5, 0, 65535), truncated, looked up in the RGBA table of `entries`.
static inline int cvips_ramp_memory(VipsImage **out, int width, int height, double ax, double ay, double b,
                                    const unsigned char *table, int entries) {
    size_t row = (size_t) width * 4;
    unsigned char *pixels = malloc(row * (size_t) height);
    if (pixels == NULL) {
        vips_error("cvips_ramp_memory", "out of memory");
        return -1;
    }
    const guint32 *colours = (const guint32 *) table;
    double offset = b + 0.5;
    for (int y = 0; y < height; y++) {
        guint32 *line = (guint32 *) (pixels + row * (size_t) y);
        double base = ay * y;
        for (int x = 0; x < width; x++) {
            double v = (ax * x + base) * 1.0 + offset;
            int entry = v <= 0 ? 0 : v >= 65535 ? 65535 : (int) v;
            if (entry >= entries) entry = entries - 1;
            memcpy(&line[x], &colours[entry], 4);
        }
    }
    VipsImage *image = vips_image_new_from_memory(pixels, row * (size_t) height, width, height, 4, VIPS_FORMAT_UCHAR);
    if (image == NULL) {
        free(pixels);
        return -1;
    }
    g_signal_connect(image, "postclose", G_CALLBACK(cvips_free_pixels), pixels);
    int result = vips_copy(image, out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(image);
    return result;
}

// Why: layers blended into a canvas held in memory (`RGBAPixels`): "over" exactly as libvips's
// composite2 computes it for 8-bit sRGB with alpha (both pixels scaled to 0…1 and premultiplied in
// float, A + (1 − aA)·B, unpremultiplied, scaled back, clipped and truncated), so a view's pixels are
// the ones the composite pipeline gave, at one pass per layer. `q` is a row of the canvas, `p` a row
// of the layer, both RGBA, `width` pixels.
static inline void cvips_blend_over_row(unsigned char *q, const unsigned char *p, int width) {
    for (int x = 0; x < width; x++, q += 4, p += 4) {
        // The arithmetic below leaves an opaque pixel under a clear one as it is, and makes an
        // opaque pixel over anything itself (checked for every byte value): most of a text layer's
        // pixels take one of these two ways.
        if (p[3] == 0 && q[3] == 255) continue;
        if (p[3] == 255) {
            memcpy(q, p, 4);
            continue;
        }
        float aA = p[3] / 255.0f, aB = q[3] / 255.0f;
        float aR = aA + aB * (1 - aA), t1 = 1 - aA;
        float out[4];
        for (int b = 0; b < 3; b++) {
            float v = p[b] / 255.0f * aA + t1 * (q[b] / 255.0f * aB);
            out[b] = aR == 0 ? 0 : v / aR * 255.0f;
        }
        out[3] = aR * 255.0f;
        for (int b = 0; b < 4; b++) q[b] = (unsigned char) (out[b] < 0 ? 0 : out[b] > 255 ? 255 : out[b]);
    }
}

// Rows an image is computed in on the calling thread: a strip bounds what a lazy pipeline holds.
#define CVIPS_STRIP_ROWS 64

// Why: "over" onto an opaque RGB canvas row (`RGBAPixels` holds an opaque canvas without its alpha
// band): the same arithmetic with the canvas's alpha 1, which leaves the result's alpha 255 for every
// layer alpha (checked for every byte value), so nothing is lost by not storing it.
static inline void cvips_blend_over_opaque_row(unsigned char *q, const unsigned char *p, int width) {
    for (int x = 0; x < width; x++, q += 3, p += 4) {
        if (p[3] == 0) continue;
        if (p[3] == 255) {
            memcpy(q, p, 3);
            continue;
        }
        float aA = p[3] / 255.0f, aB = 255 / 255.0f;
        float aR = aA + aB * (1 - aA), t1 = 1 - aA;
        for (int b = 0; b < 3; b++) {
            float v = p[b] / 255.0f * aA + t1 * (q[b] / 255.0f * aB);
            float out = aR == 0 ? 0 : v / aR * 255.0f;
            q[b] = (unsigned char) (out < 0 ? 0 : out > 255 ? 255 : out);
        }
    }
}

// How `cvips_draw_rows` puts a row down.
enum cvips_row_mode {
    CVIPS_ROW_COPY,        // the image's bytes as they are
    CVIPS_ROW_BLEND,       // RGBA over an RGBA canvas
    CVIPS_ROW_BLEND_OPAQUE // RGBA over an opaque RGB canvas
};

// Why: an image computed on the calling thread, a strip of rows at a time, each row put at
// `pixels + stride · y` as `mode` says. A view's layers are small and mostly in memory already: a
// threadpool sink cost more than the copy, and a second buffer more than the strip.
static inline int cvips_draw_rows(VipsImage *in, unsigned char *pixels, size_t stride, int mode) {
    VipsRegion *region = vips_region_new(in);
    if (region == NULL) return -1;
    size_t row = VIPS_IMAGE_SIZEOF_LINE(in);
    for (int top = 0; top < in->Ysize; top += CVIPS_STRIP_ROWS) {
        VipsRect strip = { 0, top, in->Xsize, VIPS_MIN(CVIPS_STRIP_ROWS, in->Ysize - top) };
        if (vips_region_prepare(region, &strip)) {
            g_object_unref(region);
            return -1;
        }
        for (int y = top; y < top + strip.height; y++) {
            unsigned char *to = pixels + stride * (size_t) y;
            const unsigned char *from = VIPS_REGION_ADDR(region, 0, y);
            switch (mode) {
            case CVIPS_ROW_BLEND: cvips_blend_over_row(to, from, in->Xsize); break;
            case CVIPS_ROW_BLEND_OPAQUE: cvips_blend_over_opaque_row(to, from, in->Xsize); break;
            default: memcpy(to, from, row);
            }
        }
    }
    g_object_unref(region);
    return 0;
}

// Why: an RGBA image computed on the calling thread into packed RGB rows at `rgb`, when every pixel
// is opaque: 1 then, 0 when some alpha is below 255 (the bytes written are then of no use), -1 on
// error. An opaque background becomes an RGB canvas in the one pass that copies it.
static inline int cvips_draw_opaque_rows(VipsImage *in, unsigned char *rgb) {
    VipsRegion *region = vips_region_new(in);
    if (region == NULL) return -1;
    int width = in->Xsize;
    unsigned char alpha = 255;
    for (int top = 0; top < in->Ysize && alpha == 255; top += CVIPS_STRIP_ROWS) {
        VipsRect strip = { 0, top, width, VIPS_MIN(CVIPS_STRIP_ROWS, in->Ysize - top) };
        if (vips_region_prepare(region, &strip)) {
            g_object_unref(region);
            return -1;
        }
        for (int y = top; y < top + strip.height; y++) {
            unsigned char *to = rgb + (size_t) width * 3 * (size_t) y;
            const unsigned char *from = VIPS_REGION_ADDR(region, 0, y);
            for (int x = 0; x < width; x++, to += 3, from += 4) {
                to[0] = from[0];
                to[1] = from[1];
                to[2] = from[2];
                alpha &= from[3];
            }
        }
    }
    g_object_unref(region);
    return alpha == 255;
}

// Why: whether `count` RGBA pixels are all opaque (alpha 255), to leave the alpha band out.
static inline int cvips_rgba_is_opaque(const unsigned char *pixels, size_t count) {
    unsigned char all = 255;
    for (size_t i = 0; i < count; i++) all &= pixels[4 * i + 3];
    return all == 255;
}

// Why: an RGBA canvas found opaque loses its alpha bytes in place: four pixels (16 bytes) at a time
// become 12; all four are read before any is written, and a group's 12 bytes end before the next
// group's 16 begin, so no write reaches unread bytes.
static inline void cvips_rgba_drop_alpha(unsigned char *pixels, size_t count) {
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        guint32 p[4], q[3];
        memcpy(p, pixels + 4 * i, 16);
        if (G_BYTE_ORDER == G_LITTLE_ENDIAN) {
            q[0] = (p[0] & 0xFFFFFF) | (p[1] << 24);
            q[1] = ((p[1] >> 8) & 0xFFFF) | (p[2] << 16);
            q[2] = ((p[2] >> 16) & 0xFF) | (p[3] << 8);
        } else {
            q[0] = (p[0] & 0xFFFFFF00) | ((p[1] >> 24) & 0xFF);
            q[1] = ((p[1] << 8) & 0xFFFF0000) | ((p[2] >> 16) & 0xFFFF);
            q[2] = ((p[2] << 16) & 0xFF000000) | ((p[3] >> 8) & 0xFFFFFF);
        }
        memcpy(pixels + 3 * i, q, 12);
    }
    for (; i < count; i++) {
        unsigned char *to = pixels + 3 * i;
        const unsigned char *from = pixels + 4 * i;
        to[0] = from[0];
        to[1] = from[1];
        to[2] = from[2];
    }
}

// Why: pixels made outside libvips (a canvas blended in memory, cairo's text) become an image without
// a copy: the image owns `pixels` (malloc'd, `bands` 3 or 4, packed) from here on, also when this
// fails, and frees them when it closes.
static inline int cvips_pixels_owning(VipsImage **out, unsigned char *pixels, int width, int height, int bands) {
    size_t count = (size_t) width * (size_t) height;
    *out = vips_image_new_from_memory(pixels, count * bands, width, height, bands, VIPS_FORMAT_UCHAR);
    if (*out == NULL) {
        free(pixels);
        return -1;
    }
    (*out)->Type = VIPS_INTERPRETATION_sRGB;
    g_signal_connect(*out, "postclose", G_CALLBACK(cvips_free_pixels), pixels);
    return 0;
}

// Why: cairo's pixels (native-endian premultiplied ARGB words: B, G, R, A bytes on this machine,
// rows `stride` bytes apart) as an 8-bit straight-alpha RGBA image, each colour rounded to the
// nearest of alpha's steps (c · 255 + a / 2) / a, clear pixels all zero. The image owns its pixels.
static inline int cvips_from_cairo_argb(VipsImage **out, const unsigned char *data, int width, int height, size_t stride) {
    size_t count = (size_t) width * (size_t) height;
    unsigned char *pixels = malloc(count * 4);
    if (pixels == NULL) {
        vips_error("cvips_from_cairo_argb", "out of memory");
        return -1;
    }
    for (int y = 0; y < height; y++) {
        const unsigned char *row = data + stride * (size_t) y;
        unsigned char *to = pixels + (size_t) width * 4 * (size_t) y;
        for (int x = 0; x < width; x++, row += 4, to += 4) {
            int alpha = row[3];
            if (alpha == 0) {
                memset(to, 0, 4);
                continue;
            }
            int red = (row[2] * 255 + alpha / 2) / alpha, green = (row[1] * 255 + alpha / 2) / alpha, blue = (row[0] * 255 + alpha / 2) / alpha;
            to[0] = red > 255 ? 255 : red;
            to[1] = green > 255 ? 255 : green;
            to[2] = blue > 255 ? 255 : blue;
            to[3] = alpha;
        }
    }
    return cvips_pixels_owning(out, pixels, width, height, 4);
}

// Why: pixels drawn outside libvips (cairo's surfaces pad rows to `stride` bytes) become an 8-bit
// image of their own: rows are packed into a copy, so the caller may free its buffer at once.
static inline int cvips_from_strided(VipsImage **out, const unsigned char *data, int width, int height, int bands,
                                     size_t stride) {
    size_t row = (size_t) width * bands;
    unsigned char *packed = (unsigned char *) data;
    if (stride != row) {
        packed = malloc(row * height);
        if (packed == NULL) {
            vips_error("cvips_from_strided", "out of memory");
            return -1;
        }
        for (int y = 0; y < height; y++) memcpy(packed + row * y, data + stride * y, row);
    }
    int result = cvips_from_memory(out, packed, row * height, width, height, bands);
    if (packed != data) free(packed);
    return result;
}

// Why: per-band a·x + b (colour matrices' offsets, opacity, contrast); the result is float.
static inline int cvips_linear(VipsImage *in, VipsImage **out, const double *a, const double *b, int n) {
    return vips_linear(in, out, a, b, n, NULL);
}

// Why: a colour matrix (rows × columns = out bands × in bands) applied to every pixel; the matrix
// is built as a libvips matrix image here so Swift passes plain numbers.
static inline int cvips_recomb(VipsImage *in, VipsImage **out, const double *matrix, int rows, int columns) {
    VipsImage *m = vips_image_new_matrix_from_array(columns, rows, matrix, rows * columns);
    if (m == NULL) return -1;
    int result = vips_recomb(in, out, m, NULL);
    g_object_unref(m);
    return result;
}

// Why: min_ampl is optional; it decides where the Gaussian mask is cut (0.002 keeps long, soft tails).
static inline int cvips_gaussblur(VipsImage *in, VipsImage **out, double sigma, double min_ampl) {
    return vips_gaussblur(in, out, sigma, "min_ampl", min_ampl, NULL);
}

static inline int cvips_bandjoin2(VipsImage *a, VipsImage *b, VipsImage **out) { return vips_bandjoin2(a, b, out, NULL); }
static inline int cvips_multiply(VipsImage *a, VipsImage *b, VipsImage **out) { return vips_multiply(a, b, out, NULL); }

// Test support from here to cvips_set_orientation: called only by the VipsTestSupport target
// (static inline, so nothing of them is compiled into the service).
// Why: saving with metadata kept (tests write EXIF orientation and ICC into their fixtures).
static inline int cvips_jpegsave_keep(VipsImage *in, void **buf, size_t *len, int quality) {
    return vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", FALSE, NULL);
}

// Why: fixtures of each JPEG layout the scaled decoder takes (chroma subsampled or not at any
// quality, restart markers every `restart_interval` MCUs; 0 for none), with optimised Huffman tables
// or the standard ones.
static inline int cvips_jpegsave_layout(VipsImage *in, void **buf, size_t *len, int quality, int subsampled, int restart_interval, int optimized) {
    return vips_jpegsave_buffer(in, buf, len, "Q", quality, "subsample_mode", subsampled ? VIPS_FOREIGN_SUBSAMPLE_ON : VIPS_FOREIGN_SUBSAMPLE_OFF,
                                "restart_interval", restart_interval, "optimize_coding", optimized, "strip", TRUE, NULL);
}

static inline int cvips_pngsave_keep(VipsImage *in, void **buf, size_t *len) {
    return vips_pngsave_buffer(in, buf, len, "strip", FALSE, NULL);
}

// Why: decoding encoded bytes in memory (tests read back what the encoder wrote); with `all_pages`,
// every frame of an animation stacked top to bottom (tests count the frames the encoder wrote; `n` is
// an option of the GIF and WebP loaders only, so it is passed only then).
static inline int cvips_load_buffer(const void *data, size_t size, int all_pages, VipsImage **out) {
    // The image decodes lazily, after the caller's buffer may be gone: it reads from a copy that the
    // source (and so the image) keeps alive.
    VipsBlob *blob = vips_blob_copy(data, size);
    VipsSource *source = vips_source_new_from_blob(blob);
    vips_area_unref(VIPS_AREA(blob));
    if (source == NULL) return -1;
    *out = all_pages ? vips_image_new_from_source(source, "", "n", -1, NULL) : vips_image_new_from_source(source, "", NULL);
    g_object_unref(source);
    return *out == NULL ? -1 : 0;
}

// Why: test fixtures tagged with another colour space: sRGB pixels converted through lcms to
// `profile` (a libvips built-in such as "p3" or "cmyk", or an ICC file), which the result then carries.
static inline int cvips_icc_convert(VipsImage *in, VipsImage **out, const char *profile) {
    return vips_icc_transform(in, out, profile, "input_profile", "srgb", "intent", VIPS_INTENT_RELATIVE, "depth", 8, NULL);
}

// Why: writes an EXIF orientation into the metadata of a copy (test fixtures for autorotation).
static inline int cvips_set_orientation(VipsImage *in, VipsImage **out, int exif_orientation) {
    if (vips_copy(in, out, NULL)) return -1;
    vips_image_set_int(*out, VIPS_META_ORIENTATION, exif_orientation);
    return 0;
}

static inline int cvips_addalpha(VipsImage *in, VipsImage **out) { return vips_addalpha(in, out, NULL); }

// Why: a new image over the same pixels, whose kill flag (a deadline's cancel) is its own.
static inline int cvips_copy(VipsImage *in, VipsImage **out) { return vips_copy(in, out, NULL); }

static inline int cvips_copy_memory(VipsImage *in, VipsImage **out) {
    *out = vips_image_copy_memory(in);
    return *out == NULL ? -1 : 0;
}

static inline int cvips_min(VipsImage *in, double *out) { return vips_min(in, out, NULL); }

// Why: a fully transparent pixel's colour is never seen, but an encoder still stores it: zeroing it
// (alpha 0 → every band 0) lets PNG, WebP and AVIF compress those areas to almost nothing. The
// helper images belong to `base`; `out` keeps its own references to what it reads.
static inline int cvips_zero_transparent_colour(VipsImage *in, VipsImage **out) {
    VipsImage *base = vips_image_new();
    VipsImage **t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(base), 4);
    int result = vips_extract_band(in, &t[0], in->Bands - 1, NULL)
        || vips_relational_const1(t[0], &t[1], VIPS_OPERATION_RELATIONAL_MORE, 0, NULL)
        || vips_black(&t[2], in->Xsize, in->Ysize, "bands", in->Bands, NULL)
        || vips_cast(t[2], &t[3], in->BandFmt, NULL)
        || vips_ifthenelse(t[1], in, t[3], out, NULL);
    g_object_unref(base);
    return result;
}

// Why: vips_find_trim is variadic and takes its background as a VipsArrayDouble; an image with
// alpha is flattened onto that background before the search.
static inline int cvips_find_trim(VipsImage *in, double threshold, const double *background, int n, int *left, int *top, int *width, int *height) {
    VipsArrayDouble *colour = vips_array_double_new(background, n);
    int result = vips_find_trim(in, left, top, width, height, "threshold", threshold, "background", colour, NULL);
    vips_area_unref(VIPS_AREA(colour));
    return result;
}

// Why: vips_smartcrop is variadic, and what we need of it is where the crop lies, not its pixels:
// the output's offsets are minus the crop's top-left. The analysis runs when the operation is built.
static inline int cvips_smartcrop_origin(VipsImage *in, int width, int height, VipsInteresting interesting, int *left, int *top) {
    VipsImage *out = NULL;
    if (vips_smartcrop(in, &out, width, height, "interesting", interesting, NULL)) return -1;
    *left = -out->Xoffset;
    *top = -out->Yoffset;
    g_object_unref(out);
    return 0;
}

// Why: libvips 8.14's webpsave writes EXIF even with "strip"; removing the metadata fields from the
// image itself keeps every encoder from seeing them.
static inline int cvips_without_metadata(VipsImage *in, VipsImage **out) {
    if (vips_copy(in, out, NULL)) return -1;
    gchar **fields = vips_image_get_fields(*out);
    for (int i = 0; fields[i] != NULL; i++) {
        const char *name = fields[i];
        if (strcmp(name, VIPS_META_EXIF_NAME) == 0 || strcmp(name, VIPS_META_XMP_NAME) == 0 ||
            strcmp(name, VIPS_META_IPTC_NAME) == 0 || strcmp(name, VIPS_META_ICC_NAME) == 0 ||
            strcmp(name, VIPS_META_PHOTOSHOP_NAME) == 0 || strcmp(name, VIPS_META_ORIENTATION) == 0 ||
            strncmp(name, "exif-", 5) == 0 || strncmp(name, "png-comment-", 12) == 0)
            vips_image_remove(*out, name);
    }
    g_strfreev(fields);
    return 0;
}

// Why: fuzzing harnesses treat a GLib critical (a failed g_return_if_fail precondition inside
// libvips) as a crash, and GObject's warnings too (an argument out of a property's range, such as a
// 0-pixel width, is our bug); libvips's own warnings (a corrupt tile) stay warnings.
static inline void cvips_make_criticals_fatal(void) {
    g_log_set_always_fatal((GLogLevelFlags) (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR));
    g_log_set_fatal_mask("GLib-GObject", (GLogLevelFlags) (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR));
}

// Why: bounds on libvips's own memory (operation cache) and threads per image.
static inline void cvips_bound_resources(size_t cache_memory, int concurrency) {
    vips_cache_set_max_mem(cache_memory);
    if (concurrency > 0) vips_concurrency_set(concurrency);
}

// The savers below take `keep`, libvips's VipsForeignKeep flags (8.15+): 0 writes no metadata (as
// "strip" did); the encoder passes EXIF | XMP | IPTC only when it has put on the image the fields the
// request keeps (`cvips_keep_metadata`), so an output without any stays byte-identical.
// Why `subsample`: VipsForeignSubsample (0 auto: 4:2:0 below Q 90; 1 always 4:2:0; 2 never, 4:4:4).
static inline int cvips_jpegsave(VipsImage *in, void **buf, size_t *len, int quality, int progressive, int subsample, int keep) {
    return vips_jpegsave_buffer(in, buf, len, "Q", quality, "interlace", progressive, "optimize_coding", TRUE,
                                "subsample_mode", (VipsForeignSubsample) subsample, "keep", (VipsForeignKeep) keep, NULL);
}

// Why: `bitdepth` is optional; 16 keeps a 16-bit image's samples (colormode=extendedLinear), any
// other value leaves libvips's default (8 bits for 8-bit images), so those files stay byte-identical.
static inline int cvips_pngsave(VipsImage *in, void **buf, size_t *len, int bitdepth, int interlace, int keep) {
    if (bitdepth == 16)
        return vips_pngsave_buffer(in, buf, len, "compression", 6, "bitdepth", 16, "interlace", interlace, "keep", (VipsForeignKeep) keep, NULL);
    return vips_pngsave_buffer(in, buf, len, "compression", 6, "interlace", interlace, "keep", (VipsForeignKeep) keep, NULL);
}

// Why: a palette PNG quantised by libvips (libimagequant) to 2^`index_depth` colours at most, with
// `dither` (0–1) error diffusion; the index depth is the file's bit depth (1, 2, 4 or 8).
static inline int cvips_pngsave_palette(VipsImage *in, void **buf, size_t *len, int index_depth, double dither, int interlace, int keep) {
    return vips_pngsave_buffer(in, buf, len, "compression", 6, "palette", TRUE, "bitdepth", index_depth, "dither", dither,
                               "interlace", interlace, "keep", (VipsForeignKeep) keep, NULL);
}

static inline int cvips_webpsave(VipsImage *in, void **buf, size_t *len, int quality, int lossless, int keep) {
    return vips_webpsave_buffer(in, buf, len, "Q", quality, "lossless", lossless, "keep", (VipsForeignKeep) keep, NULL);
}

// Why `subsample`: as for JPEG; a lossless AVIF is always 4:4:4 (libvips sets it).
static inline int cvips_avifsave(VipsImage *in, void **buf, size_t *len, int quality, int lossless, int subsample, int keep) {
    return vips_heifsave_buffer(in, buf, len, "Q", quality, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
                                "effort", 2, "lossless", lossless, "subsample_mode", (VipsForeignSubsample) subsample,
                                "keep", (VipsForeignKeep) keep, NULL);
}

// Tests only: AVIF at a bit depth of 8, 10 or 12 (a 16-bit image keeps its depth), fastest effort.
static inline int cvips_avifsave_depth(VipsImage *in, void **buf, size_t *len, int bitdepth) {
    return vips_heifsave_buffer(in, buf, len, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "bitdepth", bitdepth, "effort", 0, NULL);
}

// Why: JPEG XL at libjxl effort 4: on 4 MP, 0.2 CPU-s against 1.8 at the default effort 7, for
// bytes within 1 % (libvips 8.16, libjxl 0.11). Lossy at `Q` like the other formats, or lossless.
static inline int cvips_jxlsave(VipsImage *in, void **buf, size_t *len, int quality, int lossless, int keep) {
    return vips_jxlsave_buffer(in, buf, len, "Q", quality, "effort", 4, "lossless", lossless, "keep", (VipsForeignKeep) keep, NULL);
}

static inline int cvips_gifsave(VipsImage *in, void **buf, size_t *len, double dither) {
    return vips_gifsave_buffer(in, buf, len, "dither", dither, "strip", TRUE, NULL);
}

// Why: an unsharp mask of the lightness (libvips converts to LabS and back, alpha kept) with only σ
// set, libvips's other parameters at their defaults (as imgproxy's and sharp's `sharpen`).
static inline int cvips_sharpen(VipsImage *in, VipsImage **out, double sigma) {
    return vips_sharpen(in, out, "sigma", sigma, NULL);
}

// Why: `meta=all`: `in` (stripped) copied with the metadata fields of `source` (a source image's
// header) that the output keeps: its EXIF block and every `exif-ifdN-` field (GPS included; libvips
// writes a field's value back into the block only where it changed), XMP and IPTC. The orientation is
// set to 1 (the pixels are upright; libvips writes it into the block), and the EXIF thumbnail is not
// copied. `kept` says whether anything was.
static inline int cvips_keep_all_metadata(VipsImage *in, VipsImage *source, VipsImage **out, int *kept) {
    *kept = 0;
    if (vips_copy(in, out, NULL)) return -1;
    gchar **fields = vips_image_get_fields(source);
    for (int i = 0; fields[i] != NULL; i++) {
        const char *name = fields[i];
        int wanted = strcmp(name, VIPS_META_EXIF_NAME) == 0 || strcmp(name, VIPS_META_XMP_NAME) == 0 ||
                     strcmp(name, VIPS_META_IPTC_NAME) == 0 ||
                     (strncmp(name, "exif-ifd", 8) == 0 && strcmp(name, "exif-ifd0-Orientation") != 0);
        if (!wanted) continue;
        GValue value = G_VALUE_INIT;
        if (vips_image_get(source, name, &value) == 0) {
            vips_image_set(*out, name, &value);
            g_value_unset(&value);
            *kept = 1;
        }
    }
    g_strfreev(fields);
    if (*kept) vips_image_set_int(*out, VIPS_META_ORIENTATION, 1);
    return 0;
}

// Why: a blob field is read through vips_image_get_blob's out-parameters; NULL when there is none.
static inline const void *cvips_blob(VipsImage *image, const char *name, size_t *length) {
    const void *data = NULL;
    *length = 0;
    if (vips_image_get_typeof(image, name) == 0 || vips_image_get_blob(image, name, &data, length)) return NULL;
    return data;
}

// Why: `meta=copyright`: a copy of `in` (stripped) whose only metadata is `exif`, an EXIF block (with
// its "Exif\0\0" header) built by the caller, and orientation 1. libvips 8.16 neither drops the tags
// of a copied block that have no field nor writes a field's bare text unchanged (it appends its own
// description), so the block is made without them rather than copied and pruned.
static inline int cvips_with_exif(VipsImage *in, VipsImage **out, const void *exif, size_t length) {
    if (vips_copy(in, out, NULL)) return -1;
    vips_image_set_blob_copy(*out, VIPS_META_EXIF_NAME, exif, length);
    vips_image_set_int(*out, VIPS_META_ORIENTATION, 1);
    return 0;
}

// Why: the ICC profile's presence decides between an ICC transform and a plain colourspace change.
static inline int cvips_has_icc(VipsImage *image) {
    return vips_image_get_typeof(image, VIPS_META_ICC_NAME) != 0;
}

// Why: the ICC blob is read through vips_image_get_blob's out-parameters; NULL when there is none.
// The bytes belong to the image and stay valid while it lives.
static inline const void *cvips_icc_bytes(VipsImage *image, size_t *length) {
    const void *data = NULL;
    *length = 0;
    if (vips_image_get_typeof(image, VIPS_META_ICC_NAME) == 0) return NULL;
    if (vips_image_get_blob(image, VIPS_META_ICC_NAME, &data, length) != 0) return NULL;
    return data;
}

// Why: animated GIF and WebP files hold several pages (frames); `page` and `n` are options of those
// loaders only (n = -1: every page from `page` on, stacked top to bottom, with "page-height"), so
// they are passed only to them. `webp_scale` < 1 is WebP shrink-on-load, as in cvips_load_source.
static inline int cvips_load_pages(VipsSource *source, VipsImage **out, int page, int n, double webp_scale, int sequential) {
    const char *loader = vips_foreign_find_load_source(source);
    VipsAccess access = sequential ? VIPS_ACCESS_SEQUENTIAL : VIPS_ACCESS_RANDOM;
    if (loader == NULL) return -1;
    if (strstr(loader, "Webp") != NULL)
        return vips_webpload_source(source, out, "page", page, "n", n, "scale", webp_scale > 0 && webp_scale < 1 ? webp_scale : 1.0,
                                    "access", access, "fail_on", VIPS_FAIL_ON_WARNING, NULL);
    if (strstr(loader, "gif") != NULL)
        return vips_gifload_source(source, out, "page", page, "n", n, "access", access, "fail_on", VIPS_FAIL_ON_WARNING, NULL);
    vips_error("cvips_load_pages", "%s has no pages", loader);
    return -1;
}

// Why: integer header fields ("n-pages", "loop", "page-height") read without GValue handling;
// `fallback` when the field is missing.
static inline int cvips_get_int_or(VipsImage *image, const char *name, int fallback) {
    int value = fallback;
    if (vips_image_get_typeof(image, name) == 0 || vips_image_get_int(image, name, &value)) return fallback;
    return value;
}

// Why: the "delay" field is a VipsArrayInt read through out-parameters; the ints belong to the
// image and stay valid while it lives. NULL (and 0) when there is none.
static inline const int *cvips_get_int_array(VipsImage *image, const char *name, int *count) {
    int *values = NULL;
    *count = 0;
    if (vips_image_get_typeof(image, name) == 0 || vips_image_get_array_int(image, name, &values, count)) return NULL;
    return values;
}

// Why: the encoders (gifsave, webpsave) write an animation when "page-height" divides the height,
// with "delay" (ms per frame) and "loop" (0 = forever); a copy's header may be changed. With
// `page_height` <= 0 the fields are removed instead, so a still image carries no frame timing of the
// source it was drawn from.
static inline int cvips_set_pages(VipsImage *in, VipsImage **out, int page_height, const int *delays, int count, int loop) {
    if (vips_copy(in, out, NULL)) return -1;
    if (page_height <= 0) {
        static const char *fields[] = { VIPS_META_PAGE_HEIGHT, VIPS_META_N_PAGES, "delay", "loop", "gif-delay", "gif-loop" };
        for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) vips_image_remove(*out, fields[i]);
        return 0;
    }
    vips_image_set_int(*out, VIPS_META_PAGE_HEIGHT, page_height);
    vips_image_set_array_int(*out, "delay", delays, count);
    vips_image_set_int(*out, "loop", loop);
    vips_image_remove(*out, "gif-delay");
    vips_image_remove(*out, "gif-loop");
    return 0;
}

// Why: vips_arrayjoin takes a C array of images and optional arguments; one column stacks frames
// top to bottom, the layout the encoders read as pages.
static inline int cvips_stack(VipsImage **in, int n, VipsImage **out) {
    return vips_arrayjoin(in, out, n, "across", 1, NULL);
}

// Why: header fields are C macros or GObject properties; these read them without casts.
static inline int cvips_width(VipsImage *image) { return vips_image_get_width(image); }
static inline int cvips_height(VipsImage *image) { return vips_image_get_height(image); }
static inline int cvips_bands(VipsImage *image) { return vips_image_get_bands(image); }
static inline VipsBandFormat cvips_format(VipsImage *image) { return vips_image_get_format(image); }
static inline VipsInterpretation cvips_interpretation(VipsImage *image) { return vips_image_get_interpretation(image); }

#endif
