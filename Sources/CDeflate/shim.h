// libdeflate (Debian's libdeflate-dev): whole-buffer DEFLATE in zlib framing and CRC-32, for the PNG
// writer. Imported only by Vips.
#ifndef IMGFRAME_CDEFLATE_SHIM_H
#define IMGFRAME_CDEFLATE_SHIM_H

#include <libdeflate.h>

#endif
