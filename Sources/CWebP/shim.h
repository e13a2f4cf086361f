// libwebp's encoder (Debian's libwebp-dev), for still WebP images written with settings libvips's
// webpsave does not take. Imported only by Vips. WebPConfigInit and WebPPictureInit are inline
// functions over a versioned call, which Swift imports as they are.
#ifndef IMGFRAME_CWEBP_SHIM_H
#define IMGFRAME_CWEBP_SHIM_H

#include <webp/encode.h>

#endif
