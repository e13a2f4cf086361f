// libvips's resize with a faster horizontal reduce for 8-bit RGB: the same bytes as vips_resize.
#ifndef CRESAMPLE_H
#define CRESAMPLE_H

#include <vips/vips.h>
#include <vips/vector.h>

/// vips_resize(in, out, hscale, "vscale", vscale, "kernel", kernel, "gap", gap): the same pixels,
/// byte for byte. A lanczos3 reduction runs vips_resize's two steps itself, libvips's vertical reduce
/// and then `cresample_reduceh` (which hands what it does not cover to libvips's own); anything else
/// (other kernels, enlargements) is vips_resize. 0 on success, -1 with libvips's error buffer set.
int cresample_resize(VipsImage *in, VipsImage **out, double hscale, double vscale, VipsKernel kernel, double gap);

/// libvips's `vips_reduceh(in, out, hshrink, "kernel", VIPS_KERNEL_LANCZOS3, "gap", gap)` for an
/// 8-bit 3-band image, byte for byte, two rows at a time with AVX2 (libvips's vector path computes
/// one pixel of one row at a time). Falls back to vips_reduceh where it does not apply (another
/// format, no AVX2, a factor needing a box pre-shrink, libvips's vector path turned off).
int cresample_reduceh(VipsImage *in, VipsImage **out, double hshrink, double gap);

/// Whether `cresample_reduceh` would take its own path for this image and factor (tests).
int cresample_reduceh_applies(VipsImage *in, double hshrink, double gap);

#endif
