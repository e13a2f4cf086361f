// DCT-scaled JPEG decoding with libjpeg-turbo, on the calling thread.
//
// Why: shrink-on-load is most of a thumbnail's cost. Through libvips's loader, a 1/8 decode is
// handed between the render thread and a libvips worker strip by strip; decoding straight into one
// buffer here costs the Huffman decoding and nothing else, and the buffer then enters libvips as a
// memory image for the resampling and encoding. A 1/8 decode of a baseline image skips even most of
// libjpeg's Huffman decoding (cjpeg_eighth.c), for the same bytes.
#ifndef IMGFRAME_CJPEG_SCALED_H
#define IMGFRAME_CJPEG_SCALED_H

#include <stddef.h>
#include <stdint.h>

/// The DCT coefficients of a JPEG file's scan as libjpeg decoded them, kept compactly by a
/// `cjpeg_decode_scaled` at 1/2 or 1/4 when asked (cjpeg_coefficients.c): a later decode of the same
/// file at any scale takes its blocks from them instead of Huffman-decoding the file again, for the
/// same pixels. Read-only once made, so decodes on several threads may share one.
typedef struct cjpeg_coefficients cjpeg_coefficients;

/// Bytes `kept` holds.
size_t cjpeg_coefficients_bytes(const cjpeg_coefficients *kept);

/// Frees `kept` (NULL: nothing).
void cjpeg_coefficients_free(cjpeg_coefficients *kept);

/// What `cjpeg_decode_scaled` gives back.
typedef struct {
    /// malloc'd, `width * height * bands` bytes, rows top to bottom; the caller frees it.
    unsigned char *pixels;
    int width, height;
    /// 3 (RGB) or 1 (grey).
    int bands;
    /// The image's full size, from its header.
    int source_width, source_height;
    /// malloc'd embedded ICC profile (APP2 markers joined), or NULL; the caller frees it.
    unsigned char *icc;
    unsigned int icc_length;
    /// 1 when the blocks came from the `kept` coefficients given, 0 when from the file.
    int replayed;
    /// Why a decode failed (libjpeg's text), NUL-terminated.
    char message[200];
} cjpeg_scaled;

/// Options of `cjpeg_decode_scaled`.
enum {
    /// Decode with libjpeg alone, also at 1/8 (the reference the 1/8 decoder is tested against).
    CJPEG_LIBJPEG_ONLY = 1,
};

enum {
    CJPEG_OK = 0,
    /// Not a file this decoder takes (CMYK or YCCK colour, not 8 bits per sample): use another loader.
    CJPEG_UNSUPPORTED = 1,
    /// Corrupt or truncated data, or a libjpeg warning (treated as an error, as libvips's
    /// `fail_on=warning` does); `message` says which.
    CJPEG_FAILED = 2,
    /// The deadline passed before the decode finished.
    CJPEG_TIMED_OUT = 3,
    /// The decoded size is over `max_pixels`.
    CJPEG_TOO_LARGE = 4,
};

/// Decodes the JPEG file open at `fd` (read with pread from offset 0; the file offset is untouched)
/// at 1/`denominator` (1, 2, 4 or 8; libjpeg rounds the sizes up), as RGB or grey. Gives up with
/// CJPEG_TIMED_OUT once CLOCK_MONOTONIC passes `deadline_ns` (0: no deadline), and with
/// CJPEG_TOO_LARGE when the image is over `max_source_pixels`, the output would exceed `max_pixels`,
/// or the file has more than `max_scans` progressive scans (all checked before pixels are decoded,
/// except the scans). `options`: 0, or CJPEG_LIBJPEG_ONLY. On anything but CJPEG_OK, `out` holds no
/// allocations.
///
/// With `kept` (coefficients an earlier decode of this file kept), the scan's blocks come from them
/// when they match the file's frame, scan and tables (`out->replayed`); the file's bytes past its
/// headers are not read. With `captured` and no `kept`, a decode at 1/2 or 1/4 of a file of one scan
/// keeps its coefficients in `*captured` (NULL when they would pass `max_capture_bytes` or the file
/// has several scans); the caller frees them with cjpeg_coefficients_free.
int cjpeg_decode_scaled(int fd, int denominator, int64_t deadline_ns, int64_t max_source_pixels, int64_t max_pixels,
                        int max_scans, int options, const cjpeg_coefficients *kept, size_t max_capture_bytes,
                        cjpeg_coefficients **captured, cjpeg_scaled *out);

#endif
