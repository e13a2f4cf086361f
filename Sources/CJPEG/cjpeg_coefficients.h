// Keeping a JPEG scan's DCT coefficients while libjpeg decodes it, and decoding from kept ones; see
// cjpeg_coefficients.c.
#ifndef IMGFRAME_CJPEG_COEFFICIENTS_H
#define IMGFRAME_CJPEG_COEFFICIENTS_H

#include <stddef.h>
#include <stdio.h>

#include <jpeglib.h>

#include "cjpeg_scaled.h"

/// Whether the decode `cinfo` is set up for (after jpeg_start_decompress) can keep its coefficients:
/// one scan holding every component, decoded at 1/2 or 1/4 or full size (at 1/8 libjpeg skips the
/// AC coefficients).
int cjpeg_capture_applies(j_decompress_ptr cinfo);

/// Wraps libjpeg's entropy decoder and inverse DCTs (after jpeg_start_decompress) so that every
/// block it decodes is also kept, in what this returns (the caller frees it, also when the decode
/// fails), until the kept data would pass `max_bytes`. NULL, and nothing wrapped, when even the
/// blocks' masks would pass it or memory is short.
cjpeg_coefficients *cjpeg_capture_start(j_decompress_ptr cinfo, size_t max_bytes);

/// After the decode's last row: true when `kept` holds every block of the scan; false when the
/// capture passed its limit.
int cjpeg_capture_complete(cjpeg_coefficients *kept);

/// Replaces libjpeg's entropy decoder (after jpeg_start_decompress) with one that hands out `kept`'s
/// blocks, when they are this file's: the same frame, sampling, scan and quantisation tables.
/// False (nothing replaced) otherwise.
int cjpeg_replay_start(j_decompress_ptr cinfo, const cjpeg_coefficients *kept);

#endif
