// The statistics pass of JPEG encodes with optimised Huffman tables, counted by cjpeg_statistics.c
// for the same tables as libjpeg's, in every encode of the process.
#ifndef IMGFRAME_CJPEG_STATISTICS_H
#define IMGFRAME_CJPEG_STATISTICS_H

/// Whether encodes the calling thread starts from now on count their statistics in
/// cjpeg_statistics.c (1, the default) or leave them to libjpeg (0). Either way gives the same
/// bytes; the tests and the JPEG fuzzer compare the two.
void cjpeg_statistics_set_enabled(int on);

/// How many encodes the calling thread started had their statistics counted in cjpeg_statistics.c.
unsigned long cjpeg_statistics_passes(void);

#endif
