// cairo's C API, imported only by the Render module's `ShapeRasterizer`.
//
// Why a module of its own: cairo's functions take fixed arguments, so Swift calls them directly and
// this header needs no wrappers; libvips already links libcairo, so using it adds nothing at run
// time. Keeping it apart from CVips keeps the Vips module free of path geometry.
#ifndef IMGFRAME_CCAIRO_SHIM_H
#define IMGFRAME_CCAIRO_SHIM_H

#include <cairo.h>

#endif
