// The 1/8 decode of a baseline JPEG's scan, without libjpeg's entropy decoder; see cjpeg_eighth.c.
#ifndef IMGFRAME_CJPEG_EIGHTH_H
#define IMGFRAME_CJPEG_EIGHTH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include <jpeglib.h>

enum {
    EIGHTH_OK = 0,
    /// Not a file this decoder takes, or data libjpeg might warn about: libjpeg decodes it instead.
    EIGHTH_DECLINED = 1,
    /// The deadline passed.
    EIGHTH_TIMED_OUT = 2,
};

/// Whether `cinfo` (after jpeg_read_header) is an image this decoder may take: one interleaved
/// baseline scan of 8-bit grey, or YCbCr at 4:4:4 or 4:2:0.
int cjpeg_eighth_takes(j_decompress_ptr cinfo);

/// Decodes the scan whose entropy-coded bytes start at `scan_offset` in the file open at `fd` (just
/// after the SOS header; read with pread) at 1/8 into `pixels` (cinfo->output_width × output_height
/// × 3 for RGB or × 1 for grey), the same bytes libjpeg gives. Gives EIGHTH_DECLINED for anything
/// libjpeg could warn about (corrupt, truncated, misplaced restart markers), and EIGHTH_TIMED_OUT
/// once CLOCK_MONOTONIC passes `deadline_ns` (0: none).
int cjpeg_decode_eighth(j_decompress_ptr cinfo, int fd, off_t scan_offset, int64_t deadline_ns, uint8_t *pixels);

#endif
